# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The installed wheel as a user gets it (scripts/test-wheel.sh copies this file into an empty folder, next to the
shipped-kernel tests, and runs it in a fresh virtual environment where only the wheel and its dependencies are
installed). $PYALPAKA_SOURCE_TREE names the source tree, which must be on no path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _tbb

from _support import AXPY, AXPY_TYPES  # copied next to this file with the shipped kernels' tests

SOURCE_TREE = Path(os.environ["PYALPAKA_SOURCE_TREE"]).resolve()
HOST_BACKENDS = [
    "cpu_serial",
    "cpu_threads",
    "cpu_omp2_blocks",
    "cpu_omp2_threads",
    "cpu_tbb_blocks",
    "cpu_fibers",
    "omp5",
]


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=600,
    )


def test_nothing_comes_from_the_source_tree():
    assert not Path(pk.__file__).resolve().is_relative_to(SOURCE_TREE)
    assert Path(pk.__file__).resolve().is_relative_to(Path(sys.prefix).resolve())
    for entry in sys.path:
        assert not Path(entry or ".").resolve().is_relative_to(SOURCE_TREE), entry


def test_info_lists_every_host_backend():
    out = subprocess.run([sys.executable, "-m", "pyalpaka", "info"], capture_output=True, text=True, check=True).stdout
    print(out)
    for name in HOST_BACKENDS:
        assert name in out
    if _tbb.built_with_wheel():
        assert f"oneTBB: the tbb wheel's {_tbb.library()}" in out


def test_every_host_backend_but_fibers_is_available():
    available = {b.name for b in pk.backends() if b.available}
    missing = [b for b in HOST_BACKENDS if b not in available and b != "cpu_fibers"]
    assert not missing, {b.name: b.reason for b in pk.backends() if b.name in missing}


def test_onetbb_is_the_tbb_wheels():
    if not _tbb.built_with_wheel():
        pytest.skip("this wheel was built against a system oneTBB")
    pk.device("cpu_tbb_blocks")
    loaded = {line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines() if "libtbb.so" in line}
    assert loaded and all(Path(p).resolve().is_relative_to(Path(sys.prefix).resolve()) for p in loaded), loaded


@pytest.mark.parametrize("name", HOST_BACKENDS)
def test_run_time_compiled_kernel(name, tmp_path, monkeypatch):
    if name not in {b.name for b in pk.backends() if b.available}:
        pytest.skip(f"{name} is not in this wheel")
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path))
    axpy = pk.Kernel(AXPY, "Axpy")
    dev = pk.device(name)
    x = np.arange(1000, dtype=np.float32)
    y = np.ones(1000, dtype=np.float32)
    xb, yb = pk.asarray(x, device=dev), pk.asarray(y, device=dev)
    queue = pk.Queue(dev)
    axpy(queue, pk.valid_workdiv(dev, 1000), np.float32(2), xb, yb, np.uint64(1000))
    queue.wait()
    np.testing.assert_array_equal(np.asarray(yb), 2 * x + 1)


def test_without_a_compiler_shipped_kernels_run_and_kernel_says_what_to_install(tmp_path):
    result = _python(
        f"""
        import numpy as np, pyalpaka as pk
        from pyalpaka import _buildconfig
        _buildconfig._config()["compiler"] = "/nonexistent/g++"   # as on a machine the wheel came to
        for backend in [b.name for b in pk.backends() if b.available]:
            dev = pk.device(backend)
            queue = pk.Queue(dev)
            x = pk.asarray(np.arange(64, dtype=np.float32), device=dev)
            y = pk.zeros(dev, 64, np.float32)
            pk.kernels.axpy(queue, pk.valid_workdiv(dev, 64), np.float32(2), x, y, 64)
            queue.wait()
            assert np.array_equal(np.asarray(y), 2 * np.arange(64, dtype=np.float32)), backend
        try:
            pk.Kernel({AXPY!r}, "Axpy").compile("cpu_serial", 1, {AXPY_TYPES!r})
        except pk.BackendUnavailableError as error:
            print(error)
        """,
        PATH=str(tmp_path),
        PYALPAKA_CACHE_DIR=str(tmp_path / "cache"),
    )
    assert result.returncode == 0, result.stderr
    assert "needs a C++20 compiler" in result.stdout
    assert "PYALPAKA_CXX" in result.stdout and "apt-get install g++" in result.stdout


def test_cuda_run_time_compilation_from_the_pypi_wheels(tmp_path):
    result = _python(
        f"""
        import ctypes.util, pyalpaka as pk
        from pyalpaka import _rtc
        _rtc._toolkit_roots = lambda: []            # hide the CUDA toolkit: NVRTC and CCCL must come from PyPI
        ctypes.util.find_library = lambda name: None
        print(_rtc.nvrtc().path)
        print(_rtc.cccl_include())
        entry = pk.Kernel({AXPY!r}, "Axpy").compile("cuda", 1, {AXPY_TYPES!r}, arch="sm_90")
        code = entry.path.read_bytes()
        assert b"sm_90" in code and b"pyalpaka_kernel" in code, entry.path
        """,
        PYALPAKA_CACHE_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    for line in result.stdout.split():
        assert Path(line).resolve().is_relative_to(Path(sys.prefix).resolve()), line
