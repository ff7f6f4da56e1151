# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Property tests of pk.WorkDiv and pk.valid_workdiv arguments: any Python value gives either the work division an
oracle predicts or the TypeError/ValueError that names the argument; valid_workdiv's answer always covers the grid
within the device's limits, up to extents of 2**64 - 1."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyalpaka as pk

NAMES = ("grid_blocks", "block_threads", "thread_elems")

INTS = st.integers(0, 300) | st.integers(-(2**70), 2**70) | st.sampled_from([2**64 - 1, 2**64, 2**63, -1])
COMPONENT = (
    INTS
    | INTS.filter(lambda v: 0 <= v < 2**63).map(np.int64)
    | st.integers(0, 255).map(np.uint8)
    | st.booleans()
    | st.floats(allow_nan=True)
    | st.sampled_from(["1", None, b"2", 1j, [1]])
)
EXTENT = COMPONENT | st.lists(COMPONENT, max_size=4) | st.lists(COMPONENT, max_size=4).map(tuple) | st.just({1: 1})


def is_int(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def expected_extent(value, name):
    """(tuple of ints, None) or (None, (exception type, message start)) as the bindings define extents."""
    bad_type = (TypeError, f"{name} must be an int or a tuple of ints, got {value!r}")
    if is_int(value):
        items = [value]
    elif isinstance(value, (list, tuple)):
        if not 1 <= len(value) <= 3:
            return None, (ValueError, f"{name} must have 1 to 3 components, got {value!r}")
        items = list(value)
    else:
        return None, bad_type
    for item in items:
        if not is_int(item):
            return None, bad_type
        if int(item) < 0:
            return None, (ValueError, f"{name} must not be negative, got {value!r}")
        if int(item) >= 2**64:
            return None, (ValueError, f"{name} must be below 2**64, got {value!r}")
    return tuple(int(i) for i in items), None


def expected_workdiv(grid, block, elems):
    extents = []
    for value, name in zip((grid, block, elems), NAMES):
        if value is None and name != "grid_blocks":
            extents.append(None)
            continue
        extent, error = expected_extent(value, name)
        if error:
            return None, error
        extents.append(extent)
    dim = len(extents[0])
    extents = [e if e is not None else (1,) * dim for e in extents]
    if any(len(e) != dim for e in extents):
        return None, (ValueError, "grid_blocks, block_threads and thread_elems must have the same number of dimensions")
    if any(v == 0 for e in extents for v in e):
        return None, (ValueError, "every extent of a work division must be at least 1")
    return extents, None


@settings(max_examples=400, deadline=None)
@given(grid=EXTENT, block=st.none() | EXTENT, elems=st.none() | EXTENT)
@example(grid=(2**64,), block=None, elems=None)
@example(grid=2**64 - 1, block=[np.uint8(3)], elems=(True,))
def test_workdiv_arguments(grid, block, elems):
    expected, error = expected_workdiv(grid, block, elems)
    if error:
        with pytest.raises(error[0]) as info:
            pk.WorkDiv(grid, block, elems)
        assert str(info.value).startswith(error[1]), (str(info.value), error[1])
        return
    wd = pk.WorkDiv(grid, block, elems)
    assert (wd.grid_blocks, wd.block_threads, wd.thread_elems) == tuple(expected)
    assert wd.dim == len(expected[0])
    assert pickle.loads(pickle.dumps(wd)) == wd and hash(pickle.loads(pickle.dumps(wd))) == hash(wd)
    assert eval(repr(wd), {"WorkDiv": pk.WorkDiv}) == wd  # noqa: S307 (the repr is a constructor call)


def covers_within_limits(device, grid, wd) -> None:
    props = device.props_for(len(grid))
    assert wd.dim == len(grid)
    # Grids of 2**64 elements or more exceed what the counts of one launch can cover (each at most 2**64 - 1): the
    # kernel's element loops stride over them. Smaller ones (any real launch's) are covered.
    covered = math.prod(grid) < 2**64
    for i, extent in enumerate(grid):
        assert not covered or wd.grid_blocks[i] * wd.block_threads[i] * wd.thread_elems[i] >= extent, (grid, wd)
        assert wd.grid_blocks[i] <= props["grid_block_extent_max"][i], (wd, props)
        assert wd.block_threads[i] <= props["block_thread_extent_max"][i], (wd, props)
        assert wd.thread_elems[i] <= props["thread_elem_extent_max"][i], (wd, props)
    assert math.prod(wd.block_threads) <= props["block_thread_count_max"], (wd, props)
    assert math.prod(wd.thread_elems) <= props["thread_elem_count_max"], (wd, props)
    assert math.prod(wd.grid_blocks) <= props["grid_block_count_max"], (wd, props)
    assert min(wd.grid_blocks + wd.block_threads + wd.thread_elems) >= 1, wd


GRID_COMPONENT = st.integers(1, 5000) | st.integers(1, 2**64 - 1)


@settings(max_examples=200, deadline=None)
@given(
    grid=st.lists(GRID_COMPONENT, min_size=1, max_size=3),
    elems=st.none() | st.lists(st.integers(0, 64) | st.integers(0, 2**64 - 1), min_size=1, max_size=3),
    must_divide=st.booleans(),
    restrictions=st.sampled_from(["unrestricted", "equal_extent", "close_to_equal_extent"]),
)
@example(grid=[2**64 - 1], elems=[2], must_divide=True, restrictions="unrestricted")
@example(grid=[2**64 - 1] * 3, elems=None, must_divide=False, restrictions="equal_extent")
def test_valid_workdiv_covers_any_grid(grid, elems, must_divide, restrictions):
    cpu = pk.device("cpu")
    if elems is not None and len(elems) != len(grid):
        with pytest.raises(ValueError, match=r"grid_elems \(.*\) and thread_elems \(.*\) must have the same number"):
            pk.valid_workdiv(cpu, tuple(grid), tuple(elems), must_divide, restrictions)
        return
    wd = pk.valid_workdiv(cpu, tuple(grid), None if elems is None else tuple(elems), must_divide, restrictions)
    covers_within_limits(cpu, grid, wd)


@settings(max_examples=200, deadline=None)
@given(grid=EXTENT, elems=st.none() | EXTENT, restrictions=st.text(max_size=12) | st.sampled_from(["EqualExtent"]))
def test_valid_workdiv_bad_arguments_name_themselves(grid, elems, restrictions):
    cpu = pk.device("cpu")
    try:
        wd = pk.valid_workdiv(cpu, grid, elems, True, restrictions)
    except (TypeError, ValueError) as error:
        text = str(error)
        assert any(word in text for word in ("grid_elems", "thread_elems", "restrictions", "valid_workdiv")), text
        return
    extent, _ = expected_extent(grid, "grid_elems")
    covers_within_limits(cpu, extent, wd)
