# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Validating kernels on every back-end with pytest.

Installed as a pytest plugin (entry point ``pyalpaka``), so a test suite gets the fixtures without a conftest:

- ``backend``: the name of each available back-end in turn (unavailable ones are reported skipped with the reason);
- ``device``: ``pyalpaka.device(backend)``;
- ``jit_cache_dir``: a fresh kernel cache directory for the test (``PYALPAKA_CACHE_DIR``).

``assert_backends_agree(kernel, workdiv, *args)`` runs a kernel on every available back-end and checks that every
array argument ends up as on the serial back-end.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Callable

import numpy as np

from . import _cache
from ._core import Buffer, Device, Queue, WorkDiv
from ._devices import backends
from ._devices import device as _device


def available_backends(kinds: str = "all") -> list[str]:
    """Names of the back-ends that can run here; kinds="cpu" keeps the host ones."""
    names = [b.name for b in backends() if b.available]
    if kinds == "cpu":
        names = [n for n in names if _device(n).is_host]
    return names


def _run_on(
    backend: str, kernel: Any, workdiv: WorkDiv | Callable[[Device], WorkDiv], args: Sequence[Any]
) -> list[Any]:
    dev = _device(backend)
    queue = Queue(dev, blocking=True)
    wd = workdiv(dev) if callable(workdiv) and not isinstance(workdiv, WorkDiv) else workdiv
    from ._buffers import asarray  # late: avoid an import cycle at package import

    launched = [asarray(np.array(a, copy=True), device=dev) if isinstance(a, np.ndarray) else a for a in args]
    kernel(queue, wd, *launched)
    queue.wait()
    return [a.to_numpy() if isinstance(a, Buffer) else a for a in launched]


def assert_backends_agree(
    kernel: Any,
    workdiv: WorkDiv | Callable[[Device], WorkDiv],
    *args: Any,
    backends_to_check: Sequence[str] | None = None,
    rtol: float = 1e-6,
    atol: float = 0.0,
) -> dict[str, list[Any]]:
    """Runs ``kernel(queue, workdiv, *args)`` on every available back-end (or ``backends_to_check``), each time with
    fresh device copies of the NumPy array arguments, and asserts that every array ends as on ``cpu_serial``
    (``numpy.testing.assert_allclose`` with ``rtol``/``atol``; exact for integers). ``workdiv`` may be a callable
    taking the device, for back-ends that need different work divisions. Returns the arrays per back-end.

    The default tolerance, ``rtol=1e-6`` (about eight float32 units in the last place), admits what may differ
    between correct results of one kernel on two back-ends: the rounding of ``a*x + y`` contracted into one fused
    multiply-add where one compilation contracts and the other does not (GPU compilers and run-time compiled CPU
    kernels contract by default, ``pk.Kernel(fp_contract="off")`` does not), and the order in which threads combine
    partial results (atomics, reductions). Kernels without either may pass ``rtol=0`` to compare exactly."""
    names = list(backends_to_check) if backends_to_check is not None else available_backends()
    reference = _run_on("cpu_serial", kernel, workdiv, args)
    results = {"cpu_serial": reference}
    for name in names:
        if name == "cpu_serial":
            continue
        results[name] = _run_on(name, kernel, workdiv, args)
        for index, (got, want) in enumerate(zip(results[name], reference)):
            if isinstance(want, np.ndarray):
                message = f"argument {index + 1} differs between {name} and cpu_serial (rtol={rtol}, atol={atol})"
                if np.issubdtype(want.dtype, np.inexact):
                    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=message)
                else:
                    np.testing.assert_array_equal(got, want, err_msg=message)
    return results


# ---- pytest plugin -------------------------------------------------------------------------------------------------
try:
    import pytest
except ImportError:  # the helpers above work without pytest
    pytest = None

if pytest is not None:

    @pytest.fixture(params=[b.name for b in backends()], ids=lambda name: name)
    def backend(request: Any) -> str:
        """Each back-end of the build in turn; unavailable ones are skipped with their reason."""
        info = {b.name: b for b in backends()}[request.param]
        if not info.available:
            pytest.skip(f"{info.name}: {info.reason}")
        return info.name

    @pytest.fixture
    def device(backend: str) -> Device:
        """The first device of ``backend``."""
        return _device(backend)

    @pytest.fixture
    def jit_cache_dir(tmp_path: Path, monkeypatch: Any) -> Path:
        """A fresh, empty kernel cache for the test."""
        folder = tmp_path / "pyalpaka-cache"
        monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(folder))
        _cache.forget()
        return folder
