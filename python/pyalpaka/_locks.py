# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Cross-process locks of the kernel cache: flock(2) on a file per lock.

The kernel releases a flock lock when its holder dies, kill -9 included, so a crashed process never leaves a lock
behind that blocks the next one; the lock files themselves hold nothing and are never trusted for their content.
Each acquisition opens the file anew: flock locks belong to an open file description, so two threads of one process
exclude each other just as two processes do. Where no lock can be had (a read-only folder, a file system without
flock) the cache goes on without it: its atomic renames keep it correct, at worst a kernel is compiled twice.
A lock file is created 0600 (0660 with a trusted group) and opened without following a symbolic link: a link put at
a lock's path raises _trust.Untrusted, and the cache treats the entry as untrusted (_trust.open_lock).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

from . import _trust

log = logging.getLogger("pyalpaka.cache")

#: Longer than any compilation: a holder that keeps a lock this long is taken to be stuck, and the lock skipped.
WAIT_SECONDS = 900.0


def _open(path: Path) -> int | None:
    """A descriptor of the lock file (created if need be), or None where there can be no lock. _trust.Untrusted
    where the path is a symbolic link or not a file."""
    for attempt in range(2):
        try:
            try:
                return _trust.open_lock(path)
            except FileNotFoundError:  # the first lock of its folder (tried after the open: a cache hit's path)
                _trust.make_folders(path.parent)
                return _trust.open_lock(path)
        except IsADirectoryError:
            # Not a lock file: something else took its name. Replaced, once, where it is this user's; nothing of
            # someone else's is removed (then there is no lock).
            if attempt == 0 and _owned_by_this_user(path):
                warnings.warn(
                    f"pyalpaka: the kernel cache's lock {path} was a folder; replacing it", RuntimeWarning, stacklevel=5
                )
                shutil.rmtree(path, ignore_errors=True)
            else:
                return None
        except OSError as error:
            log.debug("no lock %s (%s): going on without it", path, error.strerror)
            return None
    return None


def _owned_by_this_user(path: Path) -> bool:
    try:
        return os.lstat(path).st_uid == os.geteuid()
    except OSError:
        return False


@contextlib.contextmanager
def locked(path: Path, *, shared: bool = False, wait: float = WAIT_SECONDS) -> Iterator[bool]:
    """Holds the lock of `path`, shared (readers) or exclusive, for the block; yields whether it is held.

    ``wait=0`` tries once (False: another holds it, or there can be no lock here); otherwise this waits up to
    `wait` seconds, then goes on without the lock, with a warning."""
    descriptor = _open(path)
    if descriptor is None:
        yield False
        return
    try:
        held = _acquire(descriptor, path, fcntl.LOCK_SH if shared else fcntl.LOCK_EX, wait)
        yield held
    finally:
        os.close(descriptor)  # releases the lock


def _acquire(descriptor: int, path: Path, mode: int, wait: float) -> bool:
    start = time.monotonic()
    pause = 0.005
    reported = False
    while True:
        try:
            fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError as error:  # e.g. ENOLCK: a file system without locks
            log.debug("cannot lock %s (%s): going on without it", path, error.strerror)
            return False
        waited = time.monotonic() - start
        if waited >= wait:
            if wait > 0:
                warnings.warn(
                    f"pyalpaka: gave up waiting for the kernel cache's lock {path} after {waited:.0f} s; "
                    "going on without it",
                    RuntimeWarning,
                    stacklevel=5,
                )
            return False
        if waited > 2 and not reported:
            log.debug("waiting for %s: another process or thread holds it", path)
            reported = True
        # Polling rather than a blocking flock: that could not give up. Short at first (most waits are one compile).
        time.sleep(min(pause, wait - waited))
        pause = min(pause * 1.5, 0.2)
