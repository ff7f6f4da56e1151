# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Buffers: empty(), zeros(), pinned(), asarray(), from_dlpack(), memcpy(), memset(); memory_pool()."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _core
from ._core import Buffer, Device, MemoryPool, Queue
from ._devices import as_device
from ._devices import device as _device


def empty(device: Device | str, shape: Any, dtype: Any = np.float32, queue: Queue | None = None) -> Buffer:
    """A new, uninitialised buffer of ``shape`` (1 to 4 dimensions) and ``dtype`` on ``device``.

    With ``queue`` (a queue of ``device``) the buffer is queue-ordered, as alpaka's ``allocAsyncBuf``: dropping it
    while that queue's work may still use it is safe, the pool reuses its memory for others only after that work
    ran. Raises MemoryError when the device (or the pool's limit) refuses it, naming the request and what the
    device's pool holds.
    """
    return _core.empty(as_device(device), shape, dtype, queue)


def zeros(device: Device | str, shape: Any, dtype: Any = np.float32, queue: Queue | None = None) -> Buffer:
    """A new buffer of zeros; with ``queue`` it is queue-ordered and zeroed in that queue's order, else before
    returning."""
    return _core.zeros(as_device(device), shape, dtype, queue)


def pinned(shape: Any, dtype: Any = np.float32, device: Device | str | None = None) -> Buffer:
    """A new host buffer in page-locked memory of ``device`` (default: ``pk.device()``), alpaka's ``allocMappedBuf``.

    Copies between it and that GPU run asynchronously at the link's full bandwidth; NumPy sees it without a copy
    (``np.asarray(buf)``), like every host buffer. Where ``device`` is a CPU device (a machine without a GPU) it is
    plain host memory. The buffer belongs to the best CPU device; ``buf.is_pinned`` says which kind it got.
    """
    gpu = _device(device)
    return _core.pinned(as_device(None), None if gpu.is_host else gpu, shape, dtype)


def memory_pool(device: Device | str | None = None, kind: str = "device") -> MemoryPool:
    """The pool that ``device``'s buffers come from (default: ``pk.device()``): ``used_bytes``, ``held_bytes``,
    ``limit``, ``free_all()``, ``stats()``. ``kind="pinned"``: the pool of ``pinned()`` buffers for that device."""
    return _core.memory_pool(_device(device), kind)


def asarray(obj: Any, device: Device | str | None = None, queue: Queue | None = None) -> Buffer:
    """A buffer on ``device`` (default: a buffer's own device, else the best CPU device) holding ``obj``.

    NumPy arrays (and anything np.asarray accepts) become views of the same memory on CPU devices, without a copy,
    where their layout allows (the last dimension contiguous); otherwise, and for other devices, the data is
    copied, by ``queue`` when given.
    """
    if device is None and isinstance(obj, Buffer):
        return obj
    return _core.asarray(obj, as_device(device), queue)


def from_dlpack(obj: Any, device: Device | str | None = None) -> Buffer:
    """A buffer over the memory of a DLPack producer (``__dlpack__``) or capsule, without copying.

    Host tensors become buffers of ``device`` (default: the best CPU device).
    """
    return _core.from_dlpack(obj, as_device(device))


def memcpy(queue: Queue, dst: Any, src: Any, extent: Any = None) -> None:
    """Copies ``src`` into ``dst`` in ``queue``'s order; Buffers or NumPy arrays, the direction is automatic.

    Without ``extent`` the shapes must be equal; with it, the first ``extent`` elements of each dimension are copied.
    """
    _core.memcpy(queue, dst, src, extent)


def memset(queue: Queue, dst: Any, byte: int, extent: Any = None) -> None:
    """Sets every byte of ``dst`` (or of its first ``extent`` elements) to ``byte`` in ``queue``'s order."""
    _core.memset(queue, dst, byte, extent)
