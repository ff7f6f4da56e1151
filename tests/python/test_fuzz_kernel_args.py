# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Property tests of kernel-argument conversion: every dtype x shape x layout x read-only x container (NumPy array,
pyalpaka Buffer, DLPack import) as a pointer argument, and every kind of Python and NumPy number as a scalar one.
An oracle written from the argument mapping of docs/api-python.md predicts the launch's outcome (the values written,
or the exception and its message); the JIT's type mapping (_core.jit_argument_types) is checked against the same
oracle.
Launches go to pk.kernels.fill, compiled ahead of time, so no compiler runs here."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import pyalpaka as pk
from pyalpaka import _core

from _support import DTYPES

#: fill(x, value, n)'s element types and their C++ names.
FILL_TYPES = {
    np.dtype(np.float32): "float",
    np.dtype(np.float64): "double",
    np.dtype(np.int32): "std::int32_t",
    np.dtype(np.int64): "std::int64_t",
}
CPP_NAMES = {
    np.dtype(t): name
    for t, name in zip(
        DTYPES,
        [
            "bool",
            "std::int8_t",
            "std::uint8_t",
            "std::int16_t",
            "std::uint16_t",
            "std::int32_t",
            "std::uint32_t",
            "std::int64_t",
            "std::uint64_t",
            "float",
            "double",
            "alpaka::Complex<float>",
            "alpaka::Complex<double>",
        ],
    )
}
UNSUPPORTED = [np.dtype(np.float16), np.dtype(">f4"), np.dtype("U2"), np.dtype(np.longdouble)]
LAYOUTS = ["dense", "strided-rows", "strided-columns", "reversed", "transposed", "misaligned"]


def make_array(dtype: np.dtype, shape: tuple[int, ...], layout: str) -> np.ndarray:
    """A zeroed array of `shape` with the layout named (the values do not matter, the memory does)."""
    if layout == "misaligned":  # one byte past an aligned start
        raw = np.zeros(int(np.prod(shape)) * dtype.itemsize + 1, np.uint8)
        return np.frombuffer(raw.data, dtype=dtype, count=int(np.prod(shape)), offset=1).reshape(shape)
    if layout == "strided-rows":
        return np.zeros((shape[0] * 2, *shape[1:]), dtype)[::2]
    if layout == "strided-columns":
        return np.zeros((*shape[:-1], shape[-1] * 2), dtype)[..., ::2]
    if layout == "reversed":
        return np.zeros(shape, dtype)[::-1]
    if layout == "transposed":
        return np.zeros(shape[::-1], dtype).T
    return np.zeros(shape, dtype)


def alignment(dtype: np.dtype) -> int:
    return dtype.itemsize // 2 if dtype.kind == "c" else dtype.itemsize


OPERAND = st.fixed_dictionaries(
    {
        "dtype": st.sampled_from([np.dtype(t) for t in DTYPES] + UNSUPPORTED),
        "shape": st.lists(st.integers(0, 4), min_size=1, max_size=4).map(tuple),
        "layout": st.sampled_from(LAYOUTS),
        "readonly": st.booleans(),
        "container": st.sampled_from(["numpy", "buffer", "dlpack"]),
    }
)


def make_operand(spec, cpu):
    """The pointer argument, or None where the container itself refuses it (checked to be a clean exception)."""
    array = make_array(spec["dtype"], spec["shape"], spec["layout"])
    if spec["readonly"]:
        array.flags.writeable = False
    if spec["container"] == "numpy":
        return array
    try:
        if spec["container"] == "buffer":
            return pk.asarray(array, device=cpu)
        return pk.from_dlpack(array, device=cpu)
    except (TypeError, ValueError, BufferError) as error:
        # Unsupported dtypes, NumPy's refusals to export (unaligned, read-only for old consumers), negative strides.
        assert spec["dtype"] in UNSUPPORTED or spec["container"] == "dlpack", error  # noqa: PT017 (may or may not raise)
        return None


def pointer_facts(x):
    """(dtype, contiguous, read-only, aligned) as the launch sees them."""
    if isinstance(x, np.ndarray):
        return x.dtype, x.flags.c_contiguous, not x.flags.writeable, x.ctypes.data % alignment(x.dtype) == 0
    return x.dtype, x.is_contiguous, x.readonly, x.ptr % alignment(x.dtype) == 0


@settings(max_examples=400, deadline=None)
@given(spec=OPERAND)
@example(
    spec={"dtype": np.dtype(np.float32), "shape": (4,), "layout": "misaligned", "readonly": False, "container": "numpy"}
)
@example(
    spec={
        "dtype": np.dtype(np.int64),
        "shape": (3, 2),
        "layout": "strided-rows",
        "readonly": False,
        "container": "dlpack",
    }
)
@example(
    spec={"dtype": np.dtype(np.float16), "shape": (2, 2), "layout": "dense", "readonly": False, "container": "numpy"}
)
def test_pointer_argument(spec):
    cpu = pk.device("cpu")
    x = make_operand(spec, cpu)
    if x is None:
        return
    q = pk.Queue(cpu, blocking=True)
    n = int(np.prod(x.shape))
    if isinstance(x, np.ndarray) and (x.dtype in UNSUPPORTED or x.dtype.byteorder == ">"):
        with pytest.raises(TypeError, match=r"^argument 1 of pyalpaka.kernels.fill: dtype .* is not supported"):
            pk.kernels.fill(q, pk.WorkDiv(1), x, 1, n)
        with pytest.raises(TypeError, match=r"^argument 1: dtype .* is not supported"):
            _core.jit_argument_types(x)
        return
    dtype, contiguous, readonly, aligned = pointer_facts(x)
    cpp = CPP_NAMES[np.dtype(dtype)]
    assert _core.jit_argument_types(x) == (f"{cpp} const*" if readonly else f"{cpp}*",)
    if dtype not in FILL_TYPES:
        with pytest.raises(TypeError, match=r"^pyalpaka.kernels.fill has no variant for the arguments \("):
            pk.kernels.fill(q, pk.WorkDiv(1), x, 1, n)
        return
    message = None
    if not contiguous:
        message = "is not contiguous"
    elif readonly:
        message = "is read-only, but the kernel takes"
    elif not aligned:
        message = f"is not aligned to {alignment(dtype)} bytes"
    if message:
        with pytest.raises(ValueError, match=f"^argument 1 of pyalpaka.kernels.fill {message}"):
            pk.kernels.fill(q, pk.WorkDiv(1), x, 7, n)
        return
    pk.kernels.fill(q, pk.WorkDiv(1), x, 7, n)
    written = np.asarray(x)
    assert (written == 7).all(), written


# ---- scalar arguments --------------------------------------------------------------------------------------------

SCALAR = (
    st.integers()
    | st.integers(-(2**65), 2**65)
    | st.floats()
    | st.floats(width=32)
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1).map(np.int64)
    | st.integers(0, 2**64 - 1).map(np.uint64)
    | st.integers(-128, 127).map(np.int8)
    | st.integers(0, 2**32 - 1).map(np.uint32)
    | st.floats(width=32).map(np.float32)
    | st.floats().map(np.float64)
    | st.floats(width=16).map(np.float16)
    | st.booleans().map(np.bool_)
    | st.sampled_from(
        [np.longdouble(1), np.complex64(1), 1j, "1", None, b"1", np.str_("1"), [1], np.datetime64(1, "s")]
    )
)

RANGES = {"std::int32_t": (-(2**31), 2**31 - 1), "std::int64_t": (-(2**63), 2**63 - 1)}


def expected_value(target: np.dtype, value):
    """(the value fill stores, None) or (None, (exception type, message regex)) for fill(x of `target`, value)."""
    cpp = FILL_TYPES[target]
    is_bool = isinstance(value, (bool, np.bool_))
    is_integer = not is_bool and isinstance(value, (int, np.integer))
    is_real = isinstance(value, float) or (isinstance(value, np.floating) and value.dtype.itemsize in (4, 8))
    no_variant = (TypeError, r"^pyalpaka.kernels.fill has no variant for the arguments")
    if target.kind == "i":
        if not is_integer:
            return None, no_variant
        low, high = RANGES[cpp]
        if not low <= int(value) <= high:
            return None, (ValueError, f"^argument 2 of pyalpaka.kernels.fill = .* is out of range for {cpp}$")
        return int(value), None
    if not (is_integer or is_real):
        return None, no_variant
    if is_integer:
        # Ints go through int64/uint64 first: beyond them they are out of range even for a double.
        if not -(2**63) <= int(value) < 2**64:
            return None, (ValueError, f"^argument 2 of pyalpaka.kernels.fill = .* is out of range for {cpp}$")
        real = float(int(value))
    else:
        real = float(value)
    if target == np.float32 and np.isfinite(real) and abs(real) > float(np.finfo(np.float32).max):
        return None, (ValueError, "^argument 2 of pyalpaka.kernels.fill = .* is out of range for float$")
    return target.type(real), None


@settings(max_examples=400, deadline=None)
@given(target=st.sampled_from(list(FILL_TYPES)), value=SCALAR)
@example(target=np.dtype(np.float32), value=1e300)
@example(target=np.dtype(np.float32), value=2**64)
@example(target=np.dtype(np.float64), value=-(2**63) - 1)
@example(target=np.dtype(np.int32), value=np.uint64(2**64 - 1))
@example(target=np.dtype(np.float32), value=np.float16(1))
# NumPy scalars are read in place (KernelArgs.cpp, storeNumpyScalar): the extremes of each kind, in and out of range.
@example(target=np.dtype(np.float32), value=np.float64(1e300))
@example(target=np.dtype(np.float32), value=np.float64(-3.0e38))
@example(target=np.dtype(np.int32), value=np.int8(-128))
@example(target=np.dtype(np.int64), value=np.int64(-(2**63)))
@example(target=np.dtype(np.int64), value=np.uint64(2**63))
@example(target=np.dtype(np.float64), value=np.uint64(2**64 - 1))
def test_scalar_argument(target, value):
    cpu = pk.device("cpu")
    q = pk.Queue(cpu, blocking=True)
    x = np.full(3, 5, target)
    expected, error = expected_value(target, value)
    if error:
        with pytest.raises(error[0], match=error[1]):
            pk.kernels.fill(q, pk.WorkDiv(1), x, value, 3)
        assert (x == 5).all()  # nothing ran
        return
    pk.kernels.fill(q, pk.WorkDiv(1), x, value, 3)
    np.testing.assert_array_equal(x, np.full(3, expected, target))


@settings(max_examples=200, deadline=None)
@given(value=SCALAR)
def test_jit_type_of_scalars(value):
    """The JIT's C++ type of each Python value (the argument mapping of docs/api-python.md), or a TypeError naming the
    argument."""
    if isinstance(value, (bool, np.bool_)):
        expected = "bool"
    elif isinstance(value, int):
        expected = "std::int64_t"
    elif isinstance(value, float):
        expected = "double"
    elif isinstance(value, np.generic) and np.dtype(type(value)) in CPP_NAMES and value.dtype.kind in "iuf":
        expected = CPP_NAMES[value.dtype]
    else:
        with pytest.raises(TypeError, match=r"^argument 1 is <class '.*'>; kernels take pyalpaka"):
            _core.jit_argument_types(value)
        return
    assert _core.jit_argument_types(value) == (expected,)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(-(2**70), 8) | st.sampled_from([2**64, 2**64 - 1 + 2**64, -1]) | st.floats() | st.none())
def test_count_argument(n):
    """fill's n (std::size_t): never above the buffer here, so that an accepted value stays in bounds."""
    cpu = pk.device("cpu")
    x = np.zeros(8, np.float32)
    if not isinstance(n, int):
        with pytest.raises(TypeError, match="has no variant for the arguments"):
            pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), x, 1.0, n)
        return
    if not 0 <= n < 2**64:
        message = rf"^argument 3 of pyalpaka.kernels.fill = {n} is out of range for std::uint64_t"
        with pytest.raises(ValueError, match=message):
            pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), x, 1.0, n)
        return
    pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), x, 1.0, n)
    assert (x[:n] == 1).all() and (x[n:] == 0).all()


def test_too_many_arguments():
    cpu = pk.device("cpu")
    with pytest.raises(TypeError, match=r"^pyalpaka\.kernels\.fill got 25 arguments$"):
        pk.kernels.fill(pk.Queue(cpu, blocking=True), pk.WorkDiv(1), *([1] * 25))
