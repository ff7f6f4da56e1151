# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pk.ReductionKernel: CuPy's l2norm, full and per-axis reductions against NumPy over random shapes, axes, strides
and dtypes on every CPU back-end, the accuracy of a float32 sum of 10^7 elements, the errors; and both kernels'
generated sources compiled for cuda (NVRTC) and hip (hiprtc).

As in test_elementwise.py, the tests that run on every CPU back-end use one kernel of one dtype (every layout, axis
and order of loops shares its compiled kernel); dtypes, examples and errors run once, on cpu_serial."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyalpaka as pk

from _support import gpu_compiler_missing


@pytest.fixture(scope="module", autouse=True)
def cache_dir(module_kernel_cache):
    return module_kernel_cache


@pytest.fixture
def cpu_queue(device):
    if not device.is_host:
        pytest.skip(f"{device}: NumPy arrays are passed to CPU back-ends only")
    return pk.Queue(device, blocking=False)


L2NORM = pk.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
SUM = pk.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum_t")  # float64 only: one source
SUM_ANY = pk.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum_any")
MAX = pk.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", "-INFINITY", "max_t")
MAX_ANY = pk.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", None, "max_any")  # no identity: any dtype


def test_cupy_l2norm(serial):
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    y = L2NORM(x, axis=1, queue=serial)
    np.testing.assert_allclose(y, np.linalg.norm(x, axis=1), rtol=1e-6)
    full = L2NORM(x, queue=serial)
    assert full.shape == () and np.isclose(full, np.linalg.norm(x), rtol=1e-6)


@st.composite
def reductions(draw, dtypes=(np.float64,)):
    """An array view (random steps, negative strides, a transpose), the axes to reduce and keepdims."""
    shape = draw(st.lists(st.integers(1, 40), min_size=1, max_size=3))
    steps = [draw(st.sampled_from([1, 1, 2, -1])) for _ in shape]
    dtype = draw(st.sampled_from(dtypes))
    base = np.arange(int(np.prod([e * abs(s) for e, s in zip(shape, steps)])), dtype=np.int64) * 7 % 23 - 11
    view = base.astype(dtype).reshape([e * abs(s) for e, s in zip(shape, steps)])[
        tuple(slice(None, None, s) for s in steps)
    ]
    if draw(st.booleans()):
        view = view.T
    axes = draw(st.one_of(st.none(), st.integers(-view.ndim, view.ndim - 1),
                          st.lists(st.integers(0, view.ndim - 1), unique=True, min_size=1).map(tuple)))  # fmt: skip
    return view, axes, draw(st.booleans())


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=reductions())
def test_property_layouts_and_axes_match_numpy_on_every_cpu_backend(cpu_queue, case):
    x, axis, keepdims = case
    got = SUM(x, axis=axis, keepdims=keepdims, queue=cpu_queue)
    cpu_queue.wait()
    np.testing.assert_allclose(got, x.sum(axis=axis, keepdims=keepdims), rtol=1e-13)
    assert len({source for source, _ in SUM.kernels}) == 1, "a layout changed the generated source"


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=reductions(dtypes=(np.float64, np.int64, np.int32)))
def test_property_dtypes_sum_and_max_match_numpy(serial, case):
    x, axis, keepdims = case
    got = SUM_ANY(x, axis=axis, keepdims=keepdims, queue=serial)
    top = MAX(x.astype(np.float64), axis=axis, keepdims=keepdims, queue=serial)
    np.testing.assert_array_equal(got, x.sum(axis=axis, keepdims=keepdims, dtype=x.dtype))
    np.testing.assert_array_equal(top, x.astype(np.float64).max(axis=axis, keepdims=keepdims))
    np.testing.assert_array_equal(MAX_ANY(x, axis=axis, keepdims=keepdims, queue=serial),
                                  x.max(axis=axis, keepdims=keepdims))  # fmt: skip


def test_large_sums_are_blocked_and_per_axis(backend):
    dev = pk.device(backend)
    if not dev.is_host:
        pytest.skip(f"{dev}: NumPy arrays are passed to CPU back-ends only")
    x = np.random.default_rng(1).random((300, 700))
    for axis in (None, 0, 1):
        np.testing.assert_allclose(SUM(x, axis=axis, queue=pk.Queue(dev, blocking=True)), x.sum(axis=axis), rtol=1e-12)
    empty = SUM(np.zeros((0, 3)), axis=0, queue=pk.Queue(dev, blocking=True))
    np.testing.assert_array_equal(empty, np.zeros(3))


def test_reductions_without_identity_start_from_the_first_element(backend):
    """Every path of the generated loops (whole blocks, tails, several chunks, the row-by-row order) with identity
    None, on values below zero (an identity of 0 would win) and on integers."""
    dev = pk.device(backend)
    if not dev.is_host:
        pytest.skip(f"{dev}: NumPy arrays are passed to CPU back-ends only")
    queue = pk.Queue(dev, blocking=True)
    rng = np.random.default_rng(2)
    for x in (rng.random((300, 700)) - 2.0, rng.integers(-(10**9), -1, (257, 33), dtype=np.int64)):
        for axis in (None, 0, 1):
            np.testing.assert_array_equal(MAX_ANY(x, axis=axis, queue=queue), x.max(axis=axis))
            np.testing.assert_array_equal(MAX_ANY(x.T, axis=axis, queue=queue), x.T.max(axis=axis))
    with pytest.raises(ValueError, match=r"reduction over an empty axis .* without an identity has no result"):
        MAX_ANY(np.zeros((0, 3)), axis=0, queue=queue)
    assert MAX_ANY(np.zeros((3, 0)), axis=0, queue=queue).shape == (0,)  # no output element: nothing to reduce


def test_float32_sum_of_ten_million_is_as_accurate_as_numpys():
    queue = pk.Queue(pk.device("cpu_serial"), blocking=True)
    worse = 0
    for seed in range(3):
        x = np.random.default_rng(seed).random(10**7, dtype=np.float32)
        exact = x.sum(dtype=np.float64)
        ours, numpys = abs(float(SUM_ANY(x, queue=queue)) - exact), abs(float(x.sum()) - exact)
        assert ours / exact < 2e-7, (ours / exact, numpys / exact)  # a serial float32 sum is off by about 1e-3
        worse += ours > 2 * numpys + exact * 2**-24
    assert worse <= 1


def test_post_map_with_a_cast_output_and_reduce_type(serial):
    mean = pk.ReductionKernel(
        "T x", "float64 y", "x", "a + b", "y = a / _in_count", "0", "mean_", reduce_type="float64"
    )
    assert mean.reduce_type == "float64"
    with pytest.raises(pk.CompileError, match="the first error is in the post_map_expr"):
        mean(np.arange(4, dtype=np.int32), queue=serial)
    count = pk.ReductionKernel("T x", "int64 y", "x > 0 ? 1 : 0", "a + b", "y = a", "0", "count_positive")
    out = np.zeros(3, np.int64)
    count(np.float32([[1, -1, 2], [3, 0, -5]]), out, axis=0, queue=serial)
    np.testing.assert_array_equal(out, [2, 0, 1])


def test_reduction_errors(serial):
    x = np.zeros((2, 3))
    with pytest.raises(ValueError, match=r"axis 2 is out of range for the 2-dimensional broadcast shape"):
        SUM(x, axis=2, queue=serial)
    with pytest.raises(ValueError, match=r"names an axis twice"):
        SUM(x, axis=(0, -2), queue=serial)
    with pytest.raises(TypeError, match=r"axis takes None, an int or a tuple of ints"):
        SUM(x, axis="0", queue=serial)
    with pytest.raises(ValueError, match=r"output y has shape \(2,\) but the reduction of \(2, 3\) over axis \(0,\)"):
        SUM(x, np.zeros(2), axis=0, queue=serial)
    with pytest.raises(ValueError, match=r"identity must be the C\+\+ value .* or None where there is none"):
        pk.ReductionKernel("T x", "T y", "x", "a + b", "y = a", " ", "blank_identity")
    with pytest.raises(ValueError, match=r"may not be called 'a'"):
        pk.ReductionKernel("T a", "T y", "a", "a + b", "y = a", "0", "bad_names")
    with pytest.raises(ValueError, match=r"raw parameters \(x\) are not supported"):
        pk.ReductionKernel("raw T x", "T y", "x[0]", "a + b", "y = a", "0", "raw_reduce")
    with pytest.raises(ValueError, match=r"reduce_type 'U' is neither a dtype name nor a placeholder"):
        pk.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "bad_type", reduce_type="U")
    with pytest.raises(ValueError, match=r"map_expr must be a non-empty string"):
        pk.ReductionKernel("T x", "T y", "", "a + b", "y = a", "0", "empty_map")


# ---- GPU back-ends: the generated sources through NVRTC and hiprtc ---------------------------------------------------
@pytest.mark.parametrize("gpu", ["cuda", "hip"])
def test_both_kernels_launch_through_the_gpu_standins(gpu, tmp_path):
    """On the stand-in runtimes (test_gpu_standin.py): buffers of the GPU device, the generated kernels (math by plain
    names, a strided operand, a reduction in two phases, one without identity, a repeated elementwise call) compiled by
    NVRTC/hiprtc for the stand-in's architecture, loaded and launched (FAKE_CUDA_MODULES=1 records launches, it does
    not run them: test_gpu_hardware.py's machines do)."""
    import shutil
    import subprocess

    import test_gpu_standin as standins

    if missing := gpu_compiler_missing(gpu):
        pytest.skip(missing)
    if shutil.which("cc") is None:
        pytest.skip("no C compiler (cc) to build the stand-in runtime")
    target = standins.STANDINS[gpu]
    library = tmp_path / f"lib{gpu}_standin.so"
    command = ["cc", "-shared", "-fPIC", "-O1", *target.defines, "-o", str(library), str(standins.HERE / target.source)]
    subprocess.run(command, check=True, capture_output=True)
    output = standins.run_with_driver(
        library,
        f"""
        import ctypes, os
        os.environ["FAKE_CUDA_MODULES"] = "1"

        class Launch(ctypes.Structure):
            _fields_ = [("grid", ctypes.c_uint * 3), ("block", ctypes.c_uint * 3), ("shared_bytes", ctypes.c_uint),
                        ("cooperative", ctypes.c_uint), ("params", ctypes.c_ulonglong * 8),
                        ("count", ctypes.c_ulonglong)]

        last = Launch.in_dll(ctypes.CDLL({str(library)!r}), "fake_cuda_last_launch")
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        x = pk.asarray(np.arange(6, dtype=np.float32), device=dev, queue=q)
        ew = pk.ElementwiseKernel("T x, T y", "T z", "z = sqrt(max(x, y)) + (x - y) * (x - y)", "standin_squared_diff")
        y = pk.asarray(np.ones((2, 6), np.float32), device=dev, queue=q)
        before = last.count
        z = ew(x, y, queue=q)  # x broadcast over y's rows: the loop over run-time strides
        rows = y
        assert isinstance(z, pk.Buffer) and z.device == dev and z.shape == (2, 6) and z.dtype == np.float32
        assert last.count == before + 1, (before, last.count)
        red = pk.ReductionKernel("T x", "T y", "x * x", "max(a, b)", "y = sqrt(a)", "-INFINITY", "standin_l2norm")
        w = pk.asarray(np.ones((4, 100000), np.float32), device=dev, queue=q)
        y = red(w, axis=1, queue=q)
        assert isinstance(y, pk.Buffer) and y.shape == (4,), y
        assert last.count == before + 3, (before, last.count)  # its two phases: chunks, then their combination
        top = pk.ReductionKernel("T x", "T y", "x", "max(a, b)", "y = a", None, "standin_max_any")  # no identity
        assert top(w, axis=1, queue=q).shape == (4,) and last.count == before + 5, (before, last.count)
        for _ in range(2):  # planned, then launched by the remembered call (PlannedLauncher) with GPU buffers
            assert ew(x, rows, z, queue=q) is z
        assert last.count == before + 7, (before, last.count)
        ew_source, red_source = ew.source, red.source
        assert "struct standin_squared_diff" in ew_source and "struct standin_l2norm" in red_source
        q.wait()
        print("launched", last.count - before)
    """,
        tmp_path,
        gpu=target,
    )
    assert "launched" in output
