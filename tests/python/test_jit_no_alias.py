# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""No-alias variants of run-time compiled CPU kernels: a launch whose pointer arguments do not overlap runs the kernel
with `__restrict` pointers (src/jit/EntryCpu.hpp, NoAliasKernel), so a kernel written without `__restrict` vectorizes
as if it had it; a launch with overlapping pointers runs the plain variant."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _compiler
from pyalpaka._buildconfig import host_toolchain

# Written like the README's Axpy (no __restrict), with an inner loop: GCC 12 leaves the element loop scalar unless it
# knows that y does not alias x (with 16 terms it still versions the loop for aliasing; with 32 it gives up).
HORNER = r"""
struct Horner
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* y, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
        {
            float const v = x[i];
            float r = 0.0f;
            for(int k = 0; k < 32; ++k)
                r = r * v + static_cast<float>(k + 1) * 0.03125f;
            y[i] = r;
        }
    }
};
"""

SHIFT = r"""
struct AddInto
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* a, float const* b, float* out, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            out[i] = a[i] + b[i];
    }
};
"""


def horner_reference(x: np.ndarray) -> np.ndarray:
    r = np.zeros_like(x)
    for k in range(32):
        r = r * x + np.float32(k + 1) * np.float32(0.03125)
    return r


@pytest.fixture
def cpu_device(device):
    if not device.is_host:
        pytest.skip(f"{device}: no-alias variants are for CPU back-ends")
    return device


@pytest.fixture(autouse=True)
def _cache(module_kernel_cache):
    return module_kernel_cache


def variant_compiled(kernel: pk.Kernel, device: pk.Device, types: list[str], no_alias: bool) -> bool:
    """Whether this process already compiled (or loaded) that variant: asking again starts no compiler."""
    runs = _compiler.compiler_runs
    kernel.compile(device, 1, types, no_alias=no_alias)
    return _compiler.compiler_runs == runs


def test_kernel_without_restrict_vectorizes_in_the_no_alias_variant(cpu_device, tmp_path):
    toolchain = host_toolchain(cpu_device.backend)
    if "g++" not in toolchain.identity.lower() and "gcc" not in toolchain.identity.lower():
        pytest.skip(f"the vectorization report is GCC's; this back-end compiles with {toolchain.identity}")
    report = tmp_path / "vec.txt"
    kernel = pk.Kernel(HORNER, "Horner", filename="horner.cpp", options=[f"-fopt-info-vec-optimized={report}"])
    n = 1000
    x = pk.asarray(np.linspace(-1, 1, n, dtype=np.float32), device=cpu_device)
    y = pk.zeros(cpu_device, n, np.float32)
    q = pk.Queue(cpu_device)
    kernel(q, pk.valid_workdiv(cpu_device, n), x, y, np.uint64(n))
    q.wait()
    np.testing.assert_allclose(np.asarray(y), horner_reference(np.asarray(x)), rtol=1e-5)
    types = ["float*", "float*", "std::uint64_t"]
    assert variant_compiled(kernel, cpu_device, types, no_alias=True), "the launch did not use the no-alias variant"
    text = report.read_text()
    assert re.search(r"horner\.cpp:\d+:\d+: optimized: loop vectorized", text), text
    # The plain variant's report says "loop versioned for vectorization because of possible aliasing" for this
    # loop (and runs it several times slower: benchmarks/python/no_alias.py): the no-alias variant needs no such
    # check.
    assert "possible aliasing" not in text, text


def test_overlapping_pointers_run_the_plain_variant_with_the_right_result(cpu_device, fresh_kernel_cache):
    kernel = pk.Kernel(HORNER, "Horner")
    n = 256
    data = np.linspace(-1, 1, n, dtype=np.float32)
    buf = pk.asarray(data.copy(), device=cpu_device)
    q = pk.Queue(cpu_device)
    kernel(q, pk.valid_workdiv(cpu_device, n), buf, buf, np.uint64(n))  # in place: x and y are one array
    q.wait()
    np.testing.assert_allclose(np.asarray(buf), horner_reference(data), rtol=1e-5)
    types = ["float*", "float*", "std::uint64_t"]
    assert variant_compiled(kernel, cpu_device, types, no_alias=False)
    assert not variant_compiled(kernel, cpu_device, types, no_alias=True)


def test_partly_overlapping_views_count_as_overlapping(cpu_device):
    kernel = pk.Kernel(SHIFT, "AddInto")
    n = 64
    backing = pk.asarray(np.arange(2 * n, dtype=np.float32), device=cpu_device)
    a = backing[0:n]
    out = backing[n // 2 : n // 2 + n]  # overlaps the second half of a
    b = pk.asarray(np.ones(n, np.float32), device=cpu_device)
    q = pk.Queue(cpu_device)
    kernel(q, pk.WorkDiv(1, 1, n), a, b, out, np.uint64(n))  # one thread, in order: a well-defined result
    q.wait()
    expected = np.arange(2 * n, dtype=np.float32)
    for i in range(n):
        expected[n // 2 + i] = expected[i] + 1
    np.testing.assert_array_equal(np.asarray(backing), expected)
    types = ["float*", "float*", "float*", "std::uint64_t"]
    assert variant_compiled(kernel, cpu_device, types, no_alias=False)


def test_read_only_pointers_may_overlap_each_other(cpu_device):
    kernel = pk.Kernel(SHIFT, "AddInto")
    n = 64
    source = np.arange(n, dtype=np.float32)
    source.flags.writeable = False
    out = pk.zeros(cpu_device, n, np.float32)
    q = pk.Queue(cpu_device)
    kernel(q, pk.valid_workdiv(cpu_device, n), source, source, out, np.uint64(n))  # a and b: one read-only array
    q.wait()
    np.testing.assert_array_equal(np.asarray(out), 2 * source)
    types = ["float const*", "float const*", "float*", "std::uint64_t"]
    assert variant_compiled(kernel, cpu_device, types, no_alias=True)


def test_one_pointer_has_a_single_variant(cpu_device):
    kernel = pk.Kernel(HORNER.replace("Horner", "Single"), "Single")
    entry = kernel.compile(cpu_device, 1, ["float const*", "float*", "std::uint64_t"], no_alias=True)
    plain = kernel.compile(cpu_device, 1, ["float const*", "float*", "std::uint64_t"])
    assert entry.key != plain.key
    one = pk.Kernel(
        "struct Fill { template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, float* y, "
        "std::uint64_t n) const { for(auto i : alpaka::uniformElements(acc, n)) y[i] = 1.0f; } };",
        "Fill",
    )
    assert (
        one.compile(cpu_device, 1, ["float*", "std::uint64_t"], no_alias=True).key
        == one.compile(cpu_device, 1, ["float*", "std::uint64_t"]).key
    )


def test_precompile_builds_the_no_alias_variant_and_with_aliasing_both(tmp_path, monkeypatch):
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "horner.cpp"
    source.write_text(HORNER)
    command = [
        sys.executable,
        "-m",
        "pyalpaka",
        "cache",
        "precompile",
        str(source),
        "--kernel",
        "Horner",
        "--signature",
        "float*, float*, std::uint64_t",
        "--backend",
        "cpu_serial",
    ]
    first = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    assert pk.cache.info()["entries"] == 1
    both = subprocess.run([*command, "--aliasing"], capture_output=True, text=True, timeout=600)
    assert both.returncode == 0, both.stderr
    assert "aliasing): compiled in" in both.stderr and "std::uint64_t): cached" in both.stderr, both.stderr
    assert pk.cache.info()["entries"] == 2
    # A launch with separate buffers finds its variant precompiled.
    kernel = pk.Kernel.from_file(source, "Horner")
    dev = pk.device("cpu_serial")
    runs = _compiler.compiler_runs
    x, y = pk.zeros(dev, 8, np.float32), pk.zeros(dev, 8, np.float32)
    kernel(pk.Queue(dev), pk.WorkDiv(1, 1, 8), x, y, np.uint64(8))
    assert _compiler.compiler_runs == runs
