# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The on-disk cache of run-time compiled kernels: hits across processes, misses on changed sources and headers,
corrupt entries rebuilt, concurrent processes, a read-only directory, and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _cache, _compiler

SOURCE = r"""
#include "constants.hpp"
struct AddConstant
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, double* x, std::int64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(n)))
            x[i] += constant;
    }
};
"""


@pytest.fixture
def project(tmp_path, monkeypatch, shared_pch):
    """A kernel file with an included header, and a fresh cache directory."""
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "constants.hpp").write_text("#pragma once\nconstexpr double constant = 1.5;\n")
    (tmp_path / "kernel.cpp").write_text(SOURCE)
    return tmp_path


def run(project, kernel=None):
    kernel = kernel or pk.Kernel.from_file(project / "kernel.cpp", "AddConstant")
    x = np.zeros(8)
    kernel(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8)
    return x[0]


CHILD = textwrap.dedent(
    """
    import sys, numpy as np, pyalpaka as pk
    from pyalpaka import _compiler
    kernel = pk.Kernel.from_file(sys.argv[1], "AddConstant")
    x = np.zeros(8)
    kernel(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8)
    print(x[0], _compiler.compiler_runs)
    """
)


def child(project):
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(project / "kernel.cpp")],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        check=True,
    ).stdout.split()
    return float(out[0]), int(out[1])


def test_a_new_process_hits_the_disk_cache(project):
    assert run(project) == 1.5
    assert child(project) == (1.5, 0)  # no compiler process in the new process


def test_changing_the_source_or_an_included_header_misses(project):
    assert run(project) == 1.5
    (project / "constants.hpp").write_text("#pragma once\nconstexpr double constant = 2.5;\n")
    runs = _compiler.compiler_runs
    assert run(project) == 2.5
    assert _compiler.compiler_runs > runs
    (project / "kernel.cpp").write_text(SOURCE.replace("x[i] += constant", "x[i] += 2 * constant"))
    assert run(project) == 5.0


@pytest.mark.parametrize(
    "damage", ["truncate-library", "missing-library", "garbage-metadata", "foreign-metadata", "flipped-metadata"]
)
def test_corrupt_entries_are_rebuilt_with_a_warning(project, damage):
    assert run(project) == 1.5
    folder = _cache.directory()
    meta_path = next(folder.glob("*.json"))
    meta = json.loads(meta_path.read_text())
    if damage == "truncate-library":
        # A new file, as a torn write would leave: truncating the file in place would pull the pages from under
        # this process, which has it loaded (SIGBUS; no library loader survives that).
        library = folder / meta["library"]
        data = library.read_bytes()
        library.unlink()
        library.write_bytes(data[:100])
    elif damage == "missing-library":  # a store cut short between the library and its record
        (folder / meta["library"]).unlink()
    elif damage == "garbage-metadata":
        meta_path.write_text('{"format": 1, "key": ')
    elif damage == "flipped-metadata":  # still valid JSON: only the record's own checksum tells
        meta["compile_seconds"] += 1
        meta_path.write_text(json.dumps(meta))
    else:
        meta["key"] = "0" * 40
        meta_path.write_text(json.dumps(meta))
    with pytest.warns(RuntimeWarning, match="corrupt kernel cache entry"):
        assert run(project) == 1.5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert child(project) == (1.5, 0)  # the rebuilt entry is valid


def test_eight_processes_compiling_at_once_leave_one_valid_entry(project):
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(project / "kernel.cpp")],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=os.environ.copy(),
        )
        for _ in range(8)
    ]
    outputs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1] for o in outputs]
    assert all(float(o[0].split()[0]) == 1.5 for o in outputs)
    entries = list(_cache.directory().glob("*.json"))
    assert len(entries) == 1
    assert child(project) == (1.5, 0)
    assert not list(_cache.directory().glob(".*"))  # no temporary files left


def test_read_only_cache_directory_falls_back_with_a_warning(project, tmp_path, monkeypatch):
    if os.geteuid() == 0:
        # root writes anywhere: make the cache root a file, which no one can create a directory in.
        blocker = tmp_path / "not-a-directory"
        blocker.write_text("")
        monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(blocker))
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(locked))
    with pytest.warns(RuntimeWarning, match="not writable") as caught:
        assert run(project) == 1.5
    # the lookup found nothing there: no entry, not a corrupt one
    assert not [str(w.message) for w in caught if "corrupt" in str(w.message)]


def test_cache_api_and_command_line(project):
    assert run(project) == 1.5
    info = pk.cache.info()
    assert info["entries"] == 1 and info["bytes"] > 0
    assert str(pk.cache.directory).startswith(str(project / "cache"))
    cli = [sys.executable, "-m", "pyalpaka", "cache"]
    out = subprocess.run([*cli, "info"], capture_output=True, text=True, check=True).stdout
    assert "1 entries" in out and "cap" in out
    pre = subprocess.run(
        [
            *cli,
            "precompile",
            str(project / "kernel.cpp"),
            "--kernel",
            "AddConstant",
            "--signature",
            "double*, std::int64_t",
            "--backend",
            "cpu_serial",
            "--backend",
            "cpu_threads",
        ],
        capture_output=True,
        text=True,
    )
    assert pre.returncode == 0, pre.stderr
    assert "cached" in pre.stderr and "compiled in" in pre.stderr  # serial was cached, threads was new
    assert "[2/2]" in pre.stderr and "\r" not in pre.stderr  # not a terminal: plain numbered lines
    assert pk.cache.info()["entries"] == 2
    out = subprocess.run([*cli, "clear"], capture_output=True, text=True, check=True).stdout
    assert "removed 2" in out
    assert pk.cache.info()["entries"] == 0
    bad = subprocess.run(
        [
            *cli,
            "precompile",
            str(project / "kernel.cpp"),
            "--kernel",
            "AddConstant",
            "--signature",
            "double*, std::int64_t",
            "--backend",
            "no_such_backend",
        ],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "not available" in bad.stderr
