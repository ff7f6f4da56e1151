# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Every script of examples/python runs to success as a user would run it: a subprocess, checked by its exit status
(each compares its results with NumPy and exits non-zero on a mismatch) and its output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pyalpaka as pk

from _scripts_env import ROOT, scripts_env

EXAMPLES = ROOT / "examples" / "python"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
AVAILABLE = [b.name for b in pk.backends() if b.available]


@pytest.fixture(scope="module")
def example_env(tmp_path_factory: pytest.TempPathFactory, shared_pch: Path) -> dict[str, str]:
    """A kernel cache of the session, the session's precompiled headers, this pyalpaka on the import path."""
    return scripts_env(tmp_path_factory)


def run(script: Path, env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, str(script), *args], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{script.name} exited with {result.returncode}:\n{output}"
    assert "WRONG" not in output, output
    return output


def test_the_examples_are_there():
    # Every script of the folder is run below; these are the ones the documentation names.
    assert {s.stem for s in SCRIPTS} >= {
        "axpy_all_backends",
        "vector_add",
        "reduction",
        "matrix_multiply",
        "first_kernel",
        "heat_equation",
        "validate_backends",
        "trace_pipeline",
    }


@pytest.mark.parametrize("script", [s for s in SCRIPTS if s.stem != "heat_equation"], ids=lambda s: s.stem)
def test_example_runs_on_every_available_backend(script: Path, example_env: dict[str, str]):
    output = run(script, example_env)
    for name in AVAILABLE:  # each script reports every available back-end
        assert name in output, f"{script.name} did not report {name}:\n{output}"


def test_heat_equation_plots(example_env: dict[str, str], tmp_path: Path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "heat.png"
    output = run(EXAMPLES / "heat_equation.py", example_env, "--plot", str(picture))
    assert ": ok," in output
    assert picture.stat().st_size > 1000


def test_heat_equation_on_the_serial_backend(example_env: dict[str, str]):
    assert "heat_equation cpu_serial" in run(EXAMPLES / "heat_equation.py", example_env, "--backend", "cpu_serial")
