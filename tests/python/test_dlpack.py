# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""DLPack: zero-copy exchange with NumPy both ways, legacy and versioned capsules, read-only flags, lifetimes."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import pyalpaka as pk

from _support import DTYPES, sample


class LegacyProducer:
    """A producer older than DLPack 1.0: its __dlpack__ takes no max_version and returns an unversioned capsule."""

    def __init__(self, buf: pk.Buffer) -> None:
        self.buf = buf

    def __dlpack__(self, stream=None):
        return self.buf.__dlpack__()

    def __dlpack_device__(self):
        return self.buf.__dlpack_device__()


def capsule_name(capsule) -> str:
    return repr(capsule).split('"')[1]


def test_export(device):
    buf = pk.asarray(np.arange(12, dtype=np.float32).reshape(3, 4), device=device)
    kind, index = buf.__dlpack_device__()
    if not device.is_host:
        assert (kind, index) == ({"cuda": 2, "hip": 10}[device.backend], device.index)
        return
    assert (kind, index) == (1, 0)  # kDLCPU
    array = np.from_dlpack(buf)
    assert array.shape == (3, 4) and array.dtype == np.float32
    assert array.ctypes.data == buf.ptr
    np.testing.assert_array_equal(array, np.arange(12).reshape(3, 4))
    array[2, 1] = -1.0
    assert buf.to_numpy()[2, 1] == -1.0
    # Imports onto this device, named or given.
    assert pk.from_dlpack(array, device=device.backend).device == device
    assert pk.from_dlpack(array, device=device).ptr == buf.ptr


def test_round_trip_of_every_dtype(cpu):
    for dtype in DTYPES:
        values = sample((2, 3), dtype)
        buf = pk.from_dlpack(values, device=cpu)
        assert (buf.shape, buf.dtype) == ((2, 3), np.dtype(dtype))
        back = np.from_dlpack(buf)
        assert np.shares_memory(back, values), dtype
        np.testing.assert_array_equal(back, values)


def test_pk_from_dlpack_shares_memory(cpu):
    array = np.arange(10, dtype=np.int64)
    buf = pk.from_dlpack(array)
    assert buf.device == cpu  # the default device: the best CPU one
    assert buf.ptr == array.ctypes.data
    assert np.shares_memory(np.asarray(buf), array)
    pk.memset(pk.Queue(cpu, blocking=True), buf, 0, extent=3)
    np.testing.assert_array_equal(array[:3], 0)
    array[9] = 99
    assert np.asarray(buf)[9] == 99


def test_from_dlpack_keeps_strides(cpu):
    base = np.arange(30, dtype=np.float64).reshape(5, 6)
    buf = pk.from_dlpack(base[::2, 1:4])
    assert buf.shape == (3, 3)
    assert buf.pitches == base[::2, 1:4].strides
    np.testing.assert_array_equal(buf.to_numpy(), base[::2, 1:4])


#: Views whose innermost axis is not dense (transposed, broadcast, every other element): DLPack allows any stride
#: there, and the copies must take each element from its own address (a fuzzer found a broadcast view copied as if
#: its rows were dense, reading past the end of its memory).
STRIDED_INNERMOST = {
    "transposed": lambda: np.arange(12, dtype=np.float64).reshape(3, 4).T,
    "broadcast": lambda: np.broadcast_to(np.arange(4, dtype=np.float32), (64, 3, 4)).transpose(1, 2, 0),
    "every_other": lambda: np.arange(40, dtype=np.int16).reshape(4, 10)[:, ::2],
    "4d_transposed": lambda: np.arange(120, dtype=np.int32).reshape(2, 3, 4, 5).transpose(3, 2, 1, 0),
}


@pytest.mark.parametrize("make", STRIDED_INNERMOST.values(), ids=STRIDED_INNERMOST.keys())
def test_copies_of_strided_innermost_views(host_device, queue, make):
    source = make()
    buf = pk.from_dlpack(source, device=host_device)
    assert buf.pitches == source.strides
    np.testing.assert_array_equal(buf.to_numpy(queue), source)
    dense = pk.empty(host_device, source.shape, source.dtype)
    pk.memcpy(queue, dense, buf)
    queue.wait()
    np.testing.assert_array_equal(np.asarray(dense), source)
    if source.flags.writeable:
        view = np.zeros(source.shape[::-1], source.dtype).T  # the innermost axis is the strided one
        into = pk.from_dlpack(view, device=host_device)
        pk.memcpy(queue, into, dense)
        queue.wait()
        np.testing.assert_array_equal(view, source)
        pk.memset(queue, into, 0xFF)
        queue.wait()
        assert view.tobytes() == b"\xff" * view.nbytes


def test_legacy_capsule(cpu):
    source = pk.asarray(np.arange(6, dtype=np.int32), device=cpu)
    capsule = source.__dlpack__()
    assert capsule_name(capsule) == "dltensor"
    assert capsule_name(source.__dlpack__(max_version=(0, 8))) == "dltensor"
    buf = pk.from_dlpack(capsule)
    assert capsule_name(capsule) == "used_dltensor"
    assert buf.ptr == source.ptr
    np.testing.assert_array_equal(np.asarray(buf), np.arange(6))


def test_versioned_capsule(cpu):
    source = pk.asarray(np.arange(6, dtype=np.int32), device=cpu)
    capsule = source.__dlpack__(max_version=(1, 0))
    assert capsule_name(capsule) == "dltensor_versioned"
    buf = pk.from_dlpack(capsule)
    assert capsule_name(capsule) == "used_dltensor_versioned"
    assert buf.ptr == source.ptr


def test_legacy_producer(cpu):
    source = pk.asarray(np.arange(5.0), device=cpu)
    buf = pk.from_dlpack(LegacyProducer(source))
    assert buf.ptr == source.ptr
    array = np.from_dlpack(LegacyProducer(source))
    assert array.ctypes.data == source.ptr


def test_read_only_array_imports_read_only(cpu):
    array = np.arange(5.0)
    array.flags.writeable = False
    buf = pk.from_dlpack(array)
    assert buf.readonly
    assert not np.asarray(buf).flags.writeable
    assert not np.from_dlpack(buf).flags.writeable  # and the flag is exported again
    with pytest.raises(ValueError, match="read-only buffer"):
        pk.memset(pk.Queue(cpu), buf, 0)
    with pytest.raises(ValueError, match=r"argument 1 of pyalpaka\.kernels\.fill is read-only"):
        pk.kernels.fill(pk.Queue(cpu), pk.WorkDiv(1), buf, 0.0, 5)


def test_exporter_outlives_the_buffer(cpu):
    buf = pk.empty(cpu, 1000, np.float64)  # memory the runtime owns, not a NumPy view
    pk.memcpy(pk.Queue(cpu, blocking=True), buf, np.arange(1000, dtype=np.float64))
    array = np.from_dlpack(buf)
    del buf
    gc.collect()
    for _ in range(10):  # allocations that would reuse freed memory
        pk.zeros(cpu, 1000, np.float64)
    np.testing.assert_array_equal(array, np.arange(1000))


def test_imported_array_outlives_its_name(cpu):
    array = np.arange(1000, dtype=np.int32)
    buf = pk.from_dlpack(array)
    del array
    gc.collect()
    for _ in range(10):
        np.zeros(1000, np.int32)
    np.testing.assert_array_equal(np.asarray(buf), np.arange(1000))


def test_unconsumed_capsules_are_released(cpu):
    buf = pk.zeros(cpu, 3)
    for version in (None, (1, 0)):
        capsule = buf.__dlpack__(max_version=version)
        del capsule
    gc.collect()
    np.testing.assert_array_equal(np.asarray(buf), 0)


def test_capsule_consumed_twice(cpu):
    capsule = pk.zeros(cpu, 3).__dlpack__(max_version=(1, 0))
    pk.from_dlpack(capsule)
    with pytest.raises(TypeError, match="from_dlpack: not an unconsumed DLPack capsule"):
        pk.from_dlpack(capsule)


@pytest.mark.parametrize(
    ("obj", "error", "message"),
    [
        (np.zeros(3, np.float16), TypeError, r"DLPack data type \(code 2, 16 bits, 1 lanes\) has no pyalpaka dtype"),
        (np.zeros(3, "U3"), BufferError, "DLPack only supports"),  # NumPy refuses to export it
        (np.zeros((), np.float32), ValueError, "from_dlpack: buffers have 1 to 4 dimensions, the tensor has 0"),
        (np.zeros((1,) * 5), ValueError, "the tensor has 5"),
        (3, TypeError, "from_dlpack: <class 'int'> has no __dlpack__ method"),
    ],
    ids=["float16", "unicode", "0d", "5d", "int"],
)
def test_from_dlpack_errors(cpu, obj, error, message):
    with pytest.raises(error, match=message):
        pk.from_dlpack(obj)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stream": 1}, "stream must be None for host memory"),
        ({"dl_device": (2, 0)}, r"the buffer is on DLPack device \(1, 0\); exporting to another device needs a copy"),
        ({"copy": True}, r"__dlpack__\(copy=True\) is not supported"),
    ],
    ids=["stream", "other-device", "copy"],
)
def test_export_errors(cpu, kwargs, message):
    with pytest.raises(BufferError, match=message):
        pk.zeros(cpu, 3).__dlpack__(**kwargs)


def test_export_options_that_need_nothing(cpu):
    buf = pk.zeros(cpu, 3)
    assert capsule_name(buf.__dlpack__(dl_device=(1, 0), copy=False, max_version=(1, 2))) == "dltensor_versioned"
