# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The on-disk cache of kernels compiled at run time.

Layout: ``<root>/v<version>-f<format>/<key>.json`` (the entry's metadata, written last: it commits the entry) and
``<key>-<sha>.so`` (the library; ``.cubin``/``.hsaco`` for a GPU module; its SHA-256 is in the metadata and checked
on every load). ``<root>`` is ``$PYALPAKA_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyalpaka``, else
``~/.cache/pyalpaka``. Files are written to a temporary name and renamed into place, so concurrent processes never
see a torn entry; a corrupt, truncated or foreign entry is a miss (rebuilt, with a warning), never a crash. A cache
directory that cannot be written falls back to a private temporary one, with a warning.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

from ._paths import get_include
from ._version import __version__

FORMAT = 1


def root() -> Path:
    """The cache root (before the per-version subdirectory)."""
    if "PYALPAKA_CACHE_DIR" in os.environ:
        return Path(os.environ["PYALPAKA_CACHE_DIR"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pyalpaka"


_private_fallback: dict[Path, Path] = {}
_writable: set[Path] = set()  # directories found writable in this process (the probe costs a file creation)


def directory() -> Path:
    """The directory entries of this version live in (created on first use; a private one if that fails)."""
    wanted = root() / f"v{__version__}-f{FORMAT}"
    if wanted in _writable and wanted.is_dir():  # `cache clear` in another process may have removed it
        return wanted
    if wanted in _private_fallback:
        return _private_fallback[wanted]
    try:
        wanted.mkdir(parents=True, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=wanted, prefix=".probe-", delete=True)
        probe.close()
        _writable.add(wanted)
        return wanted
    except OSError as error:
        fallback = Path(tempfile.mkdtemp(prefix="pyalpaka-cache-"))
        warnings.warn(
            f"pyalpaka: the kernel cache {wanted} is not writable ({error.strerror}); using {fallback} for this "
            "process (set PYALPAKA_CACHE_DIR to a writable directory)",
            RuntimeWarning,
            stacklevel=3,
        )
        _private_fallback[wanted] = fallback
        return fallback


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@functools.lru_cache(maxsize=None)
def library_digest() -> str:
    """A hash of the content of every header shipped with the package (alpaka, the kernels, the JIT entry).

    An installed package has it from its build (_build_config.json); a development tree, whose include folder links
    to the sources, hashes the headers themselves once per process."""
    from ._buildconfig import build_config

    recorded = build_config().get("library_digest")
    if recorded and not Path(get_include(), "alpaka").is_symlink():
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


def _corrupt(path: Path, why: str) -> None:
    warnings.warn(f"pyalpaka: ignoring the corrupt kernel cache entry {path} ({why}); rebuilding", RuntimeWarning,
                  stacklevel=4)


def lookup(key: str) -> Path | None:
    """The verified library of entry `key`, or None (a miss)."""
    folder = directory()
    meta_path = folder / f"{key}.json"
    try:
        meta = json.loads(meta_path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        _corrupt(meta_path, f"unreadable metadata: {error}")
        return None
    try:
        if meta.get("format") != FORMAT or meta.get("key") != key:
            _corrupt(meta_path, "metadata of another entry or format")
            return None
        library = folder / meta["library"]
        if Path(meta["library"]).name != meta["library"]:
            _corrupt(meta_path, "library outside the cache")
            return None
        if sha256_file(library) != meta["sha256"]:
            _corrupt(library, "checksum mismatch")
            return None
        for header, digest in meta.get("headers", {}).items():
            try:
                if sha256_file(Path(header)) != digest:
                    return None  # an included header changed: a plain miss
            except OSError:
                return None
    except FileNotFoundError:
        _corrupt(meta_path, "its library is missing")
        return None
    except (OSError, KeyError, TypeError) as error:
        _corrupt(meta_path, f"bad metadata: {error}")
        return None
    return library


def store(key: str, built: Path, meta: dict[str, Any]) -> Path:
    """Moves the freshly built library `built` into the cache under `key`; returns its final path."""
    folder = directory()
    digest = sha256_file(built)
    library = folder / f"{key}-{digest[:16]}{built.suffix}"  # .so, .cubin or .hsaco
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{key}-", suffix=built.suffix)
    os.close(handle)
    shutil.copyfile(built, temporary)
    os.replace(temporary, library)
    record = {"format": FORMAT, "key": key, "library": library.name, "sha256": digest, **meta}
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{key}-", suffix=".json")
    with os.fdopen(handle, "w") as file:
        json.dump(record, file, indent=1)
    os.replace(temporary, folder / f"{key}.json")
    return library


def info() -> dict[str, Any]:
    """The cache's directory, number of entries and size in bytes."""
    folder = directory()
    entries = list(folder.glob("*.json"))
    size = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    return {"directory": str(folder), "root": str(root()), "entries": len(entries), "bytes": size}


def clear() -> int:
    """Removes every entry of every version under the cache root; returns how many entries were removed."""
    removed = 0
    base = root()
    if not base.exists():
        return 0
    for folder in base.glob("v*"):
        if folder.is_dir():
            removed += len(list(folder.glob("*.json")))
            shutil.rmtree(folder, ignore_errors=True)
    return removed
