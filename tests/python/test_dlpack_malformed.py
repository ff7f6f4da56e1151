# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pk.from_dlpack on malformed capsules, made by hand with ctypes: each bad field is an exception naming it (never a
crash or a buffer over memory the tensor does not describe), the producer's deleter runs exactly once, and the
odd-but-valid tensors (null data without elements, broadcast strides, misaligned data) import and are refused where
they cannot be used. Plus a property test over random tensor fields."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyalpaka as pk

from _dlpack_ctypes import FLAG_READ_ONLY, capsule_name, make_capsule

FLOAT32 = (2, 32, 1)
FLOAT64 = (2, 64, 1)

MALFORMED = {
    "ndim-0": (dict(shape=(), ndim=0), ValueError, "from_dlpack: buffers have 1 to 4 dimensions, the tensor has 0"),
    "ndim-negative": (dict(ndim=-1), ValueError, "buffers have 1 to 4 dimensions, the tensor has -1"),
    "ndim-5": (dict(shape=(1,) * 5), ValueError, "buffers have 1 to 4 dimensions, the tensor has 5"),
    "ndim-huge": (dict(ndim=2**31 - 1), ValueError, "the tensor has 2147483647"),
    "null-shape": (dict(shape=(2, 2), null_shape=True), ValueError, "the tensor has ndim 2 but a null shape pointer"),
    "negative-extent": (dict(shape=(3, -1)), ValueError, r"the tensor's shape \(3, -1\) has a negative extent"),
    "huge-extents": (
        dict(shape=(2**62, 2**62), backing_bytes=64),
        ValueError,
        r"shape \(4611686018427387904, 4611686018427387904\) spans more than 2\*\*63 bytes",
    ),
    # 2**32 * 2**32 elements wrap to 0 in 64 bits: must not pass for an empty tensor.
    "extents-wrap-to-zero": (
        dict(shape=(2**32, 2**32), backing_bytes=64),
        ValueError,
        r"spans more than 2\*\*63 bytes",
    ),
    "huge-stride": (
        dict(shape=(2,), strides=(2**62,), dtype=FLOAT64),
        ValueError,
        r"shape \(2,\) with strides \(4611686018427387904,\) spans more than 2\*\*63 bytes",
    ),
    "negative-stride": (
        dict(shape=(3,), strides=(-1,)),
        ValueError,
        r"tensors with negative strides are not supported, got strides \(-1,\)",
    ),
    "null-data": (
        dict(shape=(4,), data=None),
        ValueError,
        r"data pointer is null, but its shape \(4,\) has 4 elements",
    ),
    "wrapping-byte-offset": (
        dict(byte_offset=2**64 - 8),
        ValueError,
        "plus its byte_offset 18446744073709551608 and its 16 bytes of elements wrap around the address space",
    ),
    "opaque-dtype": (
        dict(dtype=(3, 64, 1)),
        TypeError,
        r"the DLPack data type \(code 3, 64 bits, 1 lanes\) has no pyalpaka dtype",
    ),
    "bfloat16": (dict(dtype=(4, 16, 1)), TypeError, r"\(code 4, 16 bits, 1 lanes\) has no pyalpaka dtype"),
    "unknown-code": (dict(dtype=(255, 32, 1)), TypeError, r"\(code 255, 32 bits, 1 lanes\)"),
    "odd-bits": (dict(dtype=(2, 12, 1)), TypeError, r"\(code 2, 12 bits, 1 lanes\)"),
    "zero-bits": (dict(dtype=(0, 0, 1)), TypeError, r"\(code 0, 0 bits, 1 lanes\)"),
    "vector-lanes": (dict(dtype=(2, 32, 4)), TypeError, r"\(code 2, 32 bits, 4 lanes\)"),
    "zero-lanes": (dict(dtype=(2, 32, 0)), TypeError, r"\(code 2, 32 bits, 0 lanes\)"),
    "bool-32-bits": (dict(dtype=(6, 32, 1)), TypeError, r"\(code 6, 32 bits, 1 lanes\)"),
    "opencl-device": (
        dict(device=(4, 0)),
        TypeError,
        r"the tensor is on DLPack device type 4, which this pyalpaka has no back-end for \(host memory, CUDA and ROCm",
    ),
    "device-type-0": (dict(device=(0, 0)), TypeError, "DLPack device type 0, which this pyalpaka has no back-end"),
    "device-type-negative": (dict(device=(-7, 0)), TypeError, "DLPack device type -7"),
    "cuda-negative-id": (dict(device=(2, -1)), ValueError, "the tensor's CUDA device id -1 is negative"),
    "rocm-negative-id": (dict(device=(10, -1)), ValueError, "the tensor's ROCm device id -1 is negative"),
    "version-2": (
        dict(versioned=True, version=(2, 0)),
        BufferError,
        r"from_dlpack: DLPack version 2.0 is newer than this pyalpaka understands \(1.x\)",
    ),
    "foreign-name": (dict(name=b"not_dltensor"), TypeError, "from_dlpack: not an unconsumed DLPack capsule"),
}


# Each case in both capsule kinds, unless it is about one of them.
CASES = [
    pytest.param({"versioned": versioned, **fields}, error, message, id=f"{name}-{'v1' if versioned else 'legacy'}")
    for name, (fields, error, message) in MALFORMED.items()
    for versioned in ([fields["versioned"]] if "versioned" in fields else [False, True])
]


@pytest.mark.parametrize(("fields", "error", "message"), CASES)
def test_malformed_capsule_is_refused(cpu, fields, error, message):
    fake = make_capsule(**fields)
    with pytest.raises(error, match=message):
        pk.from_dlpack(fake.capsule, device=cpu)
    gc.collect()
    # A capsule that was consumed before the error (renamed "used_...") has been released once; one refused before
    # consumption (a newer version, a foreign name) still belongs to its producer.
    consumed = capsule_name(fake.capsule).startswith("used_")
    assert fake.deletions == (1 if consumed else 0)


def test_cuda_tensor_without_cuda(cpu):
    if any(b.name == "cuda" and b.available for b in pk.backends()):
        pytest.skip("CUDA is available here: a fake CUDA pointer would be waited for and used")
    fake = make_capsule(device=(2, 0))
    with pytest.raises(pk.BackendUnavailableError, match="cuda"):
        pk.from_dlpack(fake.capsule, device=cpu)


def test_consumed_capsule_cannot_be_imported_again(cpu):
    fake = make_capsule((3,))
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert capsule_name(fake.capsule) == "used_dltensor"
    with pytest.raises(TypeError, match="from_dlpack: not an unconsumed DLPack capsule"):
        pk.from_dlpack(fake.capsule, device=cpu)
    assert fake.deletions == 0  # the buffer still uses it
    del buf
    gc.collect()
    assert fake.deletions == 1


def test_null_deleter_is_allowed(cpu):
    fake = make_capsule((3,), deleter=False)
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    np.testing.assert_array_equal(np.asarray(buf), np.zeros(3, np.float32))
    del buf
    gc.collect()  # nothing to call, nothing crashes


def test_read_only_flag_makes_a_read_only_buffer(cpu):
    fake = make_capsule((4,), versioned=True, flags=FLAG_READ_ONLY)
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert buf.readonly
    with pytest.raises(ValueError, match="the destination is a read-only buffer"):
        pk.memset(pk.Queue(cpu, blocking=True), buf, 1)
    with pytest.raises(ValueError, match=r"argument 1 of pyalpaka.kernels.fill is read-only, but the kernel takes"):
        pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), buf, 1.0, 4)


def test_null_data_without_elements_imports(cpu):
    fake = make_capsule((0, 3), data=None)
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert buf.shape == (0, 3) and buf.size == 0
    assert buf.to_numpy().shape == (0, 3)


def test_unit_extent_strides_are_ignored(cpu):
    # A dimension of extent 1 is never stepped through: any stride there, even a negative one, is meaningless.
    fake = make_capsule((1, 3), strides=(-5, 1))
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert buf.shape == (1, 3) and buf.is_contiguous


def test_broadcast_strides_import_but_kernels_refuse_them(cpu):
    fake = make_capsule((3,), strides=(0,))
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert buf.pitches == (0,) and not buf.is_contiguous
    with pytest.raises(ValueError, match=r"argument 1 of pyalpaka\.kernels\.fill is not contiguous"):
        pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), buf, 1.0, 3)


def test_misaligned_data_imports_but_kernels_refuse_it(cpu):
    fake = make_capsule((4,), backing_bytes=20, byte_offset=1)
    buf = pk.from_dlpack(fake.capsule, device=cpu)
    assert buf.ptr % 4 == 1
    np.asarray(buf)[:] = 1.5  # NumPy copes with misaligned memory
    assert buf.to_numpy().tolist() == [1.5] * 4
    with pytest.raises(ValueError, match=r"argument 1 of pyalpaka.kernels.fill is not aligned to 4 bytes, as kernels "):
        pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), buf, 1.0, 4)


class Producer:
    """An object speaking the DLPack protocol badly in one way or another."""

    def __init__(self, dlpack=None, device=(1, 0)):
        self._dlpack = dlpack
        self._device = device

    def __dlpack__(self, stream=None, max_version=None):
        return self._dlpack()

    def __dlpack_device__(self):
        return self._device


def raise_value_error():
    raise ValueError("the producer refuses")


@pytest.mark.parametrize(
    ("producer", "error", "message"),
    [
        (Producer(lambda: 42), TypeError, "from_dlpack: not an unconsumed DLPack capsule"),
        (Producer(raise_value_error), ValueError, "the producer refuses"),
        (
            Producer(lambda: make_capsule().capsule, device="cpu"),
            TypeError,
            r"from_dlpack: __dlpack_device__\(\) must return \(device type, device id\), two ints; got 'cpu'",
        ),
        (
            Producer(lambda: make_capsule().capsule, device=(1, 2**40)),
            TypeError,
            r"two ints; got \(1, 1099511627776\)",
        ),
    ],
    ids=["returns-int", "raises", "device-str", "device-id-huge"],
)
def test_bad_producers(cpu, producer, error, message):
    with pytest.raises(error, match=message):
        pk.from_dlpack(producer, device=cpu)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"max_version": "1.0"}, TypeError, r"__dlpack__: max_version must be None or a \(major, minor\) pair of ints"),
        ({"dl_device": "cpu"}, TypeError, r"__dlpack__: dl_device must be a \(device type, device id\) pair of ints"),
        ({"copy": "yes"}, TypeError, "__dlpack__: copy must be None or a bool, got 'yes'"),
    ],
    ids=["max-version-str", "dl-device-str", "copy-str"],
)
def test_bad_export_arguments(cpu, kwargs, error, message):
    with pytest.raises(error, match=message):
        pk.zeros(cpu, 3).__dlpack__(**kwargs)


# ---- property: random fields never crash -----------------------------------------------------------------------------

FIELDS = st.fixed_dictionaries(
    {
        "shape": st.lists(st.integers(-3, 6) | st.sampled_from([2**31, 2**62, 2**63 - 1, -(2**63)]), max_size=5),
        "ndim": st.none() | st.integers(-(2**31), 2**31 - 1),
        "dtype": st.tuples(
            st.integers(0, 255), st.sampled_from([0, 1, 8, 16, 32, 64, 128, 7, 255]), st.sampled_from([0, 1, 2, 65535])
        ),
        "strides": st.none() | st.lists(st.integers(-4, 8) | st.sampled_from([2**40, 2**62, -(2**63)]), max_size=5),
        "byte_offset": st.sampled_from([0, 0, 1, 4, 2**63, 2**64 - 1]),
        "device": st.tuples(st.sampled_from([1, 1, 3, 11, 0, 4, 13, -1, 2**31 - 1]), st.integers(-2, 2)),
        "null_shape": st.booleans(),
        "data": st.sampled_from(["backing", "backing", None]),
        "versioned": st.booleans(),
        "version": st.tuples(st.integers(0, 3), st.integers(0, 3)),
        "deleter": st.booleans(),
    }
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields=FIELDS)
def test_random_tensor_fields_never_crash(fields):
    cpu = pk.device("cpu")
    fake = make_capsule(backing_bytes=4096, **fields)
    try:
        buf = pk.from_dlpack(fake.capsule, device=cpu)
    except (TypeError, ValueError, BufferError, pk.BackendUnavailableError) as error:
        # A random capsule may be refused or not (so no pytest.raises), and a refusal must be a clean one.
        assert str(error).startswith("from_dlpack: ") or isinstance(error, pk.BackendUnavailableError), error  # noqa: PT017
        return
    # Accepted: the buffer is what the fields say (the shape array is padded with ones up to ndim), and the
    # importer checked what it could.
    ndim = len(fields["shape"]) if fields["ndim"] is None else fields["ndim"]
    shape = tuple((list(fields["shape"]) + [1] * 4)[:ndim])
    assert buf.shape == shape and 1 <= buf.ndim <= 4
    assert min(shape) >= 0
    assert buf.size == 0 or buf.ptr != 0
    repr(buf)
    if buf.size and buf.is_contiguous and fields["byte_offset"] == 0 and buf.nbytes <= 4096:
        assert np.asarray(buf).nbytes == buf.nbytes  # readable: it lies in the backing memory
    del buf
    gc.collect()
    assert fake.deletions == (1 if fields["deleter"] else 0)
