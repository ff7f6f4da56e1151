# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pk.ElementwiseKernel: CuPy's documented examples, NumPy's results over random shapes, broadcasts, strides and
dtypes, and every bad input by its exception and message.

Each distinct generated source is a compile per back-end, so the tests keep them few: the property test that runs on
every CPU back-end uses one kernel of fixed dtypes (strides and extents are run-time values: every layout shares its
one compiled kernel); the dtypes, the CuPy examples and the errors, which do not depend on the back-end, run once,
on cpu_serial."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyalpaka as pk


@pytest.fixture(scope="module", autouse=True)
def cache_dir(module_kernel_cache):
    return module_kernel_cache


@pytest.fixture
def cpu_queue(device):
    """A blocking queue of each CPU back-end (NumPy arrays are passed to CPU back-ends only)."""
    if not device.is_host:
        pytest.skip(f"{device}: NumPy arrays are passed to CPU back-ends only (GPUs: test_reduction.py's stand-ins)")
    return pk.Queue(device, blocking=True)


SQUARED_DIFF = pk.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff")
SQUARED_DIFF_T = pk.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff_generic")


def test_cupy_squared_diff_with_broadcasting_and_a_given_output(serial):
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    y = np.arange(5, dtype=np.float32)
    np.testing.assert_array_equal(SQUARED_DIFF(x, y, queue=serial), (x - y) ** 2)
    np.testing.assert_array_equal(SQUARED_DIFF(x, 5, queue=serial), (x - 5) ** 2)
    z = np.empty((2, 5), dtype=np.float32)
    assert SQUARED_DIFF(x, y, z, queue=serial) is z
    np.testing.assert_array_equal(z, (x - y) ** 2)
    assert "z = (x - y) * (x - y);" in SQUARED_DIFF.source and "struct squared_diff" in SQUARED_DIFF.source


def test_cupy_placeholders_give_one_instantiation_per_dtype(serial):
    for dtype in (np.float32, np.float64, np.int32, np.int64, np.uint8):
        x = (np.arange(6) % 5).astype(dtype)
        y = np.full(6, 2, dtype)
        z = SQUARED_DIFF_T(x, y, queue=serial)
        assert z.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(z, (x - y) * (x - y))
    # A Python number binds to the arrays' placeholder; a NumPy array of another dtype may not.
    np.testing.assert_array_equal(SQUARED_DIFF_T(np.float32([1, 2]), 1, queue=serial), np.float32([0, 1]))
    with pytest.raises(TypeError, match=r"placeholder T is float32 \(from x\) but y is a float64 array"):
        SQUARED_DIFF_T(np.float32([1]), np.float64([1]), queue=serial)


def test_cupy_raw_parameters_are_indexed_by_i(serial):
    reverse = pk.ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse")
    x = np.arange(7, dtype=np.float64)
    np.testing.assert_array_equal(reverse(x, np.empty(7), queue=serial), x[::-1])
    x.flags.writeable = False  # a raw input's pointer is const where it is read-only: another plan, not an error
    np.testing.assert_array_equal(reverse(x, np.empty(7), queue=serial), x[::-1])
    # A strided raw array is indexed by its elements' C order.
    b = np.arange(24, dtype=np.int32).reshape(4, 6)[::-1, ::2]
    np.testing.assert_array_equal(reverse(b, np.empty((4, 3), np.int32), queue=serial), b.ravel()[::-1].reshape(4, 3))
    fill = pk.ElementwiseKernel("", "raw int64 y", "y[i] = 3 * i", "fill_raw")
    out = np.zeros(5, np.int64)
    fill(out, size=5, queue=serial)
    np.testing.assert_array_equal(out, 3 * np.arange(5))


def test_math_functions_by_plain_names_and_a_preamble(serial):
    kernel = pk.ElementwiseKernel(
        "T x, T y", "T z", "z = twice(sqrt(x * x + y * y)) + max(x, y) - min(x, y) + abs(-x)", "hyp",
        preamble="template<typename T> ALPAKA_FN_ACC T twice(T v) { return v + v; }",
    )  # fmt: skip
    x, y = np.float64([3, 5]), np.float64([4, 12])
    np.testing.assert_allclose(kernel(x, y, queue=serial), 2 * np.hypot(x, y) + np.abs(x - y) + x)


def test_several_outputs_casting_and_output_layout(serial):
    divmod_kernel = pk.ElementwiseKernel("int64 x, int64 y", "int64 q, int64 r", "q = x / y; r = x % y", "divmod_")
    q, r = divmod_kernel(np.arange(10, 20), 3, queue=serial)
    np.testing.assert_array_equal(q, np.arange(10, 20) // 3)
    np.testing.assert_array_equal(r, np.arange(10, 20) % 3)
    # int32 inputs cast to the float64 parameter (same_kind); a float32 output takes the float64 result.
    halve = pk.ElementwiseKernel("float64 x", "float64 y", "y = x / 2", "halve")
    out = np.empty(4, np.float32)
    halve(np.arange(4, dtype=np.int32), out, queue=serial)
    np.testing.assert_array_equal(out, np.arange(4) / 2)
    # A new output follows the input's layout (NumPy's order 'K'): a transposed input gives a transposed output.
    a = np.arange(12, dtype=np.float64).reshape(3, 4).T
    assert halve(a, queue=serial).strides == a.strides


def test_zero_size_and_zero_dimensional(serial):
    np.testing.assert_array_equal(SQUARED_DIFF(np.zeros((0, 3), np.float32), 1, queue=serial), np.zeros((0, 3)))
    zero_d = SQUARED_DIFF(np.float32(3), np.float32(1), queue=serial)
    assert zero_d.shape == () and zero_d == 4


def test_default_queue_and_buffers():
    # Buffers of cpu_serial (not the best CPU device, which NumPy arrays get): the call runs on their device.
    dev = pk.device("cpu_serial")
    x = pk.asarray(np.arange(6, dtype=np.float32), device=dev)
    z = SQUARED_DIFF(x, np.float32(1))
    assert isinstance(z, pk.Buffer) and z.device == dev
    np.testing.assert_array_equal(z.to_numpy(), (np.arange(6) - 1) ** 2)


DTYPES = [np.float32, np.float64, np.int32, np.int64]


@st.composite
def operands(draw):
    """Two arrays that broadcast, as views with random steps, negative strides and transposes."""
    shape = draw(st.lists(st.integers(1, 5), min_size=0, max_size=3))
    arrays = []
    for _ in range(2):
        own = [1 if draw(st.booleans()) and draw(st.booleans()) else e for e in shape]
        own = own[draw(st.integers(0, len(own))) :]
        steps = [draw(st.sampled_from([1, 2, -1, -2])) for _ in own]
        dtype = draw(st.sampled_from(DTYPES))
        base = np.arange(int(np.prod([e * abs(s) for e, s in zip(own, steps)], dtype=np.int64)) or 1) % 11 - 5
        base = base.astype(dtype)[: int(np.prod([e * abs(s) for e, s in zip(own, steps)], dtype=np.int64))]
        view = base.reshape([e * abs(s) for e, s in zip(own, steps)]) if own else base.reshape(())
        view = view[tuple(slice(None, None, s) for s in steps)]
        if view.ndim >= 2 and draw(st.booleans()):
            view = np.ascontiguousarray(view.swapaxes(-1, -2)).swapaxes(-1, -2)  # a transposed layout
        arrays.append(view)
    return arrays


AXPY = pk.ElementwiseKernel("float64 a, float64 x, float64 y", "float64 z", "z = a * x + y", "axpy_f64")
AXPY_CAST = pk.ElementwiseKernel("float64 a, float64 x, float64 y", "float64 z", "z = a * x + y", "axpy_cast")


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=operands(), given_output=st.booleans())
def test_property_layouts_match_numpy_on_every_cpu_backend(cpu_queue, data, given_output):
    """Broadcasts, steps, negative strides and transposes (of inputs and a given output) through one compiled kernel
    per back-end: float64 operands, whatever their layout."""
    x, y = (np.asarray(a, dtype=np.float64) for a in data)  # 0-d arrays stay arrays (numbers: another source)
    expected = 2.5 * x + y
    if given_output:
        out = np.full(expected.shape[::-1], np.nan).T  # a transposed output
        assert AXPY(2.5, x, y, out, queue=cpu_queue) is out
    else:
        out = AXPY(2.5, x, y, queue=cpu_queue)
    np.testing.assert_array_equal(out, expected)
    assert len(AXPY.kernels) == 1, "a layout changed the generated source"


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=operands())
def test_property_dtypes_and_casts_match_numpy(serial, data):
    """Random dtypes (placeholders bind them; other parameters cast them by same_kind), once: the dtypes change the
    source, not the back-end."""
    x, y = (np.asarray(a) for a in data)  # 0-d arrays stay arrays: numbers (another source each) are tested above
    z = SQUARED_DIFF_T(x, y.astype(x.dtype), queue=serial)
    assert z.dtype == x.dtype
    np.testing.assert_array_equal(z, (x - y.astype(x.dtype)) * (x - y.astype(x.dtype)))
    out = np.full(np.broadcast_shapes(x.shape, y.shape), np.nan)
    AXPY_CAST(2.5, x, y.astype(x.dtype), out, queue=serial)  # x's dtype for both: a source per dtype, not per pair
    np.testing.assert_allclose(out, 2.5 * x.astype(np.float64) + y.astype(x.dtype), rtol=1e-15)


# ---- errors ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("in_params", "out_params", "operation", "error", "message"),
    [
        ("float32", "float32 z", "z = 1", ValueError, r"parameter 1 'float32' is not '\[raw\] TYPE NAME'"),
        ("float32 x,", "float32 z", "z = x", ValueError, r"parameter 2 is empty"),
        ("float32 x y", "float32 z", "z = x", ValueError, r"is not '\[raw\] TYPE NAME'"),
        ("flaot32 x", "float32 z", "z = x", ValueError, r"unknown type 'flaot32' \(did you mean 'float32'\?\)"),
        ("float16 x", "float16 z", "z = x", ValueError, r"the type 'float16', which kernels cannot take"),
        ("float32 x, float32 x", "float32 z", "z = x", ValueError, r"the name 'x' is used twice"),
        ("float32 x", "float32 x", "x = x", ValueError, r"named in both in_params and out_params"),
        ("float32 i", "float32 z", "z = i", ValueError, r"may not be called 'i'"),
        ("float32 2x", "float32 z", "z = 1", ValueError, r"has the name '2x'; expected a C\+\+ identifier"),
        ("float32 x", "", "x", ValueError, r"out_params is empty"),
        ("float32 x", "float32 z", "  ", ValueError, r"operation is empty"),
        ("raw float32 x", "float32 z", "z = x * 2", ValueError, r"raw parameter 'x' is used without an index"),
        (3, "float32 z", "z = 1", TypeError, r"in_params must be a string"),
    ],
)
def test_bad_definitions(in_params, out_params, operation, error, message):
    with pytest.raises(error, match=message):
        pk.ElementwiseKernel(in_params, out_params, operation, "bad")


def test_bad_name():
    with pytest.raises(ValueError, match=r"name must be a C\+\+ identifier"):
        pk.ElementwiseKernel("float32 x", "float32 z", "z = x", "my kernel")


def test_bad_calls(serial):
    with pytest.raises(ValueError, match=r"shapes do not broadcast: y has extent 4 in axis -1 where x has 3"):
        SQUARED_DIFF(np.zeros(3, np.float32), np.zeros(4, np.float32), queue=serial)
    u8 = pk.ElementwiseKernel("uint8 x", "uint8 y", "y = x", "u8")
    with pytest.raises(TypeError, match=r"input 'uint8 x' \(uint8\) got a float64 array.*'same_kind' rule"):
        u8(np.zeros(3), queue=serial)
    with pytest.raises(TypeError, match=r"'float32 y' \(float32\) got complex 1j.*'same_kind'"):
        SQUARED_DIFF(np.zeros(3, np.float32), 1j, queue=serial)
    with pytest.raises(TypeError, match=r"output 'float32 z' \(float32\) got a int32 array"):
        SQUARED_DIFF(np.zeros(3, np.float32), 1, np.zeros(3, np.int32), queue=serial)
    with pytest.raises(ValueError, match=r"output z has shape \(1,\) but the arguments broadcast to \(3,\)"):
        SQUARED_DIFF(np.zeros(3, np.float32), 1, np.zeros(1, np.float32), queue=serial)
    with pytest.raises(TypeError, match=r"takes 2 inputs \(float32 x, float32 y\) and optionally the 1 output"):
        SQUARED_DIFF(np.zeros(3, np.float32), queue=serial)
    with pytest.raises(TypeError, match=r"takes an array, a buffer or a number, got str"):
        SQUARED_DIFF(np.zeros(3, np.float32), "1", queue=serial)
    with pytest.raises(TypeError, match=r"unexpected keyword argument\(s\) stream"):
        SQUARED_DIFF(np.zeros(3, np.float32), 1, stream=None)
    with pytest.raises(ValueError, match=r"got -1, outside the range of uint8 \[0, 255\]"):
        u8(-1, np.zeros(2, np.uint8), queue=serial)
    reverse = pk.ElementwiseKernel("raw T x", "T y", "y = x[i]", "copy_raw")
    with pytest.raises(ValueError, match=r"the number of elements is undecided: every array parameter is raw"):
        reverse(np.zeros(3), queue=serial)
    with pytest.raises(TypeError, match=r"raw parameter 'raw T x' takes an array or buffer, got float 1.0"):
        reverse(1.0, np.zeros(3), queue=serial)
    only_out = pk.ElementwiseKernel("float32 x", "T y", "y = x", "untyped_out")
    with pytest.raises(TypeError, match=r"the type of 'T y' cannot be inferred"):
        only_out(np.zeros(2, np.float32), queue=serial)
    with pytest.raises(TypeError, match=r"queue= takes a pyalpaka.Queue, got str"):
        SQUARED_DIFF(np.zeros(3, np.float32), 1, queue="cpu")
    # A plan made for a writable output is not one for a read-only output of the same layout (the launch path of
    # a repeated call, and the one that converts a Python number).
    z = np.zeros(3, np.float32)
    for y in (np.float32(1), 1):
        SQUARED_DIFF(np.zeros(3, np.float32), y, z, queue=serial)
        z.flags.writeable = False
        with pytest.raises(TypeError, match=r"output z is read-only; pass a writable array"):
            SQUARED_DIFF(np.zeros(3, np.float32), y, z, queue=serial)
        z.flags.writeable = True


def test_compile_error_names_the_users_expression(serial):
    kernel = pk.ElementwiseKernel("T x", "T y", "y = x + undefined_name", "broken")
    with pytest.raises(
        pk.CompileError, match=r"the first error is in the operation \(its line 1: 'y = x \+ undefined_name;'\)"
    ) as info:
        kernel(np.zeros(2, np.float32), queue=serial)
    assert "undefined_name" in str(info.value) and "undefined_name" in info.value.log


def test_the_docs_page_runs_as_written(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from test_docs_code import python_blocks

    page = Path(__file__).resolve().parents[2] / "docs" / "elementwise.md"
    script = python_blocks(page)
    assert "pk.ElementwiseKernel(" in script and "pk.ReductionKernel(" in script
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
