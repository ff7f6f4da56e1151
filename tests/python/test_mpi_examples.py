# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""examples/mpi: the heat-equation solver split across 2 MPI ranks gives the single-rank field, in C++ and in Python.

The comparisons are bit for bit (np.array_equal), not to a tolerance: every point's update reads the same four
neighbour values whatever the split (the halo rows are exact copies), and the C++ kernel, pk.kernels.stencil and the
NumPy reference below all compute 0.25 * (up + down + left + right) in that order (no multiply-add to contract), from
initial fields built by the same operations. The 2-rank runs put the ranks on different back-ends (serial and
std::thread), which the comparison covers too.

Without mpiexec, cmake or mpi4py the tests skip, naming what is missing; under CI (CI=true) they fail instead, since
scripts/setup.sh and scripts/python-env.sh install all three.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mpi"
# 67 rows: 65 interior rows, split 33 + 32 over two ranks (an uneven split); 150 steps spread the top edge's heat
# across the rank boundary.
NY, NX, STEPS = 67, 50, 150
TIMEOUT = 120


def require(what: object, reason: str) -> None:
    if what:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason}: CI must have it (scripts/setup.sh, scripts/python-env.sh)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def mpiexec() -> str:
    path = shutil.which("mpiexec")
    require(path, "mpiexec not found (install MPI: scripts/setup.sh installs mpich)")
    return str(path)


def run_heat(mpiexec: str, ranks: int, command: list[str], backends: str, output: Path, env: dict) -> str:
    """Runs the solver with `ranks` ranks; returns its checksum line after checking the rank lines."""
    args = [mpiexec, "-n", str(ranks), *command]
    args += ["--ny", str(NY), "--nx", str(NX), "--steps", str(STEPS), "--backend", backends, "--output", str(output)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL, env=env)
    assert done.returncode == 0, f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    lines = done.stdout.splitlines()
    assert lines[0] == f"heat: {NY} x {NX} grid, {STEPS} steps, {ranks} rank(s)", done.stdout
    assert [line.split(":")[0] for line in lines[1 : 1 + ranks]] == [f"rank {r}" for r in range(ranks)], done.stdout
    checksum = next(line for line in lines if line.startswith("checksum: "))
    return checksum


def reference() -> np.ndarray:
    """The field after STEPS Jacobi sweeps, computed with NumPy on the whole grid."""
    u = np.arange(NX, dtype=np.float64)[None, :] / np.float64(NX - 1)
    v = np.arange(NY, dtype=np.float64)[:, None] / np.float64(NY - 1)
    field = 16.0 * u * (1.0 - u) * v * (1.0 - v)
    field[:, 0] = field[:, -1] = field[-1, :] = 0.0
    field[0, :] = 1.0
    for _ in range(STEPS):
        following = field.copy()
        following[1:-1, 1:-1] = 0.25 * (field[:-2, 1:-1] + field[2:, 1:-1] + field[1:-1, :-2] + field[1:-1, 2:])
        field = following
    return field


def run_one_and_two_ranks(mpiexec: str, command: list[str], serial: str, threads: str, out: Path) -> dict:
    """{ranks: (field, checksum line)} for 1 rank on the serial back-end and 2 ranks on serial and std::thread."""
    results = {}
    for ranks, backends in [(1, serial), (2, f"{serial},{threads}")]:
        output = out / f"field-{ranks}.npy"
        # mpiexec passes the environment on to the ranks: a private JIT cache (the precompiled headers stay shared,
        # PYALPAKA_PCH_DIR of the shared_pch fixture), and PYTHONPATH where a developer sets it.
        env = dict(os.environ, PYALPAKA_CACHE_DIR=str(out / "cache"))
        checksum = run_heat(mpiexec, ranks, command, backends, output, env)
        results[ranks] = (np.load(output), checksum)
    return results


@pytest.fixture(scope="module")
def cpp_results(mpiexec, tmp_path_factory) -> dict:
    """Builds the C++ example against this source tree with the serial and std::thread back-ends, and runs it."""
    cmake = shutil.which("cmake")
    require(cmake, "cmake not found")
    build = tmp_path_factory.mktemp("heat-cpp")
    configure = [str(cmake), "-S", str(EXAMPLE), "-B", str(build / "build")]
    configure += ["-Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON", "-Dalpaka_ACC_CPU_B_SEQ_T_THREADS_ENABLE=ON"]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    if shutil.which("ccache"):
        configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    for step in [configure, [str(cmake), "--build", str(build / "build"), "-j2"]]:
        done = subprocess.run(step, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, f"{' '.join(step)} failed:\n{done.stdout[-8000:]}\n{done.stderr[-8000:]}"
    return run_one_and_two_ranks(mpiexec, [str(build / "build" / "heat")], "CpuSerial", "CpuThreads", build)


@pytest.fixture(scope="module")
def python_results(mpiexec, tmp_path_factory, shared_pch) -> dict:
    """Runs heat.py with the shipped stencil; under key "jit" the same runs with its run-time compiled kernel."""
    require(importlib.util.find_spec("mpi4py"), "mpi4py is not installed (pip install mpi4py: the `mpi` extra)")
    out = tmp_path_factory.mktemp("heat-py")
    command = [sys.executable, str(EXAMPLE / "heat.py")]
    results = run_one_and_two_ranks(mpiexec, command, "cpu_serial", "cpu_threads", out)
    (out / "jit").mkdir()
    results["jit"] = run_one_and_two_ranks(mpiexec, [*command, "--jit"], "cpu_serial", "cpu_threads", out / "jit")
    return results


def check_two_ranks_match_one(results: dict) -> None:
    one, two = results[1], results[2]
    assert np.array_equal(two[0], one[0]), f"max difference {np.abs(two[0] - one[0]).max()}"
    assert two[1] == one[1]
    np.testing.assert_array_equal(one[0], reference())


def test_cpp_two_ranks_match_one_rank(cpp_results):
    check_two_ranks_match_one(cpp_results)


def test_python_two_ranks_match_one_rank(python_results):
    check_two_ranks_match_one(python_results)


def test_python_jit_kernel_two_ranks_match_one_rank(python_results):
    check_two_ranks_match_one(python_results["jit"])
    assert python_results["jit"][1][1] == python_results[1][1]


def test_cpp_and_python_agree(cpp_results, python_results):
    assert np.array_equal(cpp_results[2][0], python_results[2][0])
    assert cpp_results[2][1] == python_results[2][1]
