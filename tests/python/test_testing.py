# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.testing: assert_backends_agree and the pytest plugin's fixtures."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib import metadata

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka.testing import assert_backends_agree, available_backends


def test_shipped_kernel_agrees_on_every_backend():
    n = 777
    x = np.linspace(0, 1, n)
    y = np.arange(n, dtype=np.float64)
    results = assert_backends_agree(pk.kernels.axpy, lambda dev: pk.valid_workdiv(dev, n, thread_elems=4), 2.0, x, y, n)
    assert set(results) == set(available_backends())
    np.testing.assert_allclose(results["cpu_serial"][2], 2.0 * x + y)
    assert (y == np.arange(n)).all()  # the caller's arrays are not touched


def test_a_disagreeing_kernel_is_reported(tmp_path, monkeypatch, shared_pch):
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    # Writes which back-end ran it: block thread counts differ between back-ends.
    source = """struct Threads {
        template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, std::int32_t* out) const {
            alpaka::oncePerGrid(acc) ? void(out[0] = static_cast<std::int32_t>(
                alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc).prod())) : void();
        }
    };"""
    kernel = pk.Kernel(source, "Threads")
    workdiv = lambda dev: pk.WorkDiv(1, min(4, dev.props["block_thread_count_max"]))  # noqa: E731
    multi = [b for b in available_backends("cpu") if pk.device(b).props["block_thread_count_max"] > 1]
    if not multi:
        pytest.skip("no back-end with several threads per block")
    with pytest.raises(AssertionError, match=f"argument 1 differs between {multi[0]} and cpu_serial"):
        assert_backends_agree(kernel, workdiv, np.zeros(1, np.int32), backends_to_check=[multi[0]])


PLUGIN_TEST = textwrap.dedent(
    """
    import os
    import numpy as np
    import pyalpaka as pk

    def test_fixtures(backend, device, jit_cache_dir):
        assert device.backend == backend
        assert os.environ["PYALPAKA_CACHE_DIR"] == str(jit_cache_dir)
        q = pk.Queue(device, blocking=True)
        x = pk.zeros(device, 8, np.float32)
        pk.kernels.fill(q, pk.valid_workdiv(device, 8), x, 3.0, 8)
        assert (x.to_numpy() == 3.0).all()
    """
)


def test_pytest_plugin_fixtures(tmp_path):
    (tmp_path / "test_user.py").write_text(PLUGIN_TEST)
    registered = any(e.value == "pyalpaka.testing" for e in metadata.entry_points(group="pytest11"))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path / "test_user.py")]
    if not registered:  # a source tree on PYTHONPATH: the entry point is not installed
        command[3:3] = ["-p", "pyalpaka.testing"]
    env = os.environ.copy()
    if env.get("PYTHONPATH"):  # relative entries would not survive the change of directory
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep))
    result = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    available = len(available_backends())
    assert f"{available} passed" in result.stdout
    assert "skipped" in result.stdout or available == len(pk.backends())
