# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Floating-point contraction of run-time compiled kernels as a stated choice: ``fp_contract="fast"`` (the default,
a*x+y may become one fused multiply-add) or ``"off"`` (every operation rounded as written: NumPy's and the shipped
kernels' results, bit for bit), per kernel or per process (PYALPAKA_FP_CONTRACT)."""

from __future__ import annotations

import numpy as np
import pytest

import pyalpaka as pk

AXPY = r"""
struct Axpy
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};
"""


@pytest.fixture(autouse=True)
def _cache(module_kernel_cache):
    return module_kernel_cache


@pytest.fixture
def cpu_device(device):
    if not device.is_host:
        pytest.skip(f"{device}: the GPU side is checked where a GPU is (test_jit_gpu.py)")
    return device


def axpy_operands(n: int = 10001):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    return np.float32(0.7), x, y


def run(kernel: pk.Kernel, device: pk.Device, a, x, y) -> np.ndarray:
    out = y.copy()
    q = pk.Queue(device, blocking=True)
    kernel(q, pk.valid_workdiv(device, x.size), a, x, out, np.uint64(x.size))
    return out


def test_fp_contract_off_gives_numpys_and_the_shipped_kernels_results_bit_for_bit(cpu_device):
    a, x, y = axpy_operands()
    reference = a * x + y  # NumPy: a product rounded, then a sum rounded
    off = run(pk.Kernel(AXPY, "Axpy", fp_contract="off"), cpu_device, a, x, y)
    np.testing.assert_array_equal(off, reference)
    shipped = y.copy()
    pk.kernels.axpy(pk.Queue(cpu_device, blocking=True), pk.valid_workdiv(cpu_device, x.size), a, x, shipped, x.size)
    np.testing.assert_array_equal(shipped, reference)


def test_fp_contract_fast_is_the_default_and_rounds_at_most_once_less(cpu_device):
    a, x, y = axpy_operands()
    kernel = pk.Kernel(AXPY, "Axpy")
    assert kernel.fp_contract == "fast"
    fast = run(kernel, cpu_device, a, x, y)
    exact = np.float64(a) * x.astype(np.float64) + y.astype(np.float64)
    # A fused multiply-add rounds once: never further from the exact result than NumPy's two roundings, bar ties.
    numpy_error = np.abs((a * x + y).astype(np.float64) - exact)
    fast_error = np.abs(fast.astype(np.float64) - exact)
    assert np.all(fast_error <= numpy_error + np.spacing(np.abs(exact).astype(np.float32)))


def test_fp_contract_variants_are_cached_apart(cpu_device):
    fast = pk.Kernel(AXPY, "Axpy").compile(cpu_device, 1, ["float", "float const*", "float*", "std::uint64_t"])
    off = pk.Kernel(AXPY, "Axpy", fp_contract="off").compile(
        cpu_device, 1, ["float", "float const*", "float*", "std::uint64_t"]
    )
    assert fast.key != off.key


def test_process_default_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("PYALPAKA_FP_CONTRACT", "off")
    assert pk.Kernel(AXPY, "Axpy").fp_contract == "off"
    assert pk.Kernel(AXPY, "Axpy", fp_contract="fast").fp_contract == "fast"  # the argument wins
    monkeypatch.setenv("PYALPAKA_FP_CONTRACT", "strict")
    with pytest.raises(ValueError, match=r"PYALPAKA_FP_CONTRACT is 'fast' .* or 'off', got 'strict'"):
        pk.Kernel(AXPY, "Axpy")


@pytest.mark.parametrize("value", ["on", "", "OFF", 1])
def test_bad_fp_contract_is_refused_by_name(value):
    with pytest.raises(ValueError, match=f"Kernel: fp_contract is 'fast' .* or 'off', got {value!r}"):
        pk.Kernel(AXPY, "Axpy", fp_contract=value)


def test_gpu_compilers_take_the_choice_too():
    """NVRTC spells it --fmad=false: a kernel compiled for a GPU without one still compiles with it."""
    from pyalpaka import _rtc

    try:
        _rtc.nvrtc()
    except pk.Error as error:
        pytest.skip(f"no NVRTC: {error}")
    types = ["float", "float const*", "float*", "std::uint64_t"]
    off = pk.Kernel(AXPY, "Axpy", fp_contract="off").compile("cuda", 1, types, arch="sm_90")
    fast = pk.Kernel(AXPY, "Axpy").compile("cuda", 1, types, arch="sm_90")
    assert off.key != fast.key and off.path.stat().st_size > 0
