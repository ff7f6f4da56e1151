# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernel cache's trust rule (docs/security.md): folders and files that someone else could write (modes 0777,
0775, 0757, a world-writable cache root, symbolic links, a file of mode 0666, a file of another user) are not used,
with a RuntimeWarning naming them, and the kernel is compiled and runs from a private folder instead; what the cache
creates is private whatever the umask, or shared with a group named in PYALPAKA_CACHE_TRUST. The attack itself, with
two real local users, is test_cache_two_users.py."""

from __future__ import annotations

import grp
import json
import os
import pwd
import re
import shutil
import stat
import warnings
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _cache, _compiler, _pch, _trust
from pyalpaka._buildconfig import host_toolchain

from _cache_faults import source
from _support import gpu_compiler_missing

TYPES = ["double*", "std::int64_t"]


@pytest.fixture
def cache(tmp_path, monkeypatch, shared_pch):
    """A fresh cache root (the session's precompiled headers); no trust configured."""
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PYALPAKA_CACHE_TRUST", raising=False)
    return tmp_path / "cache"


def run(value: float) -> list[float]:
    """Launches the kernel of `value` (a new Kernel: looked up on disk) on 8 zeros."""
    x = np.zeros(8)
    pk.Kernel(source(value), "AddConstant")(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8)
    return x.tolist()


def compiled(value: float) -> Path:
    """The library the kernel of `value` is loaded from (found or compiled now)."""
    return pk.Kernel(source(value), "AddConstant").compile("cpu_serial", 1, TYPES).path


def trust_warnings(caught) -> list[str]:
    return [str(w.message) for w in caught if "not using the kernel cache's" in str(w.message)]


def snapshot(folder: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every file under `folder` with its mode, owner and content (links as their target): nothing refused may be
    changed or removed."""
    found = {}
    for path in sorted(folder.rglob("*")):
        status = path.lstat()
        content = os.readlink(path).encode() if path.is_symlink() else path.read_bytes() if path.is_file() else b""
        found[str(path)] = (stat.S_IMODE(status.st_mode), status.st_uid, content)
    return found


def unchanged(before: dict, folder: Path) -> bool:
    """Whether everything of `before` (a snapshot) is still there as it was (a lock file may have been added)."""
    after = snapshot(folder)
    return all(after.get(path) == found for path, found in before.items())


def group_writable_group() -> int | None:
    """A group of this user that is not only theirs (a 0775 folder of such a group is writable by others); None
    where there is none. Root's own group counts (root has no user private group)."""
    if os.geteuid() == 0:
        return 0
    user = pwd.getpwuid(os.geteuid()).pw_name
    for gid in os.getgroups():
        try:
            group = grp.getgrgid(gid)
        except KeyError:
            continue
        if group.gr_name != user or set(group.gr_mem) - {user}:
            return gid
    return None


# --- folders ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o757])
@pytest.mark.parametrize("which", ["cache root", "version folder"])
def test_a_folder_others_can_write_is_not_used(cache, mode, which):
    assert run(1.25) == [1.25] * 8
    stored = compiled(1.25)
    folder = cache if which == "cache root" else _cache.directory()
    if mode == 0o775:
        gid = group_writable_group()
        if gid is None:
            pytest.skip("this user is in no group besides their own: a group-writable folder is theirs alone")
        os.chown(folder, -1, gid)
    folder.chmod(mode)
    before = snapshot(cache)
    _cache.forget()  # as a new process would find it: the verdicts of folders are kept for a process
    with pytest.warns(RuntimeWarning) as caught:
        assert run(1.25) == [1.25] * 8
    [message] = trust_warnings(caught)
    assert f"{folder}: writable by" in message and f"mode {mode:04o}" in message
    assert "PYALPAKA_CACHE_TRUST" in message  # says what to do
    again = compiled(1.25)
    assert not again.is_relative_to(cache) and again != stored  # compiled into the process's private folder
    assert snapshot(cache) == before  # nothing there was changed or removed


def test_a_world_writable_sticky_folder_is_fine_above_the_cache_root_but_not_as_it(tmp_path, monkeypatch, shared_pch):
    monkeypatch.delenv("PYALPAKA_CACHE_TRUST", raising=False)
    shared = tmp_path / "like-tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(shared / "mine"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert run(2.5) == [2.5] * 8
    assert compiled(2.5).is_relative_to(shared / "mine")
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(shared))
    with pytest.warns(RuntimeWarning, match=re.escape(f"{shared}: writable by every user")):
        assert run(2.5) == [2.5] * 8
    assert not compiled(2.5).is_relative_to(shared)
    assert not list(shared.glob("v*"))  # nothing was created in it


# --- files -----------------------------------------------------------------------------------------------------------


def _plant(damage: str, folder: Path, key: str, elsewhere: Path) -> Path:
    """Puts the damage into entry `key` of `folder`; returns the path the warning must name."""
    record = folder / f"{key}.json"
    library = folder / json.loads(record.read_text())["library"]
    lock = _cache.lock_path(folder, key)
    if damage == "record of mode 0666":
        record.chmod(0o666)
        return record
    if damage == "library of mode 0666":
        library.chmod(0o666)
        return library
    if damage == "lock is a symbolic link":
        lock.unlink()
        lock.symlink_to(elsewhere / "created-through-the-lock")
        return lock
    target = elsewhere / ("record" if damage == "record is a symbolic link" else "library")
    path = record if damage == "record is a symbolic link" else library
    shutil.copy2(path, target)  # the same, valid content: only the link is wrong
    path.unlink()
    path.symlink_to(target)
    return path


@pytest.mark.parametrize(
    "damage",
    [
        "record of mode 0666",
        "library of mode 0666",
        "record is a symbolic link",
        "library is a symbolic link",
        "lock is a symbolic link",
    ],
)
def test_a_file_others_can_write_or_a_link_is_not_used(cache, tmp_path, damage):
    entry = pk.Kernel(source(3.5), "AddConstant").compile("cpu_serial", 1, TYPES)
    folder = _cache.directory()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    named = _plant(damage, folder, entry.key, elsewhere)
    before = snapshot(cache)
    with pytest.warns(RuntimeWarning) as caught:
        assert run(3.5) == [3.5] * 8
    [message] = trust_warnings(caught)
    assert message.startswith(f"pyalpaka: not using the kernel cache's {named}: ")
    assert ("a symbolic link" if "link" in damage else "writable by every user") in message
    again = compiled(3.5)
    assert not again.is_relative_to(cache)  # from the private folder
    assert unchanged(before, cache)  # the refused entry is left as it is
    assert not (elsewhere / "created-through-the-lock").exists()  # a lock link is never followed


def test_a_record_of_another_user_is_not_used(cache, other_user):
    entry = pk.Kernel(source(4.5), "AddConstant").compile("cpu_serial", 1, TYPES)
    record = _cache.directory() / f"{entry.key}.json"
    os.chown(record, other_user.pw_uid, other_user.pw_gid)
    with pytest.warns(RuntimeWarning) as caught:
        assert run(4.5) == [4.5] * 8
    [message] = trust_warnings(caught)
    assert f"{record}: owned by another user (owner {other_user.pw_name} (uid {other_user.pw_uid})" in message
    assert not compiled(4.5).is_relative_to(cache)
    assert record.stat().st_uid == other_user.pw_uid  # still there, still theirs


def test_a_gpu_module_others_can_write_is_not_used(cache):
    if missing := gpu_compiler_missing("cuda"):
        pytest.skip(missing)
    kernel = pk.Kernel(source(9.5), "AddConstant")
    stored = kernel.compile("cuda", 1, TYPES, arch="sm_90").path  # NVRTC's CUBIN, no GPU needed
    assert stored.suffix == ".cubin" and stored.is_relative_to(cache)
    stored.chmod(0o666)
    with pytest.warns(RuntimeWarning) as caught:
        again = pk.Kernel(source(9.5), "AddConstant").compile("cuda", 1, TYPES, arch="sm_90")
    [message] = trust_warnings(caught)
    assert message.startswith(f"pyalpaka: not using the kernel cache's {stored}: writable by every user")
    assert not again.hit and not again.path.is_relative_to(cache) and again.path.suffix == ".cubin"
    assert stat.S_IMODE(stored.stat().st_mode) == 0o666  # left as it is


def test_a_precompiled_header_others_can_write_is_not_used(cache, tmp_path, monkeypatch):
    assert run(10.5) == [10.5] * 8  # the session's precompiled header exists now
    toolchain = host_toolchain("cpu_serial")
    shared = _pch.folder(toolchain, _compiler._base_command(toolchain))
    if not (shared / f"{_pch.HEADER}.gch").is_file():
        pytest.skip(f"no precompiled header with this compiler ({toolchain.identity})")
    pch_root = tmp_path / "pch"
    copy = pch_root / shared.name
    shutil.copytree(shared, copy)
    form = copy / f"{_pch.HEADER}.gch"
    form.chmod(0o666)
    before = snapshot(pch_root)
    monkeypatch.setenv("PYALPAKA_PCH_DIR", str(pch_root))
    with pytest.warns(RuntimeWarning) as caught:
        assert run(11.5) == [11.5] * 8  # a new kernel: compiled with a header built in a private folder
    [message] = trust_warnings(caught)
    assert message.startswith(f"pyalpaka: not using the kernel cache's {form}: writable by every user")
    assert "precompiled headers are not used" in message
    assert unchanged(before, pch_root)
    assert not _pch.folder(toolchain, _compiler._base_command(toolchain)).is_relative_to(pch_root)


# --- what the cache creates ------------------------------------------------------------------------------------------


def modes(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): stat.S_IMODE(p.lstat().st_mode) for p in folder.rglob("*")}


def test_new_folders_are_0700_and_files_0600_whatever_the_umask(cache, monkeypatch):
    monkeypatch.delenv("PYALPAKA_PCH_DIR")  # the cache's own precompiled header: built here, under umask 0
    saved = os.umask(0)
    try:
        assert run(5.5) == [5.5] * 8
    finally:
        os.umask(saved)
    found = modes(cache)
    assert any(name.endswith(".so") for name in found) and any("pch" in name for name in found)
    assert any(name.endswith(".lock") for name in found) and any(name.endswith(".gch") for name in found)
    wrong = {
        name: f"{mode:04o}" for name, mode in found.items() if mode != (0o700 if (cache / name).is_dir() else 0o600)
    }
    assert not wrong
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700


def test_a_trusted_group_shares_new_folders_and_files(cache, monkeypatch):
    gid = os.getegid()
    monkeypatch.setenv("PYALPAKA_CACHE_TRUST", f"group:{grp.getgrgid(gid).gr_name}")
    assert run(6.5) == [6.5] * 8
    for path in [cache, *cache.rglob("*")]:
        status = path.lstat()
        assert status.st_gid == gid, path
        assert stat.S_IMODE(status.st_mode) == (0o2770 if path.is_dir() else 0o660), path
    # Group-writable folders and files of the group are used: a hit, without a warning, in a new process.
    _cache.forget()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        entry = pk.Kernel(source(6.5), "AddConstant").compile("cpu_serial", 1, TYPES)
    assert entry.hit and entry.path.is_relative_to(cache)


@pytest.mark.parametrize(
    ("value", "complaint"),
    [
        ("physics", "'physics' is not an entry"),
        ("group:", "'group:' is not an entry"),
        ("team:physics", "'team:physics' is not an entry"),
        ("user:alice;group:physics", "there is no user named 'alice;group:physics' on this system"),
        ("user:no-such-user-of-pyalpaka", "there is no user named 'no-such-user-of-pyalpaka' on this system"),
        ("group:no-such-group-of-pyalpaka", "there is no group named 'no-such-group-of-pyalpaka' on this system"),
    ],
)
def test_a_malformed_trust_setting_is_a_value_error(cache, monkeypatch, value, complaint):
    monkeypatch.setenv("PYALPAKA_CACHE_TRUST", value)
    expected = re.escape(f"PYALPAKA_CACHE_TRUST={value!r}: {complaint}") + ".*expected comma-separated group:NAME"
    with pytest.raises(ValueError, match=expected):
        pk.Kernel(source(7.5), "AddConstant").compile("cpu_serial", 1, TYPES)
    with pytest.raises(ValueError, match=expected):  # a launch says the same
        run(7.5)


def test_trust_settings_that_parse():
    root_group = grp.getgrgid(0).gr_name
    policy = _trust.parse(f" group:{root_group} , user:root,,user:4242 ")
    assert policy.uids == {0, 4242} and policy.gids == {0} and policy.share_gid == 0
    assert _trust.parse("") == _trust.Policy("")
