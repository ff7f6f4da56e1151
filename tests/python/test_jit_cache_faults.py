# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernel cache heals from what crashes, full disks and concurrency do to it: damaged precompiled headers,
processes killed (kill -9) while compiling, locks of dead processes, a full disk, a read-only cache, a path with
spaces and non-ASCII characters, many processes and threads compiling the same new kernel; and its size cap."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _cache, _cache_cap, _compiler, _locks, _pch, _progress
from pyalpaka._buildconfig import build_config, host_toolchain

from _cache_faults import report, run_child, source, start_child, write_standin_compiler


def run(value: float, **kwargs) -> list[float]:
    """Compiles (or finds) the kernel of `value` in this process and runs it on 8 zeros."""
    x = np.zeros(8)
    pk.Kernel(source(value), "AddConstant", **kwargs)(
        pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8
    )
    return x.tolist()


@pytest.fixture
def cache(tmp_path, monkeypatch, shared_pch):
    """A fresh cache directory (the session's precompiled headers)."""
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture(scope="module")
def pristine_pch(shared_pch, tmp_path_factory):
    """The folder of a valid precompiled header of cpu_serial, built once (in the session's folder)."""
    saved = os.environ.get("PYALPAKA_CACHE_DIR")
    os.environ["PYALPAKA_CACHE_DIR"] = str(tmp_path_factory.mktemp("pristine-cache"))
    try:
        assert run(0.25) == [0.25] * 8
    finally:
        if saved is None:
            os.environ.pop("PYALPAKA_CACHE_DIR")
        else:
            os.environ["PYALPAKA_CACHE_DIR"] = saved
    toolchain = host_toolchain("cpu_serial")
    return _pch.folder(toolchain, _compiler._base_command(toolchain))


def private_pch(pristine: Path, pch_root: Path, monkeypatch) -> Path:
    """A copy of the valid precompiled header in a folder of the test's own (PYALPAKA_PCH_DIR)."""
    copy = pch_root / pristine.name
    shutil.copytree(pristine, copy)
    monkeypatch.setenv("PYALPAKA_PCH_DIR", str(pch_root))
    return copy


def record_matches(folder: Path) -> bool:
    record = json.loads((folder / "pch.json").read_text())
    return _cache.sha256_file(folder / "pyalpaka_pch.hpp.gch") == record["sha256"]


def pch_warnings(caught) -> list[str]:
    return [str(w.message) for w in caught if "precompiled header" in str(w.message)]


@pytest.mark.parametrize("damage", ["truncated", "flipped-bytes", "record-missing", "only-the-compiler-sees-it"])
def test_a_damaged_precompiled_header_is_rebuilt_with_one_warning(
    cache, tmp_path, monkeypatch, pristine_pch, damage, caplog
):
    folder = private_pch(pristine_pch, tmp_path / "pch", monkeypatch)
    form = folder / "pyalpaka_pch.hpp.gch"
    data = form.read_bytes()
    form.unlink()  # a new file, as a crash would leave it
    if damage == "flipped-bytes":
        middle = len(data) // 2
        form.write_bytes(data[:middle] + bytes(b ^ 0xFF for b in data[middle : middle + 64]) + data[middle + 64 :])
    elif damage == "record-missing":
        form.write_bytes(data)
        (folder / "pch.json").unlink()
    else:
        form.write_bytes(data[: len(data) // 3])
        if damage == "only-the-compiler-sees-it":  # a record that matches the damage: the compiler must tell
            record = json.loads((folder / "pch.json").read_text())
            record.update(bytes=form.stat().st_size, sha256=_cache.sha256_file(form))
            (folder / "pch.json").write_text(json.dumps(record))
    caplog.set_level("INFO", logger="pyalpaka")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert run(1.5) == [1.5] * 8
        assert run(2.5) == [2.5] * 8  # the rebuilt header serves the next kernel without a word
    assert len(pch_warnings(caught)) == 1, pch_warnings(caught)
    assert record_matches(folder)
    built = [r.getMessage() for r in caplog.records if "building the precompiled header" in r.getMessage()]
    assert any("done in" in message for message in built), built  # the build's progress, as log lines here


def test_a_process_killed_while_compiling_leaves_nothing_that_blocks(cache, tmp_path, monkeypatch):
    compiler = write_standin_compiler(tmp_path / "bin", build_config()["compiler"])
    monkeypatch.setenv("PYALPAKA_CXX", str(compiler))
    marker = tmp_path / "compiling"
    monkeypatch.setenv("STANDIN_MARKER", str(marker))
    monkeypatch.setenv("STANDIN_HANG_ON", "entry.cpp")
    defines = {"WITHOUT_PCH": 1}  # no precompiled header: the stand-in compiler would need one of its own
    victim = start_child([1.5], defines=defines)
    wait_for(marker, victim)
    os.killpg(victim.pid, signal.SIGKILL)  # the child and the compiler it waits for
    victim.wait(timeout=60)
    left = list(_cache.directory().glob(".build-*"))
    assert left, "the killed compilation left no work folder: the test did not kill it while compiling"
    for lock in (_cache.directory() / "locks").glob("*.lock"):
        with _locks.locked(lock, wait=0) as free:
            assert free, f"{lock} is still held after its process died"
    for folder in left:  # as if they were older than any compilation
        os.utime(folder, (time.time() - 2 * _cache_cap.STALE_SECONDS,) * 2)
    monkeypatch.delenv("STANDIN_HANG_ON")
    after = run_child([1.5], defines=defines)
    assert after["results"] == [[1.5] * 8] and after["errors"] == []
    assert after["compiler_runs"] == 1
    assert not list(_cache.directory().glob(".build-*"))  # removed by the next store


def test_a_process_killed_while_building_the_precompiled_header_leaves_nothing_that_blocks(
    cache, tmp_path, monkeypatch
):
    compiler = write_standin_compiler(tmp_path / "bin", build_config()["compiler"])
    pch_root = tmp_path / "pch"
    monkeypatch.setenv("PYALPAKA_PCH_DIR", str(pch_root))
    monkeypatch.setenv("PYALPAKA_CXX", str(compiler))
    marker = tmp_path / "building"
    monkeypatch.setenv("STANDIN_MARKER", str(marker))
    monkeypatch.setenv("STANDIN_HANG_ON", "c++-header")
    victim = start_child([1.5])
    wait_for(marker, victim)
    os.killpg(victim.pid, signal.SIGKILL)
    victim.wait(timeout=60)
    half_built = list(pch_root.glob(".build-*/pyalpaka_pch.hpp.gch"))
    assert half_built, "the test did not kill the build of the precompiled header"
    for lock in (pch_root / "locks").glob("*.lock"):
        with _locks.locked(lock, wait=0) as free:
            assert free, f"{lock} is still held after its process died"
    for leftover in pch_root.glob(".build-*"):
        os.utime(leftover, (time.time() - 2 * _cache_cap.STALE_SECONDS,) * 2)
    monkeypatch.delenv("STANDIN_HANG_ON")
    after = run_child([1.5])
    assert after["results"] == [[1.5] * 8] and after["errors"] == [] and after["warnings"] == []
    assert after["compiler_runs"] == 2  # the precompiled header, then the kernel
    [built] = [p for p in pch_root.iterdir() if p.name != "locks"]
    assert record_matches(built)
    assert not list(pch_root.glob(".build-*"))


def wait_for(marker: Path, child: subprocess.Popen) -> None:
    """Waits until the stand-in compiler of `child` has started (a generous limit: a loaded machine is slow)."""
    deadline = time.monotonic() + 600
    while not marker.exists():
        assert child.poll() is None, child.communicate()[1]
        assert time.monotonic() < deadline, "the child never started its compiler"
        time.sleep(0.05)


def test_the_lock_of_a_dead_process_is_broken(tmp_path):
    lock = tmp_path / "locks" / "entry.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from pyalpaka import _locks\n"
            "with _locks.locked(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(900)",
            str(lock),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with _locks.locked(lock, wait=0) as free:
            assert not free  # a real lock, while its holder lives
    finally:
        holder.kill()  # SIGKILL: no chance to let go of it
        holder.wait(timeout=60)
    with _locks.locked(lock, wait=0) as free:
        assert free


def test_eight_processes_of_four_threads_compile_kernel_and_header_once(cache, tmp_path, monkeypatch):
    pch_root = tmp_path / "pch"  # empty: the first precompiled header is built by one of them
    monkeypatch.setenv("PYALPAKA_PCH_DIR", str(pch_root))
    children = [start_child([3.5], threads=4) for _ in range(8)]
    reports = [report(child) for child in children]
    assert all(r["errors"] == [] and r["warnings"] == [] for r in reports), reports
    assert [r["results"] for r in reports] == [[[3.5] * 8] * 4] * 8
    assert sum(r["compiler_runs"] for r in reports) == 2  # the precompiled header and the kernel, once each
    assert len(list(_cache.directory().glob("*.json"))) == 1
    assert len([p for p in pch_root.iterdir() if p.name != "locks"]) == 1


def test_a_full_disk_is_an_error_that_says_so(cache):
    # RLIMIT_FSIZE: every file the child and its compilers write stops at 4 KiB, as on a disk that is full.
    child = run_child([4.5], fsize_limit=4096)
    assert child["results"] == []
    [error] = child["errors"]
    assert error.startswith("OSError: ") and "the disk is full" in error
    assert "File size limit exceeded" in error or "File too large" in error
    assert not list(_cache.directory().glob(".build-*"))
    assert run(4.5) == [4.5] * 8  # with room again, it compiles


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 16 KiB file system (root only: mounted where the test may, skipped elsewhere), private like a cache root
    must be (a tmpfs is world-writable, mode 1777, by default: the cache would refuse it)."""
    mount = tmp_path / "small"
    mount.mkdir()
    if (
        os.geteuid() != 0
        or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=16k,mode=0700", "tmpfs", str(mount)], capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("mounting a small tmpfs needs root")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_cache_disk_gives_one_warning_and_the_kernel_runs(small_tmpfs, monkeypatch, shared_pch):
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(small_tmpfs))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert run(5.5) == [5.5] * 8  # compiled in the system's temporary folder
        assert run(6.5) == [6.5] * 8
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and "could not be written" in messages[0], messages


@pytest.fixture
def read_only(tmp_path):
    """Makes a folder read-only: with permissions, or for root (whom they do not stop) a read-only bind mount."""
    mounted = []

    def make(folder: Path) -> None:
        if os.geteuid() != 0:
            for path in [folder, *folder.rglob("*")]:
                path.chmod(path.stat().st_mode & ~0o222)
            return
        if subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True).returncode != 0:
            pytest.skip("root cannot be kept from writing here without a read-only mount")
        mounted.append(folder)
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], capture_output=True).returncode != 0:
            pytest.skip("root cannot be kept from writing here without a read-only mount")

    yield make
    for folder in mounted:
        subprocess.run(["umount", "-l", str(folder)], check=False)
    for path in tmp_path.rglob("*"):
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | 0o200)


def test_a_read_only_cache_is_used_with_a_warning(cache, read_only):
    assert run(7.5) == [7.5] * 8
    read_only(cache)
    child = run_child([7.5, 8.5])  # one kernel in the cache, one new
    assert child["results"] == [[7.5] * 8, [8.5] * 8] and child["errors"] == []
    assert child["compiler_runs"] == 1  # only the new one
    [warning] = child["warnings"]
    assert "not writable" in warning and "still used" in warning


def test_a_cache_path_with_spaces_and_non_ascii_characters(tmp_path, monkeypatch, pristine_pch):
    cache = tmp_path / "kernel cache ü 東京"
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(cache))
    monkeypatch.delenv("PYALPAKA_PCH_DIR")  # the cache's own pch folder, under the same path
    shutil.copytree(pristine_pch, _cache.directory() / "pch" / pristine_pch.name)
    project = tmp_path / "my kernels ä #1"
    project.mkdir()
    (project / "value.hpp").write_text("#pragma once\nconstexpr double value = 1.5;\n")
    (project / "kernel.cpp").write_text('#include "value.hpp"\n' + source(0).replace("0.0", "value"))
    kernel_file = project / "kernel.cpp"

    def run_file() -> float:
        x = np.zeros(8)
        pk.Kernel.from_file(kernel_file, "AddConstant")(
            pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8
        )
        return x[0]

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run_file() == 1.5
        (project / "value.hpp").write_text("#pragma once\nconstexpr double value = 2.5;\n")
        assert run_file() == 2.5  # the header, found in the dependency file despite its path, is part of the entry
    assert len(list(_cache.directory().glob("*.json"))) == 1  # one entry, rebuilt for the changed header


def test_a_lock_file_replaced_by_a_folder_is_replaced_with_a_warning(cache):
    entry = pk.Kernel(source(9.5), "AddConstant").compile("cpu_serial", 1, ["double*", "std::int64_t"])
    (_cache.directory() / f"{entry.key}.json").unlink()
    (_cache.directory() / "locks" / f"{entry.key}.lock").unlink()
    (_cache.directory() / "locks" / f"{entry.key}.lock").mkdir()
    with pytest.warns(RuntimeWarning, match="lock .* was a folder"):
        assert run(9.5) == [9.5] * 8


def test_the_size_cap_evicts_the_least_recently_used_entries(cache, monkeypatch):
    kernel = pk.Kernel(source(1), "AddConstant")
    types = {name: [f"{name}*", "std::int64_t"] for name in ("double", "float", "std::int32_t")}
    keys = {name: kernel.compile("cpu_serial", 1, t).key for name, t in types.items()}
    folder = _cache.directory()
    for age, name in enumerate(types):  # last used: double long ago, then float, then std::int32_t
        os.utime(folder / f"{keys[name]}.json", (time.time() - 3000 + 1000 * age,) * 2)
    # A use makes double the most recently used; a cap one byte under the size makes one entry go: float.
    assert pk.Kernel(source(1), "AddConstant").compile("cpu_serial", 1, types["double"]).hit
    monkeypatch.setenv("PYALPAKA_CACHE_MAX_BYTES", str(_cache_cap.folder_bytes(folder) - 1))
    _cache_cap.enforce(folder)
    assert sorted(p.stem for p in folder.glob("*.json")) == sorted([keys["double"], keys["std::int32_t"]])
    # An entry a reader holds is never evicted, however old.
    monkeypatch.setenv("PYALPAKA_CACHE_MAX_BYTES", "1")
    with _locks.locked(_cache.lock_path(folder, keys["std::int32_t"]), shared=True):
        _cache_cap.enforce(folder)
        assert (folder / f"{keys['std::int32_t']}.json").exists()
    # Through a store: everything not in use goes, the new entry (just used) stays, and still runs.
    assert run(2) == [2.0] * 8
    remaining = [p.stem for p in folder.glob("*.json")]
    assert len(remaining) == 2 and keys["double"] in remaining  # the new entry and double, used a moment ago
    entry = pk.Kernel(source(1), "AddConstant").compile("cpu_serial", 1, types["float"])
    assert not entry.hit  # evicted, so compiled again
    out = subprocess.run(
        [sys.executable, "-m", "pyalpaka", "cache"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYALPAKA_CACHE_MAX_BYTES": "5M"},
    ).stdout
    assert "entries" in out and "of a 5 MiB cap" in out


def test_precompiled_headers_kept_apart_are_held_under_the_cap_and_reported(cache, pristine_pch, tmp_path, monkeypatch):
    """PYALPAKA_PCH_DIR outside the cache: its headers (50 to 80 MB each) are held under the same cap on their own,
    the least recently used first; `pk.cache.info()` and `python -m pyalpaka cache` report them."""
    apart = tmp_path / "headers"
    apart.mkdir(mode=0o700)
    monkeypatch.setenv("PYALPAKA_PCH_DIR", str(apart))
    older, newer = apart / ("a" * 24), apart / ("b" * 24)  # tags: what eviction recognizes as header folders
    for where, age in ((older, 3000), (newer, 2000)):
        shutil.copytree(pristine_pch, where)
        os.utime(where / "pch.json", (time.time() - age,) * 2)
    info = pk.cache.info()
    assert info["pch_directory"] == str(apart) and info["pch_headers"] == 2
    assert info["pch_bytes"] == _cache_cap.folder_bytes(older) + _cache_cap.folder_bytes(newer) > 2 * 10**7
    out = subprocess.run([sys.executable, "-m", "pyalpaka", "cache"], capture_output=True, text=True, check=True).stdout
    assert f"precompiled headers: {apart} (2, " in out
    folder = _cache.directory()
    monkeypatch.setenv("PYALPAKA_CACHE_MAX_BYTES", str(_cache_cap.folder_bytes(apart) - 1))
    _cache_cap.enforce(folder)
    assert not older.exists() and newer.exists()  # the least recently used one went


def test_telemetry_logs_misses_hits_and_progress(cache, caplog, monkeypatch):
    caplog.set_level("DEBUG", logger="pyalpaka")
    assert run(10.5) == [10.5] * 8
    assert run(10.5) == [10.5] * 8  # a new Kernel object: from the disk cache
    messages = [(r.levelname, r.getMessage()) for r in caplog.records if r.name.startswith("pyalpaka")]
    assert any(level == "INFO" and "compiled in" in text and "cache miss" in text for level, text in messages)
    assert any(level == "DEBUG" and "cache hit" in text for level, text in messages)

    class Terminal:
        def __init__(self):
            self.written: list[str] = []

        def isatty(self):
            return True

        def write(self, text):
            self.written.append(text)

        def flush(self):
            pass

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with _progress.activity("a long operation"):
        pass
    drawn = "".join(terminal.written)
    assert drawn.startswith("\r") and "a long operation" in drawn and "done in" in drawn and drawn.endswith("\n")
