# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The on-disk cache of kernels compiled at run time.

Layout of ``<root>/v<version>-f<format>/`` (``<root>`` is ``$PYALPAKA_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyalpaka``,
else ``~/.cache/pyalpaka``):

- ``<key>.json``: an entry's metadata, written last (it commits the entry), with the library's size and SHA-256 and
  a SHA-256 of the record itself; its modification time is the entry's last use (touched on each hit: the size cap
  evicts the least recently used entries, see _cache_cap.py);
- ``<key>-<sha>.so``: the library (``.cubin``/``.hsaco`` for a GPU module, ``.emu`` for the emulated GPU), checked
  against the record on every load;
- ``locks/<key>.lock``: held shared while an entry is verified and exclusive while it is compiled (_locks.py), so
  that processes and threads wanting the same new kernel compile it once;
- ``pch/``: the precompiled headers (_pch.py); ``.build-*``: compilations in progress, removed when a killed process
  left them behind.

Everything is written to a temporary name and renamed into place, so no process sees a torn entry; a corrupt,
truncated or foreign entry is a miss (rebuilt, with one warning), never an error. A cache directory that cannot be
written falls back to a private temporary one for new entries (a read-only one is still read), with a warning; a
full disk is a warning, the kernel then runs without being cached.

Nothing is read from the cache that another user could have written (_trust.py, docs/security.md): a directory that
fails the trust rule is not used at all, an entry whose files or lock fail it is not used; either way the kernel is
compiled into this process's private folder (the same one a read-only cache falls back to), with one warning per
directory, and nothing there is changed or removed.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import functools
import hashlib
import json
import os
import shutil
import tempfile
import threading
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import _locks, _trust
from ._paths import get_include
from ._version import __version__

FORMAT = 2  # 2: records carry the library's size and their own checksum; locks


def root() -> Path:
    """The cache root (before the per-version subdirectory)."""
    environ = os.environ
    return _paths_of(environ.get("PYALPAKA_CACHE_DIR"), environ.get("XDG_CACHE_HOME"), environ.get("HOME"))[0]


# The same Path objects for the same environment: a lookup builds no Path (building one, and then its string for a
# hash, takes a sizeable part of a cache hit: docs/dev/measurements.md#a-cache-hit-in-python).
@functools.lru_cache(maxsize=16)
def _paths_of(cache_dir: str | None, xdg_cache_home: str | None, home: str | None) -> tuple[Path, Path]:
    """The cache root and this version's directory in it, for these environment variables."""
    # os.path's expanduser, not Path's: docs/dev/measurements.md#a-cache-hit-in-python.
    if cache_dir is not None:
        base = Path(os.path.expanduser(cache_dir))
    else:
        base = Path(xdg_cache_home or os.path.join(os.path.expanduser("~"), ".cache"), "pyalpaka")
    return base, base / f"v{__version__}-f{FORMAT}"


_private: dict[Path, Path] = {}  # a cache directory -> this process's private folder standing in for it
_unwritable: set[Path] = set()  # cache directories this process cannot write (still read)
_distrusted: set[Path] = set()  # cache directories the trust rule refuses (neither read nor written)
_refused: set[tuple[Path, str]] = set()  # (directory, key): entries the trust rule refuses in a directory in use
_writable: set[Path] = set()  # directories found writable in this process (the probe costs a file creation)
_state_lock = threading.RLock()
_reported_full: set[Path] = set()


def forget() -> None:
    """Forgets what this process found out about cache directories (tests that reuse a path with new modes)."""
    with _state_lock:
        for found in (_private, _unwritable, _distrusted, _refused, _writable):
            found.clear()
    _trust.forget()


def _wanted() -> Path:
    environ = os.environ
    return _paths_of(environ.get("PYALPAKA_CACHE_DIR"), environ.get("XDG_CACHE_HOME"), environ.get("HOME"))[1]


def trust_root(folder: Path) -> Path:
    """The folder that the trust rule judges `folder` from: the cache root for the cache directory, `folder` itself
    for this process's private one."""
    return root() if folder == _wanted() else folder


def _private_folder(wanted: Path) -> Path:
    """This process's private folder standing in for the cache directory `wanted`: created on first need (0700, in
    the system's temporary folder), removed when the process ends."""
    with _state_lock:
        if wanted not in _private:
            folder = Path(tempfile.mkdtemp(prefix="pyalpaka-cache-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            _private[wanted] = folder
        return _private[wanted]


def _distrust(wanted: Path) -> bool:
    """Whether the trust rule refuses the cache directory `wanted` (or the folders above it, down from the cache
    root); the first time, with a warning. The verdict is the process's (_trust.py keeps it)."""
    if wanted in _distrusted:
        return True
    why = _trust.folder_problem(root(), wanted)
    if why is None:
        return False
    with _state_lock:
        private = _private_folder(wanted)
        _distrusted.add(wanted)
    _trust.warn(why, f"Its kernels are not used; new ones are compiled into {private} for this process", stacklevel=4)
    return True


def _refuse(folder: Path, key: str, why: _trust.Untrusted) -> None:
    """Entry `key` of `folder` failed the trust rule: this process neither uses nor rewrites it there, and compiles
    the kernel into its private folder instead."""
    wanted = _wanted()
    private = _private_folder(wanted)
    _refused.add((wanted, key))
    _trust.warn(why, f"The entry is not used; the kernel is compiled into {private} for this process", stacklevel=5)


def directory(key: str | None = None) -> Path:
    """The directory new entries (entry `key`) are written to: created on first use; a private one where that fails,
    or where the trust rule refuses the directory (or the entry)."""
    wanted = _wanted()
    refused = key is not None and (wanted, key) in _refused
    if wanted in _writable and not refused and wanted.is_dir():  # `cache clear` may have removed it meanwhile
        return wanted
    if refused or _distrust(wanted):
        return _private_folder(wanted)
    with _state_lock:
        if wanted in _unwritable:
            return _private[wanted]
        try:
            _trust.make_folders(wanted)  # 0700 (02770 with a trusted group), whatever the umask
            # Judged again now that it exists: another user may have created a part of it first.
            if _distrust(wanted):
                return _private_folder(wanted)
            with tempfile.NamedTemporaryFile(dir=wanted, prefix=".probe-", delete=True):
                pass  # a file created (and removed) there proves the directory writable
            _writable.add(wanted)
            return wanted
        except OSError as error:
            fallback = _private_folder(wanted)
            _unwritable.add(wanted)
            readable = wanted.is_dir() and os.access(wanted, os.R_OK | os.X_OK)
            also = "; its kernels are still used" if readable else ""
            warnings.warn(
                f"pyalpaka: the kernel cache {wanted} is not writable ({error.strerror}); new kernels are kept in "
                f"{fallback} for this process{also} (set PYALPAKA_CACHE_DIR to a writable directory)",
                RuntimeWarning,
                stacklevel=3,
            )
            return fallback


def folders(key: str | None = None) -> list[Path]:
    """Where entry `key` is looked up: the cache directory, then this process's private folder where it has one
    (the last is where this process writes). Only the private folder where the trust rule refuses the directory or
    the entry. A lookup writes nothing new, so this does not probe whether the directory is writable (a file created
    and removed, a sizeable part of a cache hit: docs/dev/measurements.md#a-cache-hit-in-python)."""
    wanted = _wanted()
    if (key is not None and (wanted, key) in _refused) or _distrust(wanted):
        return [_private_folder(wanted)]
    private = _private.get(wanted)
    return [wanted] if private is None else [wanted, private]


def sha256_file(path: Path | str) -> str:
    # Read whole: the files are kernels and headers, and a read of a fixed large block allocates that block each time
    # (docs/dev/measurements.md#a-cache-hit-in-python).
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


@functools.cache
def library_digest() -> str:
    """A hash of the content of every header shipped with the package (alpaka, the kernels, the JIT entry).

    An installed package has it from its build (_build_config.json); a development tree, whose include folder links
    to the sources, hashes the headers themselves once per process."""
    from ._buildconfig import build_config

    recorded = build_config().get("library_digest")
    if recorded and not os.path.islink(os.path.join(get_include(), "alpaka")):
        return str(recorded)
    digest = hashlib.sha256()
    base = get_include()
    files = []
    for folder, _, names in os.walk(base, followlinks=True):  # a development tree links its include folders
        files += [os.path.join(folder, name) for name in names]
    for path in sorted(files):
        digest.update(os.path.relpath(path, base).encode())
        with open(path, "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()


def make_key(fields: dict[str, Any]) -> str:
    """The key of an entry: a hash of everything that changes the compiled library."""
    text = json.dumps({"format": FORMAT, "pyalpaka": __version__, **fields}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def lock_path(folder: Path, key: str) -> Path:
    return folder / "locks" / f"{key}.lock"


@contextlib.contextmanager
def compiling(key: str) -> Iterator[bool]:
    """The exclusive lock of entry `key`: held while it is compiled and stored, so it is compiled once. A lock the
    trust rule refuses (a symbolic link) refuses the entry: the private folder's lock is taken instead."""
    with contextlib.ExitStack() as stack:
        folder = directory(key)
        try:
            held = stack.enter_context(_locks.locked(lock_path(folder, key)))
        except _trust.Untrusted as why:
            _refuse(folder, key, why)
            held = stack.enter_context(_locks.locked(lock_path(directory(key), key)))
        yield held


def record_digest(record: dict[str, Any]) -> str:
    """The checksum of a metadata record (every field but the checksum): catches a flipped byte that still parses."""
    fields = {name: value for name, value in record.items() if name != "record_sha256"}
    return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()


class _Corrupt(Exception):
    """An entry that cannot be used, and why."""


def _verified(folder: Path, key: str) -> Path | None:
    """The library of entry `key` in `folder` if its record and library check out; None if there is no entry or a
    header it read changed; _Corrupt otherwise, _trust.Untrusted where the record or library fails the trust rule.
    Both are read through _trust.read: the checks apply to the descriptor read, so nothing changes in between."""
    meta_path = os.path.join(folder, f"{key}.json")
    try:
        # Not Path.read_bytes (docs/dev/measurements.md#a-cache-hit-in-python).
        meta = json.loads(_trust.read(meta_path))
    except (FileNotFoundError, NotADirectoryError):  # no entry; or the cache "directory" is a file: none there
        return None
    except (OSError, ValueError, RecursionError) as error:  # RecursionError: nesting deeper than json can parse
        raise _Corrupt(f"unreadable metadata: {str(error)[:200] or type(error).__name__}") from None
    try:
        if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("key") != key:
            raise _Corrupt("metadata of another entry or format")
        if meta.get("record_sha256") != record_digest(meta):
            raise _Corrupt("metadata checksum mismatch")
        if os.path.basename(meta["library"]) != meta["library"]:
            raise _Corrupt("library outside the cache")
        library = folder / meta["library"]
        content = _trust.read(library)
        if len(content) != meta["bytes"]:
            raise _Corrupt(f"library of {len(content)} bytes, {meta['bytes']} expected")
        if hashlib.sha256(content).hexdigest() != meta["sha256"]:
            raise _Corrupt("checksum mismatch")
        for header, digest in meta.get("headers", {}).items():
            try:
                if sha256_file(header) != digest:
                    return None  # an included header changed: a plain miss
            except (OSError, ValueError):  # gone, or not a path at all
                return None
    except FileNotFoundError:
        raise _Corrupt("its library is missing") from None
    except (OSError, KeyError, TypeError, AttributeError, ValueError) as error:  # ValueError: a NUL in a path
        raise _Corrupt(f"bad metadata: {error!r}") from None
    return library


def lookup(key: str, *, locked: bool = False, quiet: bool = False) -> Path | None:
    """The verified library of entry `key`, or None (a miss; a corrupt entry is one too, with a warning unless
    `quiet`, and so is an entry the trust rule refuses, with a warning). Verifies under the entry's shared lock (so
    eviction leaves it alone) unless the caller holds it exclusively (`locked`); a hit counts as a use for the size
    cap."""
    held_in = directory(key) if locked else None  # where compiling() took the lock (already known: no probe)
    for folder in folders(key):
        holding = contextlib.nullcontext() if folder == held_in else _locks.locked(lock_path(folder, key), shared=True)
        try:
            with holding:
                library = _verified(folder, key)
        except _trust.Untrusted as why:
            _refuse(folder, key, why)
            continue
        except _Corrupt as why:
            if not quiet:
                warnings.warn(
                    f"pyalpaka: ignoring the corrupt kernel cache entry {folder / key}.json ({why}); rebuilding",
                    RuntimeWarning,
                    stacklevel=4,
                )
            continue
        if library is not None:
            with contextlib.suppress(OSError):  # a read-only cache keeps no record of use
                os.utime(os.path.join(folder, f"{key}.json"))
            return library
    return None


def new_work_folder() -> Path:
    """An empty folder for one compilation, inside the cache (so that storing the result is a rename, and a killed
    process's leftovers are found and removed), or in the system's temporary folder where the cache is full. Private
    either way (mkdtemp: 0700), so no one else can change what the compiler reads and writes there."""
    try:
        return Path(tempfile.mkdtemp(dir=directory(), prefix=".build-"))
    except OSError:
        return Path(tempfile.mkdtemp(prefix="pyalpaka-build-"))


def system_work_folder() -> Path:
    """An empty folder for one compilation in the system's temporary folder (after the cache's disk was full)."""
    return Path(tempfile.mkdtemp(prefix="pyalpaka-build-"))


_DISK_FULL = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}
DISK_FULL_LOG = ("No space left on device", "File too large", "Disk quota exceeded", "File size limit exceeded")


def is_disk_full(error: OSError) -> bool:
    return error.errno in _DISK_FULL


def report_unwritable(folder: Path, error: OSError, consequence: str) -> None:
    """One warning per folder and process that the cache could not write there (a full disk, mostly)."""
    with _state_lock:
        if folder in _reported_full:
            return
        _reported_full.add(folder)
    warnings.warn(
        f"pyalpaka: the kernel cache {folder} could not be written ({error.strerror or error}): {consequence}",
        RuntimeWarning,
        stacklevel=4,
    )


def write_atomically(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        _trust.secure_file(handle)  # 0600 already (mkstemp); 0660 and the group's with a trusted group
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _place(built: Path, library: Path) -> None:
    """Moves `built` to `library`: a rename where both are on one file system, else a copy renamed into place."""
    try:
        os.replace(built, library)
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
        write_atomically(library, built.read_bytes())


def store(key: str, built: Path, meta: dict[str, Any]) -> Path:
    """Moves the freshly built library `built` into the cache under `key` and removes its work folder; returns the
    library's final path. Where the cache cannot take it (a full disk), warns and returns a path that stays valid
    until the process ends."""
    from . import _cache_cap  # late: it imports this module

    folder = directory(key)
    work = built.parent
    _trust.secure_path(built)  # the compiler wrote it with the umask's mode: 0600 whatever the umask
    digest = sha256_file(built)
    size = built.stat().st_size
    library = folder / f"{key}-{digest[:16]}{built.suffix}"  # .so, .cubin, .hsaco or .emu
    record = {
        "format": FORMAT,
        "pyalpaka": __version__,
        "key": key,
        "library": library.name,
        "sha256": digest,
        "bytes": size,
        **meta,
    }
    record["record_sha256"] = record_digest(record)
    try:
        _place(built, library)
        write_atomically(folder / f"{key}.json", json.dumps(record, indent=1).encode())
    except OSError as error:
        report_unwritable(folder, error, "kernels compiled now are used without being cached")
        kept = library if library.exists() else built
        if kept == built:
            atexit.register(shutil.rmtree, work, ignore_errors=True)
        else:
            shutil.rmtree(work, ignore_errors=True)
        return kept
    shutil.rmtree(work, ignore_errors=True)
    _cache_cap.enforce(folder)
    return library


def info() -> dict[str, Any]:
    """The cache's directory, number of entries, size in bytes (precompiled headers included where they are kept in
    the cache) and size cap; and the precompiled headers' folder, count and bytes."""
    from . import _cache_cap

    folder = directory()
    entries = list(folder.glob("*.json"))
    pch_root = _cache_cap.pch_root(folder)
    headers = _cache_cap.headers(pch_root)
    return {
        "directory": str(folder),
        "root": str(root()),
        "entries": len(entries),
        "bytes": _cache_cap.folder_bytes(folder),
        "max_bytes": _cache_cap.max_bytes(),
        "pch_directory": str(pch_root),
        "pch_headers": len(headers),
        "pch_bytes": sum(item.bytes for item in headers),
    }


def clear() -> int:
    """Removes every entry of every version under the cache root; returns how many entries were removed. Only
    directories of this user, or ones the trust rule accepts (a shared cache): nothing of someone else's, and never
    through a symbolic link."""
    removed = 0
    base = root()
    if not base.exists():
        return 0
    for folder in base.glob("v*"):
        if folder.is_symlink() or not folder.is_dir():
            continue
        if folder.stat().st_uid != os.geteuid() and _trust.folder_problem(base, folder) is not None:
            continue
        removed += len(list(folder.glob("*.json")))
        shutil.rmtree(folder, ignore_errors=True)
    return removed
