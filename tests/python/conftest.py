# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Fixtures that run each test once per back-end of the build (write a test once, run it everywhere:
docs/dev/conventions.md).

``backend`` is parametrized over every name ``pyalpaka.backends()`` lists, available or not; the unavailable ones are
skipped with their reason, so a GPU back-end shows up in the report as "skipped: cuda: no CUDA driver found", never
as passed. ``device`` and ``queue`` build on it; ``queue`` is parametrized over blocking and non-blocking queues, so
that ids read ``cpu_threads-nonblocking``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pyalpaka as pk

# The test modules share helpers through _support.py next to this file, whatever pytest's import mode.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import shared_kernel_cache


def _selected_backends() -> list:
    """Every back-end of the build, or those named in PYALPAKA_TEST_BACKENDS (comma-separated; the quick tier)."""
    import os

    every = pk.backends()
    wanted = [name.strip() for name in os.environ.get("PYALPAKA_TEST_BACKENDS", "").split(",") if name.strip()]
    if not wanted:
        return every
    known = {b.name for b in every}
    unknown = sorted(set(wanted) - known)
    if unknown:
        raise pytest.UsageError(
            f"PYALPAKA_TEST_BACKENDS names {unknown}; the back-ends of this build are {sorted(known)}"
        )
    return [b for b in every if b.name in wanted]


_BACKENDS = _selected_backends()


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Parametrizing here rather than with fixture params puts the back-end first in the ids
    # (test_x[cpu_threads-nonblocking]): tryfirst runs this before pytest parametrizes marks and fixtures.
    if "backend" in metafunc.fixturenames:
        names = [b.name for b in _BACKENDS]
        metafunc.parametrize("backend", names, ids=names, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The name of a back-end; skips unavailable back-ends, naming the reason."""
    info = next(b for b in _BACKENDS if b.name == request.param)
    if not info.available:
        pytest.skip(f"{info.name}: {info.reason}")
    return info.name


@pytest.fixture
def device(backend: str) -> pk.Device:
    """Device 0 of the back-end."""
    return pk.device(backend)


@pytest.fixture
def host_device(device: pk.Device) -> pk.Device:
    """The device, for tests of host memory (zero-copy NumPy views); skips devices with their own memory."""
    if not device.is_host:
        pytest.skip(f"{device}: its memory is not host memory, NumPy cannot view it")
    return device


@pytest.fixture(params=[True, False], ids=["blocking", "nonblocking"])
def queue(device: pk.Device, request: pytest.FixtureRequest):
    """A blocking or a non-blocking queue of the device; waited for after the test, so that errors surface."""
    q = pk.Queue(device, blocking=request.param)
    yield q
    q.wait()


@pytest.fixture(scope="module")
def serial() -> pk.Queue:
    """A blocking queue of cpu_serial, for tests that do not depend on the back-end (the one-line kernels')."""
    return pk.Queue(pk.device("cpu_serial"), blocking=True)


@pytest.fixture
def cpu() -> pk.Device:
    """The best CPU device, for tests about buffers and values rather than back-ends."""
    return pk.device("cpu")


def _folder_in_environment(variable: str, folder: Path):
    """Sets the environment variable to the folder while the fixture lives, then restores what it was."""
    import os

    saved = os.environ.get(variable)
    os.environ[variable] = str(folder)
    yield folder
    if saved is None:
        os.environ.pop(variable, None)
    else:
        os.environ[variable] = saved


@pytest.fixture(scope="session")
def shared_pch(tmp_path_factory: pytest.TempPathFactory):
    """One folder for run-time compilation's precompiled headers across the session (PYALPAKA_PCH_DIR): tests that
    start from an empty kernel cache then do not each rebuild the library's precompiled header."""
    yield from _folder_in_environment("PYALPAKA_PCH_DIR", tmp_path_factory.mktemp("pch"))


@pytest.fixture(scope="module")
def module_kernel_cache(tmp_path_factory: pytest.TempPathFactory, shared_pch):
    """One kernel cache (PYALPAKA_CACHE_DIR) for a test module's kernels, sharing the session's precompiled headers
    (or the shared_kernel_cache)."""
    yield from _folder_in_environment(
        "PYALPAKA_CACHE_DIR", shared_kernel_cache() or tmp_path_factory.mktemp("kernel-cache")
    )


@pytest.fixture
def fresh_kernel_cache(tmp_path: Path, shared_pch, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty kernel cache of the test's own, for a test that needs its kernels to be compiled in it (a miss before
    a hit), where the module's cache may be the shared_kernel_cache that earlier runs filled."""
    folder = tmp_path / "kernel-cache"
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")  # test_cache_trust.py, test_cache_two_users.py
def other_user():
    """A throw-away second local user (created with useradd, removed with userdel afterwards)."""
    if os.geteuid() != 0:
        pytest.skip("needs root: the test creates a second local user (useradd) to act as the attacker")
    useradd, userdel = shutil.which("useradd"), shutil.which("userdel")
    if useradd is None or userdel is None:
        pytest.skip("useradd or userdel is missing: no second local user can be created")
    name = f"pyalpaka-t{os.getpid() % 100000}"
    for _ in range(10):  # another test process may hold the lock of /etc/passwd a moment
        added = subprocess.run([useradd, "--no-create-home", "--shell", "/bin/sh", name], capture_output=True)
        if added.returncode == 0:
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"useradd {name} failed: {added.stderr}")
    try:
        yield pwd.getpwnam(name)
    finally:
        for _ in range(10):
            if subprocess.run([userdel, name], capture_output=True).returncode == 0:
                break
            time.sleep(0.5)
