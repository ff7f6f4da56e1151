# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Run-time compilation (pyalpaka.Kernel): argument mapping, template kernels, options, errors with the user's line
numbers, and every available CPU back-end against NumPy."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _compiler

from _support import AXPY, BLOCK_SUM

SCALE = r"""
template<int TFactor>
struct Scale
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T* x, std::int64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(n)))
            x[i] = static_cast<T>(x[i] * TFactor + OFFSET);
    }
};
"""


@pytest.fixture(scope="module")
def cache_dir(module_kernel_cache):
    """One cache for this module's tests (they are about compiling, not caching: test_jit_cache.py is)."""
    return module_kernel_cache


@pytest.fixture
def cpu_device(device):
    if not device.is_host:
        pytest.skip(f"{device}: run-time compilation is CPU-only in this build")
    return device


def test_axpy_on_every_cpu_backend_matches_numpy(cpu_device, cache_dir):
    n = 1000
    x = np.linspace(-1.0, 1.0, n, dtype=np.float32)
    y = np.arange(n, dtype=np.float32)
    kernel = pk.Kernel(AXPY, "Axpy")
    queue = pk.Queue(cpu_device, blocking=False)
    yb = pk.asarray(y.copy(), device=cpu_device)
    wd = pk.valid_workdiv(cpu_device, n, thread_elems=8, block_threads_must_divide=False)
    kernel(queue, wd, np.float32(2.5), pk.asarray(x, device=cpu_device), yb, np.uint64(n))
    queue.wait()
    np.testing.assert_allclose(yb.to_numpy(), np.float32(2.5) * x + y, rtol=1e-6)


def test_dynamic_shared_memory_of_a_jit_kernel(cpu_device, cache_dir):
    threads = pk.valid_workdiv(cpu_device, 64, block_threads_must_divide=False).block_threads[0]
    blocks = 8
    n = blocks * threads
    x = np.arange(n, dtype=np.int64) * 3 - 7
    sums = np.zeros(blocks, dtype=np.int64)
    queue = pk.Queue(cpu_device, blocking=True)
    kernel = pk.Kernel(BLOCK_SUM, "BlockSum")
    kernel(queue, pk.WorkDiv(blocks, threads, 1), x, sums, np.uint64(n))
    np.testing.assert_array_equal(sums, x.reshape(blocks, threads).sum(axis=1))
    # A request above the back-end's limit is refused before anything runs, naming the sizes.
    with pytest.raises(ValueError, match="dynamic block shared memory, at most"):
        kernel(queue, pk.WorkDiv(blocks, threads, 1), x, sums, np.uint64((1 << 30) + (1 << 40)))


def test_second_launch_is_a_hit_without_a_compiler_process(fresh_kernel_cache):
    dev = pk.device("cpu_serial")
    queue = pk.Queue(dev, blocking=True)
    kernel = pk.Kernel(AXPY, "Axpy")
    x = np.ones(10)
    y = np.zeros(10)
    wd = pk.WorkDiv(10)
    kernel(queue, wd, 3.0, x, y, np.uint64(10))
    runs = _compiler.compiler_runs
    kernel(queue, wd, 3.0, x, y, np.uint64(10))
    assert _compiler.compiler_runs == runs
    np.testing.assert_array_equal(y, np.full(10, 6.0))
    # Another Kernel object with the same source finds the entry on disk, again without compiling.
    again = pk.Kernel(AXPY, "Axpy")
    entry = again.compile(dev, 1, ["double", "double const*", "double*", "std::uint64_t"])
    assert not entry.hit  # the launch above passed double*, not double const*, for x: another variant
    assert again.compile(dev, 1, ["double", "double const*", "double*", "std::uint64_t"]).hit is False
    third = pk.Kernel(AXPY, "Axpy")
    runs = _compiler.compiler_runs
    assert third.compile(dev, 1, ["double", "double const*", "double*", "std::uint64_t"]).hit
    assert _compiler.compiler_runs == runs


def test_template_kernel_by_name_expression_and_defines(cache_dir):
    dev = pk.device("cpu_serial")
    queue = pk.Queue(dev, blocking=True)
    x = np.arange(5, dtype=np.int32)
    pk.Kernel(SCALE, "Scale<3>", defines={"OFFSET": 1})(queue, pk.WorkDiv(1, 1, 5), x, 5)
    np.testing.assert_array_equal(x, np.arange(5) * 3 + 1)
    y = np.arange(4, dtype=np.float64)
    pk.Kernel(SCALE, "Scale<2>", defines=["OFFSET=0.5"])(queue, pk.WorkDiv(2, 1, 2), y, 4)
    np.testing.assert_array_equal(y, np.arange(4) * 2 + 0.5)


ALL_TYPES = r"""
struct Store
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, double* out, std::int8_t a, std::uint8_t b, std::int16_t c,
                                  std::uint16_t d, std::int32_t e, std::uint32_t f, std::int64_t g, std::uint64_t h,
                                  float i, double j, bool k, std::int64_t pyint, double pyfloat, bool pybool,
                                  float const* readonly) const
    {
        double const values[] = {double(a), double(b), double(c), double(d), double(e), double(f), double(g),
                                 double(h), double(i), j, k ? 1.0 : 0.0, double(pyint), pyfloat, pybool ? 1.0 : 0.0,
                                 double(readonly[0])};
        for(int v = 0; v < 15; ++v)
            out[v] = values[v];
    }
};
"""


def test_every_argument_type_reaches_the_kernel_exactly(cache_dir):
    dev = pk.device("cpu_serial")
    queue = pk.Queue(dev, blocking=True)
    out = pk.zeros(dev, 15, np.float64)
    readonly = np.array([7.5], dtype=np.float32)
    readonly.flags.writeable = False
    args = (
        np.int8(-8),
        np.uint8(200),
        np.int16(-300),
        np.uint16(60000),
        np.int32(-70000),
        np.uint32(4000000000),
        np.int64(-(2**40)),
        np.uint64(2**63),
        np.float32(0.25),
        np.float64(1e300),
        np.bool_(True),
        2**53,
        0.125,
        False,
        readonly,
    )
    assert pk._core.jit_argument_types(*args) == (
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
        "bool",
        "std::int64_t",
        "double",
        "bool",
        "float const*",
    )
    pk.Kernel(ALL_TYPES, "Store")(queue, pk.WorkDiv(1), out, *args)
    expected = [-8, 200, -300, 60000, -70000, 4000000000, -(2**40), 2**63, 0.25, 1e300, 1, 2**53, 0.125, 0, 7.5]
    assert out.to_numpy().tolist() == expected


SYNTAX_ERROR = """struct Broken
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, float* x) const
    {
        x[0] = 1.0f + ;  // an operand is missing
    }
};
"""

TYPE_ERROR = """struct Wrong
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, float* x) const
    {
        x[0] = std::string("not a float");
    }
};
"""


@pytest.mark.parametrize(
    ("source", "name", "line"), [(SYNTAX_ERROR, "Broken", 6), (TYPE_ERROR, "Wrong", 6)], ids=["syntax", "type"]
)
def test_compile_errors_point_at_the_user_line(cache_dir, source, name, line):
    dev = pk.device("cpu_serial")
    kernel = pk.Kernel(source, name, filename="mykernel.cpp")
    with pytest.raises(pk.CompileError, match=f"kernel '{name}' failed to compile") as info:
        kernel(pk.Queue(dev, blocking=True), pk.WorkDiv(1), np.zeros(1, np.float32))
    error = info.value
    assert isinstance(error, pk.Error)
    assert error.diagnostics() and error.diagnostics()[0][0] == line
    text = str(error)
    assert f">{line:5d} | " in text  # the user's own line, numbered as in their text
    assert "mykernel.cpp" in error.log
    assert error.command and error.source == source
    assert "PYALPAKA_DEFINE_ENTRY" in error.generated


def test_unknown_kernel_name_is_a_compile_error(cache_dir):
    with pytest.raises(pk.CompileError, match="NoSuchKernel"):
        pk.Kernel(AXPY, "NoSuchKernel")(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(1), np.zeros(1))


def test_bad_launches_raise_value_errors_and_bad_arguments_type_errors(cache_dir):
    dev = pk.device("cpu_serial")
    queue = pk.Queue(dev, blocking=False)
    kernel = pk.Kernel(AXPY, "Axpy")
    x = np.ones(4)
    with pytest.raises(ValueError, match="block"):
        kernel(queue, pk.WorkDiv(1, 2, 1), 1.0, x, x.copy(), np.uint64(4))  # 2 threads on a one-thread back-end
    with pytest.raises(TypeError, match="argument 2"):
        kernel(queue, pk.WorkDiv(1), 1.0, "not an array", x, np.uint64(4))
    with pytest.raises(ValueError, match="out of range"):
        kernel(queue, pk.WorkDiv(1), 1.0, x, x.copy(), 2**70)
    queue.wait()


def test_the_queue_work_division_and_keywords_of_a_launch_are_checked(cache_dir):
    # A launch is called at a high rate and parses its own arguments (src/bindings/FastCall.hpp): what pybind11
    # checked, it checks, with messages that name the kernel and what was expected.
    dev = pk.device("cpu_serial")
    queue = pk.Queue(dev)
    kernel = pk.Kernel(AXPY, "Axpy")
    x = np.ones(4)
    calls = {
        r"Axpy\(queue, workdiv, \*args\) takes a pyalpaka.Queue and a pyalpaka.WorkDiv first, got 0 arguments": (
            lambda: kernel()
        ),
        r"Axpy.* got 1 argument$": lambda: kernel(queue),
        r"Axpy\(queue, workdiv, \*args\): argument 1 is <class 'str'>, expected a pyalpaka.Queue": lambda: kernel(
            "q", pk.WorkDiv(1), 1.0, x, x.copy(), 4
        ),
        r"argument 2 is <class 'tuple'>, expected a pyalpaka.WorkDiv": lambda: kernel(queue, (1, 1, 1), 1.0, x, x, 4),
        r"argument 1 is <class 'pyalpaka._core.WorkDiv'>, expected a pyalpaka.Queue": lambda: kernel(
            pk.WorkDiv(1), queue, 1.0, x, x, 4
        ),
        r"unexpected keyword argument 'coop'": lambda: kernel(queue, pk.WorkDiv(1), 1.0, x, x, 4, coop=True),
        r"Axpy: cooperative must be a bool, got 'yes'": lambda: kernel(queue, pk.WorkDiv(1), cooperative="yes"),
    }
    for message, call in calls.items():
        with pytest.raises(TypeError, match=message):
            call()
    y = np.zeros(4)
    kernel(queue, pk.WorkDiv(1), 2.0, x, y, np.uint64(4), cooperative=np.False_)  # numpy.bool_ is a bool
    queue.wait()
    np.testing.assert_array_equal(y, 2 * x)
    with pytest.raises(TypeError, match=r"descriptor '__call__' for 'pyalpaka\._core\.JitLauncher' objects"):
        type(kernel).__call__(object(), queue, pk.WorkDiv(1))


def test_kernel_exception_reaches_wait(cache_dir):
    source = """struct Throws {
        template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const&, int code) const {
            if(code == 42) throw std::runtime_error("kernel says 42");
        }
    };"""
    dev = pk.device("cpu_threads")
    queue = pk.Queue(dev, blocking=False)
    pk.Kernel(source, "Throws")(queue, pk.WorkDiv(1), 42)
    with pytest.raises(pk.Error, match="kernel says 42"):
        queue.wait()
    pk.Kernel(source, "Throws")(queue, pk.WorkDiv(1), 1)  # the queue stays usable
    queue.wait()


def test_two_threads_launching_a_new_kernel_compile_it_once(fresh_kernel_cache):
    dev = pk.device("cpu_serial")
    kernel = pk.Kernel(AXPY.replace("Axpy", "AxpyThreads"), "AxpyThreads")
    runs = _compiler.compiler_runs
    results = []

    def launch():
        queue = pk.Queue(dev, blocking=True)
        y = np.zeros(16)
        kernel(queue, pk.WorkDiv(16), 2.0, np.ones(16), y, np.uint64(16))
        results.append(y)

    threads = [threading.Thread(target=launch) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 2 and all((r == 2.0).all() for r in results)
    compiles = _compiler.compiler_runs - runs
    assert compiles in (1, 2)  # the entry, plus the precompiled header if this is the first compile here
    assert kernel.loaded_variants == 1


def test_from_file_options_and_include_dirs(cache_dir, tmp_path):
    header = tmp_path / "factor.hpp"
    header.write_text("#pragma once\nconstexpr double factor = 4.0;\n")
    source = tmp_path / "kernel.cpp"
    source.write_text(
        '#include "factor.hpp"\nstruct Times { template<typename TAcc> ALPAKA_FN_ACC void '
        "operator()(TAcc const&, double* x) const { x[0] *= factor * EXTRA; } };\n"
    )
    kernel = pk.Kernel.from_file(source, "Times", options=["-DEXTRA=2"])
    x = np.ones(1)
    kernel(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(1), x)
    assert x[0] == 8.0
    with pytest.raises(TypeError, match="sequence of flags"):
        pk.Kernel(AXPY, "Axpy", options="-O2")
    with pytest.raises(TypeError, match="non-empty"):
        pk.Kernel("", "Axpy")


def test_cpu_kernels_target_this_processor(monkeypatch):
    """-march=native by default, with this processor in the cache key; PYALPAKA_HOST_ARCH picks another target."""
    from pyalpaka import _buildconfig

    monkeypatch.delenv("PYALPAKA_HOST_ARCH", raising=False)
    flags, identity = _buildconfig.host_arch_flags()
    assert flags == ("-march=native",)
    assert identity.startswith("native ") and len(identity) > len("native ")
    native = _buildconfig.host_toolchain("cpu_serial")
    assert "-march=native" in native.flags and identity in native.identity
    for value, expected in [("portable", ()), ("none", ()), ("x86-64-v3", ("-march=x86-64-v3",))]:
        monkeypatch.setenv("PYALPAKA_HOST_ARCH", value)
        assert _buildconfig.host_arch_flags()[0] == expected
        # Another target is another cache key (the identity is part of it, and so are the flags).
        assert _buildconfig.host_toolchain("cpu_serial").identity != native.identity
    monkeypatch.setenv("PYALPAKA_HOST_ARCH", "skylake; rm -rf /")
    with pytest.raises(pk.BackendUnavailableError, match="PYALPAKA_HOST_ARCH='skylake; rm -rf /' is not a processor"):
        _buildconfig.host_arch_flags()
