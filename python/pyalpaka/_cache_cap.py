# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernel cache's size cap (``PYALPAKA_CACHE_MAX_BYTES``, default 2 GiB) and its housekeeping.

After each store, one process at a time (the others skip: the global lock is only tried) removes what killed
processes left behind (work folders and temporary files older than STALE_SECONDS) and, while the cache is over its
cap, the least recently used entries and precompiled headers (50 to 80 MB each, one per CPU back-end and toolchain:
the largest files of a cache). Precompiled headers kept apart (``PYALPAKA_PCH_DIR``) are held under the same cap on
their own. An entry is never removed while another process holds
its lock (verifying it, or compiling it), nor within IN_USE_SECONDS of its last use: a process that has just
verified an entry may be loading it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from . import _locks, _trust

log = logging.getLogger("pyalpaka.cache")

DEFAULT_MAX_BYTES = 2 * 2**30
IN_USE_SECONDS = 60.0
STALE_SECONDS = 15 * 60.0  # longer than a compilation; a work folder this old belongs to a process that died
_KEY = re.compile(r"[0-9a-f]{40}")
_TAG = re.compile(r"[0-9a-f]{24}")
_warned_cap: set[str] = set()


def max_bytes() -> int:
    """The cap: ``PYALPAKA_CACHE_MAX_BYTES`` in bytes, with an optional K, M, G or T (powers of 1024)."""
    text = os.environ.get("PYALPAKA_CACHE_MAX_BYTES", "").strip()
    if not text:
        return DEFAULT_MAX_BYTES
    match = re.fullmatch(r"(\d+)\s*([kmgt]?)(?:i?b)?", text, re.IGNORECASE)
    if match is None:
        if text not in _warned_cap:
            _warned_cap.add(text)
            warnings.warn(
                f"pyalpaka: PYALPAKA_CACHE_MAX_BYTES={text!r} is not a size (e.g. 500M, 2G, 1073741824); "
                f"using {DEFAULT_MAX_BYTES >> 30} GiB",
                RuntimeWarning,
                stacklevel=3,
            )
        return DEFAULT_MAX_BYTES
    return int(match[1]) * 1024 ** " kmgt".index(match[2].lower() or " ")


def folder_bytes(folder: Path) -> int:
    """The size of the files under `folder`, skipping any that vanish meanwhile."""
    total = 0
    for base, _, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(base, name)).st_size
    return total


@dataclass
class _Item:
    """What eviction removes together: a kernel entry's files, or a precompiled header's folder."""

    lock: Path
    paths: list[Path] = field(default_factory=list)
    bytes: int = 0
    last_use: float = 0.0  # the record's modification time (touched on each use)
    newest: float = 0.0  # the newest modification of any of its files (the last use of one without a record)


def _entries(folder: Path) -> list[_Item]:
    items: dict[str, _Item] = {}
    with os.scandir(folder) as scan:
        for found in scan:
            key = found.name[:40]
            if not _KEY.fullmatch(key) or not found.is_file(follow_symlinks=False):
                continue
            item = items.setdefault(key, _Item(folder / "locks" / f"{key}.lock"))
            stat = found.stat(follow_symlinks=False)
            if found.name.endswith(".json"):  # the record goes first: that uncommits the entry
                item.paths.insert(0, Path(found.path))
                item.last_use = stat.st_mtime
            else:
                item.paths.append(Path(found.path))
            item.bytes += stat.st_size
            item.newest = max(item.newest, stat.st_mtime)
    for item in items.values():
        if not item.last_use:  # no record: a library whose store was cut short; its own time is its last use
            item.last_use = item.newest
    return list(items.values())


def pch_root(folder: Path) -> Path:
    """Where the precompiled headers of the cache directory `folder` are kept: ``$PYALPAKA_PCH_DIR`` or its ``pch``."""
    return Path(os.environ["PYALPAKA_PCH_DIR"]) if "PYALPAKA_PCH_DIR" in os.environ else folder / "pch"


def headers(pch_root: Path) -> list[_Item]:
    items = []
    if not pch_root.is_dir():
        return items
    for found in pch_root.iterdir():
        if not _TAG.fullmatch(found.name) or found.is_symlink() or not found.is_dir():
            continue
        item = _Item(pch_root / "locks" / f"{found.name}.lock", [found], folder_bytes(found))
        try:
            item.last_use = (found / "pch.json").stat().st_mtime
        except OSError:
            item.last_use = found.stat().st_mtime
        items.append(item)
    return items


def remove_stale(folder: Path) -> None:
    """Removes the work folders and temporary files that processes killed during a compilation or a store left
    (in a folder the trust rule accepts; never following a symbolic link)."""
    now = time.time()
    try:
        scan = list(os.scandir(folder))
    except OSError:
        return
    for found in scan:
        name = found.name
        if not name.startswith((".build-", ".probe-", ".stale-")) and not (
            name.startswith(".") and name.endswith(".tmp")
        ):
            continue
        try:
            old = now - found.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
        except OSError:
            continue
        if old or name.startswith(".stale-"):  # .stale-: a precompiled header set aside to be removed
            log.debug("removing %s, left by a process that was killed", found.path)
            if found.is_dir(follow_symlinks=False):
                shutil.rmtree(found.path, ignore_errors=True)
            else:
                _unlink(Path(found.path))


def _unlink(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def enforce(folder: Path) -> None:
    """Housekeeping of the cache directory `folder` (see the module's docstring); never raises."""
    try:
        with _locks.locked(folder / "locks" / "evict.lock", wait=0) as held:
            if held:  # else another process is at it
                _enforce(folder)
    except (OSError, _trust.Untrusted) as error:  # Untrusted: a lock that is a symbolic link, left alone
        log.debug("housekeeping of %s failed: %s", folder, error)


def _enforce(folder: Path) -> None:
    remove_stale(folder)
    remove_stale(folder / "pch")
    cap = max_bytes()
    _evict(folder, _entries(folder) + headers(folder / "pch"), cap)
    apart = pch_root(folder)
    if apart != folder / "pch" and apart.is_dir() and _trust.folder_problem(apart, apart) is None:
        remove_stale(apart)
        with _locks.locked(apart / "locks" / "evict.lock", wait=0) as held:
            if held:
                _evict(apart, headers(apart), cap)


def _evict(folder: Path, items: list[_Item], cap: int) -> None:
    """Removes the least recently used of `items` (the content of `folder`) until `folder` is under `cap` bytes."""
    total = folder_bytes(folder)
    if total <= cap:
        return
    now = time.time()
    evicted, freed = 0, 0
    for item in sorted(items, key=lambda i: i.last_use):
        if total <= cap:
            break
        if now - item.last_use < IN_USE_SECONDS:
            continue
        with _locks.locked(item.lock, wait=0) as free:
            if not free:
                continue  # a process is verifying or compiling it
            for path in item.paths:
                if path.is_dir() and not path.is_symlink():  # a link is removed, never what it points to
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    _unlink(path)
            # Its lock goes too, or they would pile up; a process that opened it before this has an orphan lock,
            # which at worst lets it compile the entry alongside another (stores are atomic).
            _unlink(item.lock)
        total -= item.bytes
        evicted += 1
        freed += item.bytes
    if evicted:
        log.info(
            "kernel cache %s: evicted %d least recently used entries (%.1f MiB) to stay under its cap of %.1f MiB",
            folder,
            evicted,
            freed / 2**20,
            cap / 2**20,
        )
    if total > cap:
        log.info(
            "kernel cache %s: %.1f MiB, over its cap of %.1f MiB: the rest is in use",
            folder,
            total / 2**20,
            cap / 2**20,
        )
