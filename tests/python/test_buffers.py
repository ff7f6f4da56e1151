# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Buffers: creation, attributes, NumPy round trips and zero-copy views, sub-buffers, memcpy/memset and their errors.

One module (over 400 lines) for the buffer API as users meet it, each test over every back-end."""

from __future__ import annotations

import numpy as np
import pytest

import pyalpaka as pk

from _support import DTYPES, sample

SHAPES = [(7,), (3, 5), (2, 3, 4), (2, 1, 3, 2)]


def dense_strides(shape, itemsize):
    strides = []
    step = itemsize
    for extent in reversed(shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(reversed(strides))


# ---- creation and attributes ---------------------------------------------------------------------------------------


def check_attributes(buf, device, shape, dt):
    assert isinstance(buf, pk.Buffer)
    assert buf.shape == shape
    assert buf.dtype == dt
    assert buf.ndim == len(shape)
    assert buf.size == int(np.prod(shape))
    assert len(buf) == shape[0]
    assert buf.itemsize == dt.itemsize
    assert buf.nbytes == buf.size * dt.itemsize
    assert buf.pitches == dense_strides(shape, dt.itemsize)
    assert buf.strides == buf.pitches
    assert buf.device == device
    assert buf.is_contiguous
    assert not buf.readonly
    assert buf.base is None
    assert repr(buf) == f"Buffer(shape={shape!r}, dtype={dt.name}, device={device})"


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_every_dtype_and_rank(cpu, dtype):
    for shape in SHAPES:
        check_attributes(pk.empty(cpu, shape, dtype), cpu, shape, np.dtype(dtype))
        zeros = pk.zeros(cpu, shape, dtype)
        check_attributes(zeros, cpu, shape, np.dtype(dtype))
        np.testing.assert_array_equal(np.asarray(zeros), np.zeros(shape, dtype))
        values = sample(shape, dtype)
        buf = pk.asarray(values, device=cpu)
        assert (buf.shape, buf.dtype) == (shape, np.dtype(dtype))
        np.testing.assert_array_equal(buf.to_numpy(), values)
        np.testing.assert_array_equal(np.asarray(buf), values)


def test_defaults(cpu):
    assert pk.empty(cpu, 4).dtype == np.float32
    assert pk.zeros(cpu, 4).dtype == np.float32
    assert pk.empty("cpu_serial", 4).device == pk.device("cpu_serial")  # a device name is accepted
    assert pk.asarray(np.arange(3)).device == pk.device("cpu")  # default: the best CPU device
    assert pk.empty(cpu, np.int64(5)).shape == (5,)  # NumPy integers as extents
    assert pk.empty(cpu, [2, 3]).shape == (2, 3)  # any sequence
    buf = pk.empty(cpu, 3)
    assert pk.asarray(buf) is buf  # a buffer without device= is returned as is


def test_round_trip_every_dtype_and_rank(device):
    """NumPy -> device buffer -> NumPy, with and without a queue, on every back-end."""
    q = pk.Queue(device, blocking=False)
    for dtype in DTYPES:
        for shape in SHAPES:
            values = sample(shape, dtype, seed=len(shape))
            buf = pk.asarray(values, device=device, queue=q)
            assert buf.device == device
            np.testing.assert_array_equal(buf.to_numpy(q), values)
            np.testing.assert_array_equal(buf.to_numpy(), values)


def test_zero_sized_buffers(device):
    q = pk.Queue(device, blocking=True)
    for shape in [(0,), (0, 3), (3, 0, 2)]:
        buf = pk.zeros(device, shape, np.float64, queue=q)
        assert buf.shape == shape
        assert (buf.size, buf.nbytes) == (0, 0)
        assert buf.to_numpy(q).shape == shape
        assert buf.to_numpy().shape == shape
        empty = np.zeros(shape, np.float64)
        pk.memcpy(q, buf, empty)
        pk.memcpy(q, empty, buf)
        pk.memset(q, buf, 1)
        if device.is_host:
            assert np.asarray(buf).shape == shape


# ---- zero-copy views -----------------------------------------------------------------------------------------------


def test_zero_copy_with_numpy(device):
    """On host devices np.asarray(buf) and pk.asarray(array) are views of the same memory, written both ways."""
    buf = pk.zeros(device, (4, 5), np.float64)
    array = np.arange(12, dtype=np.int32).reshape(3, 4)
    if not device.is_host:
        with pytest.raises(TypeError, match="not in host memory: copy it with to_numpy"):
            np.asarray(buf)
        copied = pk.asarray(array, device=device)
        array[0, 0] = 100
        assert copied.to_numpy()[0, 0] == 0  # a copy
        return
    view = np.asarray(buf)
    assert view.shape == (4, 5) and view.dtype == np.float64
    assert view.ctypes.data == buf.ptr
    view[1, 2] = 42.0  # NumPy writes, the buffer sees it
    assert buf.to_numpy()[1, 2] == 42.0
    q = pk.Queue(device, blocking=True)
    pk.memset(q, buf, 0)  # the buffer is written, the view sees it
    assert not view.any()

    wrapped = pk.asarray(array, device=device)
    assert wrapped.device == device
    assert np.shares_memory(np.asarray(wrapped), array)
    assert wrapped.base is array
    pk.memset(q, wrapped, 0, extent=(1, 4))
    np.testing.assert_array_equal(array[0], 0)  # written through the buffer
    array[2, 3] = -7
    assert np.asarray(wrapped)[2, 3] == -7


def test_read_only_array_gives_a_read_only_buffer(cpu):
    array = np.arange(4.0)
    array.flags.writeable = False
    buf = pk.asarray(array, device=cpu)
    assert buf.readonly
    assert repr(buf).endswith("readonly=True)")
    assert not np.asarray(buf).flags.writeable
    with pytest.raises(ValueError, match="the destination is a read-only buffer"):
        pk.memcpy(pk.Queue(cpu), buf, np.zeros(4))
    with pytest.raises(ValueError, match="the destination is a read-only buffer"):
        pk.memset(pk.Queue(cpu), buf, 0)


def test_buffers_of_cpu_backends_share_memory(cpu):
    original = pk.asarray(np.arange(5.0), device=cpu)
    for b in pk.backends():
        if b.available and pk.device(b.name).is_host:
            moved = pk.asarray(original, device=b.name)
            assert moved.device == pk.device(b.name)
            assert moved.ptr == original.ptr  # a view: every CPU back-end uses the host's memory


@pytest.mark.parametrize(
    ("make", "shared"),
    [
        (lambda a: a[:, ::2], False),  # innermost dimension strided: copied
        (lambda a: a[::-1], False),  # negative strides: copied
        (lambda a: a.T, False),  # column-major: copied
        (lambda a: a[::2], True),  # rows strided, rows dense: a view with row pitches
        (lambda a: a[1:3, 1:4], True),  # a window
    ],
    ids=["strided-columns", "reversed", "transposed", "strided-rows", "window"],
)
def test_asarray_of_non_contiguous_arrays(cpu, make, shared):
    base = np.arange(30, dtype=np.float64).reshape(6, 5)
    array = make(base)
    buf = pk.asarray(array, device=cpu)
    np.testing.assert_array_equal(buf.to_numpy(), array)
    np.testing.assert_array_equal(np.asarray(buf), array)
    assert np.shares_memory(np.asarray(buf), base) == shared
    if shared:
        assert buf.pitches == array.strides


def test_asarray_of_sequences_and_scalars(cpu):
    buf = pk.asarray([[1, 2], [3, 4]], device=cpu)
    assert buf.shape == (2, 2) and buf.dtype == np.int64
    np.testing.assert_array_equal(np.asarray(buf), [[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="asarray: buffers have 1 to 4 dimensions, the array has 0"):
        pk.asarray(np.float32(3), device=cpu)
    with pytest.raises(ValueError, match="asarray: buffers have 1 to 4 dimensions, the array has 5"):
        pk.asarray(np.zeros((1, 1, 1, 1, 1)), device=cpu)


# ---- sub-buffers ---------------------------------------------------------------------------------------------------


def test_slices_share_memory(device):
    values = np.arange(3 * 4 * 5, dtype=np.int16).reshape(3, 4, 5)
    buf = pk.asarray(values, device=device)
    np_index = np.s_  # buf[key] is compared with values[key]
    keys = [
        np_index[1],
        np_index[1:3, 2:4],
        np_index[..., 1:2],
        np_index[-1, :, 0:5],
        np_index[2:2],
        np_index[-2:, 0],
        np_index[0:1, ..., 4:5],
    ]
    for key in keys:
        expected = values[key]
        sub = buf[key]
        assert sub.shape == expected.shape, key
        assert sub.pitches == expected.strides, key  # a NumPy view of the same dense array has the same strides
        assert sub.device == device
        assert sub.base is buf
        np.testing.assert_array_equal(sub.to_numpy(), expected, err_msg=str(key))
    # Writing a sub-buffer writes the parent.
    q = pk.Queue(device, blocking=True)
    pk.memcpy(q, buf[1, 1:3, 2:4], np.full((2, 2), -5, np.int16))
    expected = values.copy()
    expected[1, 1:3, 2:4] = -5
    np.testing.assert_array_equal(buf.to_numpy(q), expected)
    if device.is_host:
        assert np.shares_memory(np.asarray(buf[1:3, 2:4]), np.asarray(buf))
        assert buf[1:3].ptr == buf.ptr + buf.pitches[0]


def test_int_index_of_every_dimension_reads_an_element(cpu):
    buf = pk.asarray(np.arange(6.0).reshape(2, 3), device=cpu)
    assert buf[1, 2] == 5.0
    assert buf[-1, -3] == 3.0


@pytest.mark.parametrize(
    ("key", "error", "message"),
    [
        (slice(None, None, 2), ValueError, "buffer slices must have step 1.*got step 2"),
        (slice(None, None, -1), ValueError, "got step -1"),
        (3, IndexError, "index 3 is out of range for dimension 0 of extent 3"),
        (-4, IndexError, "index -4 is out of range for dimension 0 of extent 3"),
        ((0, 5), IndexError, "index 5 is out of range for dimension 1 of extent 4"),
        ((0, 0, 0, 0), IndexError, "too many indices for a buffer of 3 dimensions"),
        ("a", IndexError, "buffers are indexed by ints and slices, got 'a'"),
        ((Ellipsis, 1), ValueError, r"gives a strided sub-buffer; use a slice"),
        # A regression: an index beyond 64 bits was a pybind11 cast error (RuntimeError).
        (2**70, IndexError, "index 1180591620717411303424 is out of range for dimension 0 of extent 3"),
    ],
    ids=[
        "step-2",
        "step-minus-1",
        "int-too-large",
        "int-too-small",
        "second-dim",
        "too-many",
        "str",
        "last-int",
        "int-huge",
    ],
)
def test_bad_indices(cpu, key, error, message):
    buf = pk.zeros(cpu, (3, 4, 5))
    with pytest.raises(error, match=message):
        buf[key]


def test_sub_buffer_is_not_contiguous_for_kernels(cpu):
    buf = pk.zeros(cpu, (4, 4), np.float32)
    assert buf[1:3].is_contiguous
    assert not buf[:, 1:3].is_contiguous


# ---- memcpy and memset ---------------------------------------------------------------------------------------------


def test_memcpy_and_memset(device, queue):
    values = np.arange(24, dtype=np.float32).reshape(4, 6)
    a = pk.empty(device, (4, 6), np.float32)
    b = pk.empty(device, (4, 6), np.float32)
    out = np.zeros((4, 6), np.float32)
    pk.memcpy(queue, a, values)  # host -> buffer
    pk.memcpy(queue, b, a)  # buffer -> buffer
    pk.memcpy(queue, out, b)  # buffer -> host
    queue.wait()
    np.testing.assert_array_equal(out, values)
    # A source of any layout is copied through a contiguous temporary.
    base = np.arange(40, dtype=np.float64).reshape(5, 8)
    strided = pk.empty(device, (5, 4), np.float64)
    pk.memcpy(queue, strided, base[:, ::2])
    np.testing.assert_array_equal(strided.to_numpy(queue), base[:, ::2])
    # memset, also through zeros(queue=...)
    dirty = pk.empty(device, (3, 4), np.int32)
    pk.memset(queue, dirty, 0xFF)
    np.testing.assert_array_equal(dirty.to_numpy(queue), np.full((3, 4), -1, np.int32))
    zeroed = pk.zeros(device, (3, 4), np.int32, queue=queue)
    np.testing.assert_array_equal(zeroed.to_numpy(queue), np.zeros((3, 4), np.int32))
    buf = pk.zeros(device, (3, 4), np.uint8, queue=queue)
    pk.memset(queue, buf, 7, extent=(2, 3))
    expected = np.zeros((3, 4), np.uint8)
    expected[:2, :3] = 7
    np.testing.assert_array_equal(buf.to_numpy(queue), expected)
    wide = pk.empty(device, 5, np.uint32)
    pk.memset(queue, wide, 0xAB)
    np.testing.assert_array_equal(wide.to_numpy(queue), np.full(5, 0xABABABAB, np.uint32))
    if device.is_host:
        host = np.zeros(4, np.int16)
        pk.memset(queue, host, 1)
        queue.wait()
        np.testing.assert_array_equal(host, np.full(4, 0x0101, np.int16))


def test_memcpy_with_extent(device):
    queue = pk.Queue(device, blocking=False)
    values = np.arange(24, dtype=np.int64).reshape(4, 6)
    buf = pk.zeros(device, (3, 5), np.int64, queue=queue)
    pk.memcpy(queue, buf, values, extent=(2, 3))
    expected = np.zeros((3, 5), np.int64)
    expected[:2, :3] = values[:2, :3]
    np.testing.assert_array_equal(buf.to_numpy(queue), expected)
    out = np.full((5, 5), -1, np.int64)
    pk.memcpy(queue, out, buf, extent=(3, 4))
    queue.wait()
    np.testing.assert_array_equal(out[:3, :4], expected[:3, :4])
    assert (out[3:] == -1).all() and (out[:, 4:] == -1).all()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda q, d: pk.memcpy(q, pk.empty(d, 3), np.zeros(4, np.float32)),
            ValueError,
            r"memcpy: the destination has shape \(3,\) and the source \(4,\); pass extent=",
        ),
        (
            lambda q, d: pk.memcpy(q, pk.empty(d, 3), np.zeros(4, np.float32), extent=4),
            ValueError,
            r"memcpy: extent \(4,\) is larger than the destination \(3,\) or the source \(4,\)",
        ),
        (
            lambda q, d: pk.memcpy(q, pk.empty(d, (2, 2)), np.zeros((2, 2), np.float32), extent=2),
            ValueError,
            r"memcpy: extent \(2,\) must have the dimensions of the destination",
        ),
        (
            lambda q, d: pk.memcpy(q, pk.empty(d, 3), np.zeros(3, np.float64)),
            TypeError,
            "memcpy: the destination's dtype float32 differs from the source's float64",
        ),
        (
            lambda q, d: pk.memcpy(q, [0, 0, 0], pk.empty(d, 3)),
            TypeError,
            "the destination must be a pyalpaka Buffer or a NumPy array, got <class 'list'>",
        ),
        (
            lambda q, d: pk.memcpy(q, pk.empty(d, 3), object()),
            TypeError,
            "dtype object is not supported",
        ),
        (lambda q, d: pk.memset(q, pk.empty(d, 3), 256), ValueError, r"memset: byte must be in \[0, 255\], got 256"),
        (lambda q, d: pk.memset(q, pk.empty(d, 3), -1), ValueError, r"memset: byte must be in \[0, 255\], got -1"),
        (lambda q, d: pk.memset(q, pk.empty(d, 3), 1.5), TypeError, r"memset: byte must be an int in \[0, 255\]"),
        (  # a regression: was a pybind11 cast error (RuntimeError)
            lambda q, d: pk.memset(q, pk.empty(d, 3), 2**70),
            ValueError,
            r"memset: byte must be in \[0, 255\], got 1180591620717411303424",
        ),
        (
            lambda q, d: pk.memset(q, pk.empty(d, 3), 0, extent=4),
            ValueError,
            r"memset: extent \(4,\) is larger than the buffer \(3,\)",
        ),
        (
            lambda q, d: pk.memset(q, pk.empty(d, 3), 0, extent=(1, 1)),
            ValueError,
            r"memset: extent \(1, 1\) must have the dimensions of the buffer \(3,\)",
        ),
    ],
    ids=[
        "shapes-differ",
        "extent-too-large",
        "extent-dims",
        "dtypes-differ",
        "list-destination",
        "object-source",
        "byte-256",
        "byte-negative",
        "byte-float",
        "byte-huge",
        "memset-extent-too-large",
        "memset-extent-dims",
    ],
)
def test_copy_errors(cpu, call, error, message):
    with pytest.raises(error, match=message):
        call(pk.Queue(cpu, blocking=True), cpu)


def test_read_only_numpy_destination(cpu):
    q = pk.Queue(cpu, blocking=True)
    out = np.zeros(3, np.float32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="the destination is a read-only NumPy array"):
        pk.memcpy(q, out, pk.zeros(cpu, 3))
    with pytest.raises(ValueError, match="the destination is a read-only NumPy array"):
        pk.memset(q, out, 0)


def test_strided_numpy_destination(cpu):
    q = pk.Queue(cpu, blocking=True)
    out = np.zeros((3, 8), np.float32)
    with pytest.raises(ValueError, match=r"the destination has strides .* that a copy cannot use"):
        pk.memcpy(q, out[:, ::2], pk.zeros(cpu, (3, 4)))
    pk.memcpy(q, out[::2], pk.asarray(np.ones((2, 8), np.float32), device=cpu))  # rows apart: fine
    np.testing.assert_array_equal(out[::2], 1.0)
    np.testing.assert_array_equal(out[1], 0.0)


# ---- bad shapes, dtypes, allocation failure ------------------------------------------------------------------------


def test_allocation_failure_is_a_memory_error(device):
    with pytest.raises(MemoryError, match=f"cannot allocate {1 << 63} bytes on"):
        pk.empty(device, (1 << 60,), np.float64)


def test_size_overflow_is_a_memory_error(cpu):
    with pytest.raises(MemoryError, match="the size overflows 64 bits"):
        pk.empty(cpu, (1 << 40, 1 << 40), np.float64)


@pytest.mark.parametrize(
    ("shape", "error", "message"),
    [
        ((-1,), ValueError, r"a shape must not have negative components, got \(-1,\)"),
        ((2, -3), ValueError, "must not have negative components"),
        ((1, 1, 1, 1, 1), ValueError, r"buffers have 1 to 4 dimensions, got shape \(1, 1, 1, 1, 1\)"),
        ((), ValueError, r"buffers have 1 to 4 dimensions, got shape \(\)"),
        ("abc", TypeError, "a shape is an int or a tuple of ints, got 'abc'"),
        ((2.0,), TypeError, "a shape is an int or a tuple of ints"),
        ((True,), TypeError, "a shape is an int or a tuple of ints"),
        (None, TypeError, "a shape is an int or a tuple of ints, got None"),
        # Regressions: bytes were read as a sequence of ints (b"ab" -> (97, 98)), 2**64 was a pybind11 cast error
        # (RuntimeError), and a long sequence was read to its end before its length was checked.
        (b"ab", TypeError, "a shape is an int or a tuple of ints, got b'ab'"),
        ((2**64,), ValueError, r"a shape's components must be below 2\*\*64, got \(18446744073709551616,\)"),
        (range(10**12), ValueError, "buffers have 1 to 4 dimensions, got shape of 1000000000000 components"),
    ],
    ids=["negative", "negative-2d", "5d", "0d", "str", "float", "bool", "None", "bytes", "2**64", "huge-range"],
)
def test_bad_shapes(cpu, shape, error, message):
    with pytest.raises(error, match=message):
        pk.empty(cpu, shape)


@pytest.mark.parametrize(
    "dtype", ["U5", object, np.float16, ">f4", "datetime64[s]", "not a dtype"], ids=lambda d: str(d)
)
def test_unsupported_dtypes(cpu, dtype):
    message = "not a dtype" if dtype == "not a dtype" else "is not supported; use bool, \\(u\\)int8/16/32/64"
    with pytest.raises(TypeError, match=message):
        pk.empty(cpu, 3, dtype)
    if dtype != "not a dtype":
        with pytest.raises(TypeError, match=message):
            pk.asarray(np.zeros(3, dtype), device=cpu)
