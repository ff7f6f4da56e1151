# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Work divisions: valid_workdiv()."""

from __future__ import annotations

from typing import Any

from . import _core
from ._core import Device, WorkDiv
from ._devices import as_device


def valid_workdiv(
    device: Device | str,
    grid_elems: Any,
    thread_elems: Any = None,
    block_threads_must_divide: bool = True,
    restrictions: str = "unrestricted",
) -> WorkDiv:
    """alpaka's getValidWorkDiv for ``device``'s back-end.

    ``grid_elems`` elements (an int or a tuple in [z][y][x] order) with ``thread_elems`` per thread are divided
    into blocks the back-end supports. ``thread_elems=None`` (the default), or a component of 0, lets the back-end
    choose: one element per thread on a GPU; on a CPU a few long contiguous runs per core, which vectorize and stream
    best (each thread's element loop is then one counted loop). Give ``thread_elems`` explicitly for a kernel that
    indexes elements by its thread index alone. ``block_threads_must_divide`` asks for block extents that divide
    the grid's thread extents; ``restrictions`` is ``"unrestricted"``, ``"equal_extent"`` or
    ``"close_to_equal_extent"``.
    """
    return _core.valid_workdiv(as_device(device), grid_elems, thread_elems, block_threads_must_divide, restrictions)
