# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The toolchain of run-time compilation on machines unlike the build machine: no C++ compiler, the build's compiler
missing, a back-end library the wheel was built against missing, oneTBB from the PyPI wheels."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _buildconfig, _tbb

from _support import AXPY, AXPY_TYPES


@pytest.fixture
def build_machine_elsewhere(monkeypatch, tmp_path):
    """The build's compiler is not on this machine, and PATH has no compiler either."""
    config = dict(_buildconfig._config())
    config["compiler"] = "/opt/rh/gcc-toolset-14/root/usr/bin/c++"
    monkeypatch.setattr(_buildconfig, "_config", lambda: config)
    monkeypatch.delenv("PYALPAKA_CXX", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    (tmp_path / "bin").mkdir()
    _buildconfig._found_compiler.cache_clear()
    yield tmp_path / "bin"
    _buildconfig._found_compiler.cache_clear()


def test_no_compiler_says_what_to_install_and_the_variable(build_machine_elsewhere, module_kernel_cache):
    with pytest.raises(pk.BackendUnavailableError) as error:
        pk.Kernel(AXPY, "Axpy").compile("cpu_serial", 1, AXPY_TYPES)
    message = str(error.value)
    assert "needs a C++20 compiler" in message and "/opt/rh/gcc-toolset-14/root/usr/bin/c++ is not here" in message
    assert "apt-get install g++" in message and "PYALPAKA_CXX" in message


def test_shipped_kernels_need_no_compiler(build_machine_elsewhere, device, queue):
    if device.emulated:
        pytest.skip("the emulated GPU's kernels, the shipped ones too, are compiled by the host compiler")
    x = pk.asarray(np.arange(32, dtype=np.float32), device=device)
    y = pk.zeros(device, 32, np.float32)
    pk.kernels.axpy(queue, pk.valid_workdiv(device, 32), np.float32(3), x, y, 32)
    queue.wait()
    np.testing.assert_array_equal(y.to_numpy(queue), 3 * np.arange(32, dtype=np.float32))


def test_a_compiler_on_path_stands_in_for_the_build_s(build_machine_elsewhere):
    gxx = Path(_buildconfig.shutil.which("g++", path="/usr/bin:/bin") or pytest.skip("no g++ in /usr/bin"))
    (build_machine_elsewhere / "g++").symlink_to(gxx)
    assert _buildconfig.host_compiler() == str(build_machine_elsewhere / "g++")
    toolchain = _buildconfig.host_toolchain("cpu_serial")
    assert toolchain.compiler == str(build_machine_elsewhere / "g++")
    assert "GNU" in toolchain.identity or "g++" in toolchain.identity  # the compiler's own version line


def test_pyalpaka_cxx_wins(build_machine_elsewhere, monkeypatch):
    monkeypatch.setenv("PYALPAKA_CXX", "/usr/bin/clang++")
    assert _buildconfig.host_compiler() == "/usr/bin/clang++"


def test_a_missing_backend_library_names_the_package(monkeypatch):
    config = dict(_buildconfig._config())
    backends = dict(config["backends"])
    backends["cpu_fibers"] = {
        "tag": "TagCpuFibers",
        "macro": "ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED",
        "flags": [],
        "libs": ["/nonexistent/libboost_context.so.1.74.0"],
    }
    config["backends"] = backends
    monkeypatch.setattr(_buildconfig, "_config", lambda: config)
    with pytest.raises(
        pk.BackendUnavailableError,
        match=r"cpu_fibers links /nonexistent/libboost_context.so.1.74.0, "
        r"which this machine lacks; .*libboost-context-dev",
    ):
        _buildconfig.host_toolchain("cpu_fibers")


@pytest.mark.skipif(not _tbb.built_with_wheel(), reason="this build took a system oneTBB")
class TestOneTbbFromPyPI:
    def test_the_extension_runs_on_the_tbb_wheels_library(self):
        pk.device("cpu_tbb_blocks")
        loaded = {
            line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines() if "libtbb.so.12" in line
        }
        assert loaded == {str(_tbb.library())}
        assert _tbb.library().is_relative_to(Path(sys.prefix).resolve())

    def test_run_time_compilation_takes_the_installed_wheels(self):
        toolchain = _buildconfig.host_toolchain("cpu_tbb_blocks")
        include = _tbb.include_dir()
        assert include is not None and (include / "oneapi" / "tbb.h").is_file()
        assert str(include) in toolchain.flags and str(_tbb.library()) in toolchain.libs

    def test_without_tbb_devel_the_error_says_pip_install(self, monkeypatch):
        monkeypatch.setattr(_tbb, "include_dir", lambda: None)
        with pytest.raises(
            pk.BackendUnavailableError,
            match=r"oneTBB headers of the tbb-devel wheel.*pip install "
            r"tbb-devel",
        ):
            _buildconfig.host_toolchain("cpu_tbb_blocks")
