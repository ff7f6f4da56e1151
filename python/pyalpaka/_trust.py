# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Whom the kernel cache trusts: the rule applied before a record, library, precompiled header or GPU image from
the cache is read or loaded, and the modes of what the cache creates (docs/security.md).

A file is used only where it and every folder from the cache root down to it are owned by the current user, root
or someone named in ``PYALPAKA_CACHE_TRUST``, and no one else can write them: not group- or world-writable (as
OpenSSH's StrictModes). Group-writable is fine where the group is the owner's personal group (a user private group,
which only the owner is in: the umask 002 of such systems made the folders of earlier versions group-writable) or a
group named in ``PYALPAKA_CACHE_TRUST`` (``group:NAME``), whose members may then own the folders and files too.
Folders above the cache root are only checked for being writable by someone untrusted: there a sticky folder such
as /tmp is fine (no one can rename another's folder in it), inside the cache it is not.

Files are checked on the descriptor that reads them (opened with O_NOFOLLOW, then fstat), so nothing can change
between the check and the read; the cache loads a library by path only after its folders passed the check, so no one
else can replace it in between. A folder's verdict is kept for the process: a cache hit in a fresh process pays a
few stats once, and one fstat per file it reads anyway.

What the cache creates is private whatever the umask: folders 0700, files 0600; with a trusted group, folders 02770
and files 0660 owned by that group, so that its members share the cache.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import warnings
from dataclasses import dataclass

VARIABLE = "PYALPAKA_CACHE_TRUST"
_FORMAT = "comma-separated group:NAME and user:NAME entries, e.g. group:physics,user:alice"


class Untrusted(Exception):
    """A file or folder of the cache that may not be used, and why. Deliberately not an OSError: the cache's
    handlers of damaged entries (OSError, ValueError) must not mistake it for damage and rebuild in place."""

    def __init__(self, path: str | os.PathLike[str], reason: str, *, folder: bool = False) -> None:
        super().__init__(f"{os.fspath(path)}: {reason}")
        self.path = os.fspath(path)
        self.reason = reason
        #: The folder it is about (warned about once per process): the path itself, or the file's folder.
        self.folder = self.path if folder else os.path.dirname(self.path)


@dataclass(frozen=True)
class Policy:
    """``PYALPAKA_CACHE_TRUST`` parsed: the users and groups trusted besides the current user and root."""

    text: str
    uids: frozenset[int] = frozenset()
    gids: frozenset[int] = frozenset()
    #: The group that new folders and files are shared with: the first ``group:`` entry.
    share_gid: int | None = None


def parse(text: str) -> Policy:
    """The policy of a ``PYALPAKA_CACHE_TRUST`` value; ValueError naming the variable and the format otherwise."""
    if not text.strip():
        return Policy(text)  # without importing grp and pwd: a cache hit in a fresh process pays for imports
    import grp
    import pwd

    uids: set[int] = set()
    gids: list[int] = []
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        kind, colon, name = (s.strip() for s in entry.partition(":"))
        if not colon or kind not in ("user", "group") or not name:
            raise ValueError(f"{VARIABLE}={text!r}: {entry!r} is not an entry; expected {_FORMAT}")
        try:
            if kind == "user":
                uids.add(pwd.getpwnam(name).pw_uid)
            else:
                gids.append(grp.getgrnam(name).gr_gid)
        except KeyError:
            if not name.isdigit():  # a numeric id is taken as it is (a container may know no names)
                raise ValueError(
                    f"{VARIABLE}={text!r}: there is no {kind} named {name!r} on this system; expected {_FORMAT}"
                ) from None
            (uids.add if kind == "user" else gids.append)(int(name))
    return Policy(text, frozenset(uids), frozenset(gids), gids[0] if gids else None)


_policies: dict[str, Policy] = {"": Policy("")}  # trusting no one else, the usual case, made at import


def policy() -> Policy:
    """The policy of the current ``PYALPAKA_CACHE_TRUST`` (parsed once per value)."""
    text = os.environ.get(VARIABLE, "")
    found = _policies.get(text)
    if found is None:
        found = _policies[text] = parse(text)
    return found


# --- the rule --------------------------------------------------------------------------------------------------------

_owner_groups: dict[tuple[int, int], tuple[bool, bool]] = {}  # (uid, gid) -> (personal group, member of it)


def _group_of_owner(uid: int, gid: int) -> tuple[bool, bool]:
    """Whether `gid` is the personal group of user `uid` (named after them, their primary group, no one else in
    it: the user private groups of many distributions, whose umask 002 makes folders group-writable; never root's
    group, which is no such group), and whether `uid` is a member of `gid` at all."""
    if (uid, gid) not in _owner_groups:
        import grp
        import pwd

        try:
            user = pwd.getpwuid(uid)
            group = grp.getgrgid(gid)
            member = user.pw_gid == gid or user.pw_name in group.gr_mem
            personal = (
                uid != 0
                and group.gr_name == user.pw_name
                and user.pw_gid == gid
                and set(group.gr_mem) <= {user.pw_name}
            )
        except KeyError:  # an id without a name: nothing known about it, so nothing is granted
            member = personal = False
        _owner_groups[(uid, gid)] = (personal, member)
    return _owner_groups[(uid, gid)]


def _problem(status: os.stat_result, rules: Policy, *, above: bool = False) -> str | None:
    """Why a file or folder with this status may not be used, or None. `above`: a folder above the cache root,
    which only must not be writable by the untrusted (sticky is fine there)."""
    mode, uid, gid = status.st_mode, status.st_uid, status.st_gid
    if not mode & 0o022 and (above or uid == 0 or uid == os.geteuid()):
        return None  # the usual case, decided without looking up users and groups
    shared_group = gid in rules.gids
    trusted_owner = uid in (os.geteuid(), 0) or uid in rules.uids or (shared_group and _group_of_owner(uid, gid)[1])
    if not above and not trusted_owner:
        return "owned by another user"
    if mode & (stat.S_IWGRP | stat.S_IWOTH):
        if above and stat.S_ISDIR(mode) and mode & stat.S_ISVTX:
            return None  # like /tmp: others may write in it, but not rename or remove what is not theirs
        if mode & stat.S_IWOTH:
            return "writable by every user"
        if not shared_group and not _group_of_owner(uid, gid)[0]:
            return "writable by its group"
    return None


def describe(status: os.stat_result) -> str:
    """'owner alice (uid 1001), group staff (gid 50), mode 0777'."""
    import grp
    import pwd

    try:
        owner = pwd.getpwuid(status.st_uid).pw_name
    except KeyError:
        owner = "?"
    try:
        group = grp.getgrgid(status.st_gid).gr_name
    except KeyError:
        group = "?"
    return (
        f"owner {owner} (uid {status.st_uid}), group {group} (gid {status.st_gid}), "
        f"mode {stat.S_IMODE(status.st_mode):04o}"
    )


_MISSING = "missing"
_chains: dict[tuple[str, str, str], Untrusted | None] = {}  # (policy, root, folder) -> verdict of the whole chain


def folder_problem(root: str | os.PathLike[str], folder: str | os.PathLike[str]) -> Untrusted | None:
    """Why the cache folder `folder` (the cache root `root` or a folder below it) may not be used, or None where it
    may (also where it does not exist yet: nothing is read from it, and what is created there is checked when it is
    used). ValueError where ``PYALPAKA_CACHE_TRUST`` is malformed. The verdict is kept for the process."""
    rules = policy()
    key = (rules.text, os.fspath(root), os.fspath(folder))
    found = _chains.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[return-value]
    # Plain string operations and one stat per folder, the usual case decided inline: this runs in each fresh
    # process before its first cache hit.
    base = os.path.abspath(key[1])
    target = os.path.abspath(key[2])
    stem = base.rstrip(os.sep)
    if target != base and not target.startswith(stem + os.sep):
        raise ValueError(f"{target} is not inside the cache root {base}")
    chain = [(os.sep, True)] if stem else []  # the root folder is above the cache root, unless it is the cache root
    path = ""
    for part in stem.split(os.sep)[1:-1]:
        path += os.sep + part
        chain.append((path, True))
    chain.append((base, False))
    path = stem
    for part in target[len(stem) + 1 :].split(os.sep) if target != base else ():
        path += os.sep + part
        chain.append((path, False))
    me = os.geteuid()
    for path, above in chain:
        try:
            status = os.stat(path)  # a link the user made (a cache root on another disk) is judged by its target
        except OSError:  # missing (not kept: it may be created later), a file, not searchable: nothing to read
            return None
        if not status.st_mode & 0o022 and (above or status.st_uid == me or status.st_uid == 0):
            continue  # the usual case
        problem = _problem(status, rules, above=above)
        if problem is not None:
            verdict = _chains[key] = Untrusted(path, f"{problem} ({describe(status)})", folder=True)
            return verdict
    _chains[key] = None
    return None


def forget() -> None:
    """Drops the verdicts kept for this process (tests that change a folder's mode after its first use)."""
    _chains.clear()
    with _warned_lock:
        _warned.clear()


def read(path: str | os.PathLike[str]) -> bytes:
    """The content of the cache file `path`, checked on the descriptor that reads it. OSError as open(2) raises it
    (FileNotFoundError: no such entry); Untrusted where it is a symbolic link, not a regular file, or fails the
    rule."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise Untrusted(path, "a symbolic link") from None
        raise
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise Untrusted(path, "not a regular file")
        problem = _problem(status, policy())
        if problem is not None:
            raise Untrusted(path, f"{problem} ({describe(status)})")
        parts = []
        while chunk := os.read(descriptor, max(status.st_size, 65536)):
            parts.append(chunk)
        return b"".join(parts)
    finally:
        os.close(descriptor)


def open_lock(path: str | os.PathLike[str]) -> int:
    """A read-write descriptor of the lock file `path`, created 0600 (0660 with a trusted group) where it is
    missing. Locks hold nothing, so their owner and mode do not matter; but a lock is never a symbolic link
    (following one would create or open a file where another user points it): Untrusted. OSError as open(2)
    raises it otherwise (FileNotFoundError: its folder is missing)."""
    flags = os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK  # O_NONBLOCK: a FIFO put there does not block
    for _ in range(3):
        try:
            try:
                descriptor = os.open(path, flags)  # the lock usually exists: a cache hit's path
            except FileNotFoundError:
                descriptor = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o600)
                secure_file(descriptor)
        except FileExistsError:  # another process created it meanwhile
            continue
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise Untrusted(path, "a symbolic link") from None
            raise
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            raise Untrusted(path, "not a regular file")
        return descriptor
    raise FileExistsError(errno.EEXIST, "created and removed while being opened", os.fspath(path))


# --- what the cache creates ------------------------------------------------------------------------------------------


def _share_gid() -> int | None:
    return policy().share_gid


def _give_mode(path: str | os.PathLike[str], shared: int, private: int) -> None:
    """Gives `path` the mode `shared` in the trusted group, or `private` where there is none or this user may not
    give it to that group."""
    gid = _share_gid()
    if gid is not None:
        try:
            os.chown(path, -1, gid)
            os.chmod(path, shared)
            return
        except PermissionError:
            pass
    os.chmod(path, private)


def secure_folder(path: str | os.PathLike[str]) -> None:
    """Gives a folder this process created its mode: 0700, or 02770 owned by the trusted group (0700 where this
    user may not give it to that group)."""
    _give_mode(path, 0o2770, 0o700)


def secure_file(descriptor: int) -> None:
    """Gives a file this process created its mode (by its descriptor): 0600, or 0660 owned by the trusted group."""
    gid = _share_gid()
    if gid is not None:
        try:
            if os.fstat(descriptor).st_gid != gid:  # a file in a setgid folder of the group has it already
                os.fchown(descriptor, -1, gid)
            os.fchmod(descriptor, 0o660)
            return
        except PermissionError:
            pass
    os.fchmod(descriptor, 0o600)


def secure_path(path: str | os.PathLike[str]) -> None:
    """secure_file for a file the compiler wrote into this process's private work folder (0700: no one else can
    have put a link there), which the umask gave its mode."""
    _give_mode(path, 0o660, 0o600)


def make_folders(path: str | os.PathLike[str]) -> None:
    """Creates the folder `path` and its missing parents, each with secure_folder's mode whatever the umask. One
    that another process creates meanwhile is left as it is (the trust check judges it when it is used)."""
    missing = []
    current = os.path.abspath(path)
    while not os.path.isdir(current):
        missing.append(current)
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            continue
        secure_folder(folder)


# --- telling the user ------------------------------------------------------------------------------------------------

_warned: set[str] = set()
_warned_lock = threading.Lock()


def warn(why: Untrusted, consequence: str, *, stacklevel: int) -> None:
    """One RuntimeWarning per folder and process: what was refused and why, what happens instead, what to do."""
    with _warned_lock:
        if why.folder in _warned:
            return
        _warned.add(why.folder)
    warnings.warn(
        f"pyalpaka: not using the kernel cache's {why.path}: {why.reason}; nothing another user could have written "
        f"is loaded. {consequence}. To use it, make it and the cache's folders down to it yours and not writable "
        f"by others (chown, chmod go-w), or name whom you trust in {VARIABLE} ({_FORMAT}); see docs/security.md",
        RuntimeWarning,
        stacklevel=stacklevel + 1,
    )
