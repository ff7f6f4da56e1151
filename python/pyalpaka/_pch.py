# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The precompiled header of the library for a CPU back-end and toolchain (GCC): built by one process, verified by
each before it first uses it, rebuilt whenever it is damaged.

``<pch root>/<tag>/`` holds ``pyalpaka_pch.hpp``, its precompiled form ``pyalpaka_pch.hpp.gch`` and ``pch.json``,
the record: the form's size and SHA-256, the compiler's identity and command. The folder is built under another
name and renamed into place with its record, so it is complete or absent; what a crash, a full disk or a bit flip
does to it later is caught before use by the record (a missing, truncated or changed form, another compiler) and
rebuilt, with one warning. Hashing the precompiled form takes long enough to notice (measured:
docs/dev/measurements.md#run-time-compilation), so it is done once per process, and only when a kernel is compiled;
after that a stat (size, time, inode) tells whether the file is still the one checked. What the record cannot see, the
compiler reports ("cannot read PCH file", "not used because ..."): `discard` removes the header, and the caller compiles
again.

The folder, its files and its lock pass the cache's trust rule before use (_trust.py): where they do not, the headers
are built in a private folder of the process instead, with one warning, and nothing of the refused folder is touched.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import logging
import os
import shutil
import subprocess
import tempfile
import threading
import uuid
import warnings
from pathlib import Path
from typing import Callable

from . import _cache, _cache_cap, _locks, _progress, _trace, _trust
from ._buildconfig import HostToolchain
from ._paths import get_include
from ._version import __version__

HEADER = "pyalpaka_pch.hpp"
HEADER_TEXT = "#pragma once\n#include <pyalpaka/jit/EntryCpu.hpp>\n"
RECORD = "pch.json"
log = logging.getLogger("pyalpaka.jit.pch")

Runner = Callable[[list[str], Path], subprocess.CompletedProcess]
_lock = threading.Lock()  # one thread of the process verifies or builds; the others wait for its answer
_checked: dict[Path, tuple[int, int, int]] = {}  # folder -> the (size, mtime, inode) of the form verified here
_unavailable: set[Path] = set()  # folders this process could not build: its kernels compile without them
_private_roots: dict[Path, Path] = {}  # a folder of headers the trust rule refused -> this process's private one


def _roots() -> tuple[Path, Path]:
    """The folder of the precompiled headers (``$PYALPAKA_PCH_DIR`` or the cache's ``pch``, or this process's
    private stand-in for a refused one) and the root the trust rule judges it from."""
    if "PYALPAKA_PCH_DIR" in os.environ:
        pch_root = Path(os.environ["PYALPAKA_PCH_DIR"])
        trust_root = pch_root
    else:
        cache = _cache.directory()
        pch_root, trust_root = cache / "pch", _cache.trust_root(cache)
    private = _private_roots.get(pch_root)
    return (private, private) if private is not None else (pch_root, trust_root)


def _tag(toolchain: HostToolchain, base: list[str]) -> str:
    return hashlib.sha256("\n".join([toolchain.identity, *base, _cache.library_digest()]).encode()).hexdigest()[:24]


def folder(toolchain: HostToolchain, base: list[str]) -> Path:
    """The folder of the toolchain's precompiled header, under ``$PYALPAKA_PCH_DIR`` or the cache's ``pch``."""
    return _roots()[0] / _tag(toolchain, base)


def _distrust(where: Path, why: _trust.Untrusted) -> None:
    """The trust rule refused the header in `where` (or its folder or lock): the headers of this process are built
    in a private folder from now on; the refused ones are left as they are."""
    pch_root = where.parent
    with _lock:
        if pch_root not in _private_roots:
            private = Path(tempfile.mkdtemp(prefix="pyalpaka-pch-"))
            atexit.register(shutil.rmtree, private, ignore_errors=True)
            _private_roots[pch_root] = private
    _trust.warn(
        why,
        f"Its precompiled headers are not used; they are built in {_private_roots[pch_root]} for this process",
        stacklevel=6,
    )


def _signature(path: Path) -> tuple[int, int, int]:
    stat = path.stat()
    return stat.st_size, stat.st_mtime_ns, stat.st_ino


def _expected(toolchain: HostToolchain, base: list[str]) -> dict:
    return {
        "format": 1,
        "pyalpaka": __version__,
        "identity": toolchain.identity,
        "command": base,
        "library": _cache.library_digest(),
    }


def _problem(where: Path, expected: dict) -> str | None:
    """Why the precompiled header in `where` cannot be used ("missing" where there is none yet), or None.
    _trust.Untrusted where one of its files fails the trust rule (read through _trust.read: checked as read)."""
    if not where.is_dir():
        return "missing"
    try:
        record = json.loads(_trust.read(where / RECORD))
    except FileNotFoundError:
        return "its record is missing: its build was interrupted"
    except (OSError, ValueError, RecursionError) as error:  # RecursionError: nesting deeper than json can parse
        return f"unreadable record: {str(error)[:200] or type(error).__name__}"
    if not isinstance(record, dict) or any(record.get(name) != value for name, value in expected.items()):
        return "built by another compiler, command or version"
    try:
        form = _trust.read(where / f"{HEADER}.gch")
    except FileNotFoundError:
        return "the precompiled form is missing"
    except OSError as error:
        return f"unreadable: {error.strerror}"
    try:
        # The compiler reads the header's text too: it is checked like the precompiled form.
        if _trust.read(where / HEADER) != HEADER_TEXT.encode():
            return f"{HEADER} was changed"
    except OSError:
        return f"{HEADER} is missing"
    if len(form) != record.get("bytes"):
        return f"truncated or grown: {len(form)} bytes, {record.get('bytes')} expected"
    if hashlib.sha256(form).hexdigest() != record.get("sha256"):
        return "checksum mismatch"
    return None


def _set_aside(where: Path) -> None:
    """Removes a damaged folder: renamed first (atomic: no process sees it half-removed), then deleted."""
    if not where.exists():
        return
    aside = where.with_name(f".stale-{where.name}-{uuid.uuid4().hex[:8]}")
    os.rename(where, aside)
    shutil.rmtree(aside, ignore_errors=True)


def _build(where: Path, toolchain: HostToolchain, base: list[str], run: Runner) -> bool:
    """Builds the precompiled header into `where` (under the exclusive lock); False where it cannot be built."""
    pch_root = where.parent
    building = None
    try:
        _trust.make_folders(pch_root)
        _cache_cap.remove_stale(pch_root)
        building = Path(tempfile.mkdtemp(dir=pch_root, prefix=".build-"))
        (building / HEADER).write_text(HEADER_TEXT)
        what = f"building the precompiled header of the library for {toolchain.tag} (once per back-end and compiler)"
        with _progress.activity(what, log), _trace.span("compile", f"precompiled header ({toolchain.tag})", what):
            result = run([*base, "-I", get_include(), "-x", "c++-header", HEADER, "-o", f"{HEADER}.gch"], building)
        if result.returncode != 0:
            log.warning(
                "the precompiled header for %s failed to build; compiling without it:\n%s",
                toolchain.tag,
                result.stderr[-4000:],
            )
            return False
        form = building / f"{HEADER}.gch"
        record = {**_expected(toolchain, base), "bytes": form.stat().st_size, "sha256": _cache.sha256_file(form)}
        (building / RECORD).write_text(json.dumps(record, indent=1))
        for name in (HEADER, f"{HEADER}.gch", RECORD):  # written with the umask's modes: 0600 whatever the umask
            _trust.secure_path(building / name)
        _trust.secure_folder(building)
        _set_aside(where)
        os.replace(building, where)
        building = None
        return True
    except OSError as error:
        _cache.report_unwritable(pch_root, error, "kernels compile without a precompiled header (slower)")
        return False
    finally:
        if building is not None:
            shutil.rmtree(building, ignore_errors=True)


def precompiled_header(toolchain: HostToolchain, base: list[str], run: Runner) -> Path | None:
    """The verified folder of the toolchain's precompiled header, built first if need be; None where it cannot be
    built (compiling then works without it). `base` is the compiler's command, `run` runs it."""
    if "GNU" not in toolchain.identity and "g++" not in toolchain.compiler and "c++" not in toolchain.compiler:
        return None  # GCC's precompiled headers only: another compiler compiles without one
    pch_root, trust_root = _roots()
    where = pch_root / _tag(toolchain, base)
    try:
        return _verified_or_built(where, trust_root, toolchain, base, run)
    except _trust.Untrusted as why:
        _distrust(where, why)
        pch_root, trust_root = _roots()  # the private folder now
        return _verified_or_built(pch_root / where.name, trust_root, toolchain, base, run)


def _verified_or_built(
    where: Path, trust_root: Path, toolchain: HostToolchain, base: list[str], run: Runner
) -> Path | None:
    """precompiled_header in the folder `where`, judged by the trust rule from `trust_root`; _trust.Untrusted where
    it, its files or its lock fail the rule."""
    form = where / f"{HEADER}.gch"
    lock = where.parent / "locks" / f"{where.name}.lock"
    expected = _expected(toolchain, base)
    with _lock:
        if where in _unavailable:
            return None
        try:
            if _checked.get(where) == _signature(form):
                return where
        except OSError:
            pass
        why = _trust.folder_problem(trust_root, where)
        if why is not None:
            raise why
        # Verified under the shared lock, so that processes starting together verify in parallel; only a build
        # takes the exclusive one (flock cannot upgrade a lock: the check is repeated once it is held).
        with _locks.locked(lock, shared=True):
            problem = _problem(where, expected)
        if problem is not None:
            with _locks.locked(lock):
                problem = _problem(where, expected)  # another process may have built it meanwhile
                if problem is not None:
                    if problem != "missing":
                        warnings.warn(
                            f"pyalpaka: the precompiled header {where} is unusable ({problem}); rebuilding it",
                            RuntimeWarning,
                            stacklevel=6,
                        )
                    if not _build(where, toolchain, base, run):
                        _unavailable.add(where)
                        return None
        try:
            _checked[where] = _signature(form)
            os.utime(where / RECORD)  # a use, for the cache's size cap
        except OSError:
            pass
        return where


def discard(toolchain: HostToolchain, base: list[str]) -> None:
    """Removes the precompiled header the compiler rejected, unless another process has replaced it since; the next
    `precompiled_header` builds a new one."""
    where = folder(toolchain, base)
    with _lock:
        used = _checked.pop(where, None)
        try:
            with _locks.locked(where.parent / "locks" / f"{where.name}.lock"):
                try:
                    current = _signature(where / f"{HEADER}.gch")
                except OSError:
                    current = None
                if used is not None and current is not None and current != used:
                    return
                try:
                    _set_aside(where)
                except OSError as error:
                    log.debug("could not remove the precompiled header %s: %s", where, error)
        except _trust.Untrusted as why:  # its lock is a link: nothing there is touched; the next use refuses it
            log.debug("not removing the precompiled header %s: %s", where, why)
