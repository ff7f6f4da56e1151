# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# One file: the rule's unit tests and the two-user attack share the cache fixtures and the planted-file helpers.
"""The kernel cache's trust rule (docs/security.md): folders and files that someone else could write (modes 0777,
0775, 0757, a world-writable cache root, symbolic links, a file of mode 0666, a file of another user) are not used,
with a RuntimeWarning naming them, and the kernel is compiled and runs from a private folder instead; what the cache
creates is private whatever the umask, or shared with a group named in PYALPAKA_CACHE_TRUST; and, where the tests
run as root, the attack itself: a second local user plants a library in a world-writable cache, and the first user's
next run does not load it."""

from __future__ import annotations

import grp
import hashlib
import json
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _cache, _compiler, _pch, _trust
from pyalpaka._buildconfig import host_toolchain
from pyalpaka._version import __version__

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


# --- two local users -------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
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


def as_user(user: pwd.struct_passwd, *command: str) -> None:
    """Runs `command` as `user` (no group of root's), as that user could at a shell."""
    subprocess.run(list(command), user=user.pw_uid, group=user.pw_gid, extra_groups=[], check=True, capture_output=True)


# A user's process: runs the kernel (the source of _cache_faults, or the file argv[2]); prints what happened as JSON.
VICTIM = textwrap.dedent(
    """
    import json, sys, warnings
    import numpy as np
    import pyalpaka as pk
    from pyalpaka import _compiler
    sys.path.insert(0, sys.argv[1])
    from _cache_faults import source

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if len(sys.argv) > 2:
            kernel = pk.Kernel.from_file(sys.argv[2], "AddConstant")
        else:
            kernel = pk.Kernel(source(8.5), "AddConstant")
        entry = kernel.compile("cpu_serial", 1, ["double*", "std::int64_t"])
        x = np.zeros(8)
        kernel(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8)
    print(json.dumps({"key": entry.key, "path": str(entry.path), "result": x.tolist(),
                      "compiler_runs": _compiler.compiler_runs,
                      "warnings": [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]}))
    """
)

PLANTED = r"""
#include <stdio.h>
__attribute__((constructor)) static void planted(void)
{
    FILE* marker = fopen(MARKER, "w");
    if(marker) { fputs("the planted library ran in the victim's process\n", marker); fclose(marker); }
}
"""


def victim_run(env: dict, marker: Path) -> dict:
    """The first user's run in a fresh process; fails the test first of all where the planted code ran."""
    done = subprocess.run(
        [sys.executable, "-c", VICTIM, str(Path(__file__).parent)], capture_output=True, text=True, env=env
    )
    assert not marker.exists(), f"the planted library was loaded: {done.stderr[-500:]}"
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_another_local_user_cannot_plant_a_kernel_in_a_world_writable_cache(other_user, shared_pch):
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc) to build the planted library")
    # Under /tmp, where the other user can reach it (pytest's tmp_path is root's alone).
    base = Path(tempfile.mkdtemp(prefix="pyalpaka-trust-"))
    try:
        base.chmod(0o755)
        shared = base / "team-cache"  # PYALPAKA_CACHE_DIR of both users: mode 1777, like /tmp
        shared.mkdir()
        shared.chmod(0o1777)
        marker = base / "planted-code-ran"
        env = {**os.environ, "PYALPAKA_CACHE_DIR": str(shared)}
        env.pop("PYALPAKA_CACHE_TRUST", None)

        # The attacker takes the version folder's name first, writable by all: what the first user writes there, the
        # attacker can replace (they own the folder). The name is public: the package's version and cache format.
        version_folder = shared / f"v{__version__}-f{_cache.FORMAT}"
        as_user(other_user, "mkdir", "-m", "0777", str(version_folder))

        first = victim_run(env, marker)  # root compiles the kernel
        assert first["result"] == [8.5] * 8

        # The attacker's library, and a record that matches it: size and checksums anyone can compute.
        stage = base / "stage"
        stage.mkdir(mode=0o755)
        (stage / "planted.c").write_text(PLANTED)
        planted = stage / "planted.so"
        subprocess.run(
            [compiler, "-shared", "-fPIC", f'-DMARKER="{marker}"', str(stage / "planted.c"), "-o", str(planted)],
            check=True,
        )
        content = planted.read_bytes()
        digest = hashlib.sha256(content).hexdigest()
        library_name = f"{first['key']}-{digest[:16]}.so"
        record = {
            "format": _cache.FORMAT,
            "pyalpaka": __version__,
            "key": first["key"],
            "library": library_name,
            "sha256": digest,
            "bytes": len(content),
            "headers": {},
        }
        record["record_sha256"] = _cache.record_digest(record)
        (stage / "record.json").write_text(json.dumps(record))
        for name in stage.iterdir():
            name.chmod(0o644)
        # Written as the attacker (their files), under temporary names renamed over whatever is there.
        for source_file, target in ((planted, library_name), (stage / "record.json", f"{first['key']}.json")):
            as_user(other_user, "cp", str(source_file), str(version_folder / f".{target}.tmp"))
            as_user(other_user, "mv", "-f", str(version_folder / f".{target}.tmp"), str(version_folder / target))
        assert (version_folder / library_name).stat().st_uid == other_user.pw_uid

        second = victim_run(env, marker)  # root's next run, in a fresh process
        assert second["result"] == [8.5] * 8
        assert not Path(second["path"]).is_relative_to(shared)  # compiled into its private folder
        assert any(str(shared) in message and "not using" in message for message in second["warnings"])
        assert (version_folder / library_name).exists()  # the attacker's files are not the victim's to delete
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_a_site_cache_of_root_serves_another_user(other_user, shared_pch):
    """A cache that root precompiled, made readable (chmod -R a+rX): the other user's run is a hit."""
    base = Path(tempfile.mkdtemp(prefix="pyalpaka-site-"))
    try:
        base.chmod(0o755)
        site = base / "site-cache"
        env = {**os.environ, "PYALPAKA_CACHE_DIR": str(site), "HOME": str(base)}
        env.pop("PYALPAKA_CACHE_TRUST", None)
        user_env = {name: value for name, value in env.items() if name != "PYALPAKA_PCH_DIR"}  # root's folder
        (base / "kernel.cpp").write_text(source(8.5))
        (base / "kernel.cpp").chmod(0o644)
        subprocess.run(
            [sys.executable, "-m", "pyalpaka", "cache", "precompile", str(base / "kernel.cpp"), "--kernel",
             "AddConstant", "--signature", "double*, std::int64_t", "--backend", "cpu_serial"],
            check=True, capture_output=True, env=env,
        )  # fmt: skip
        subprocess.run(["chmod", "-R", "a+rX", str(site)], check=True)
        try:
            probe = subprocess.run(
                [sys.executable, "-c", "import pyalpaka"],
                user=other_user.pw_uid,
                group=other_user.pw_gid,
                extra_groups=[],
                capture_output=True,
                text=True,
                env=user_env,
            )
            why = probe.stderr[-200:] if probe.returncode != 0 else None
        except OSError as error:  # the interpreter itself is out of the other user's reach (a root-only folder)
            why = str(error)
        if why is not None:
            pytest.skip(f"the other user cannot run this interpreter and package ({sys.executable}): {why}")
        done = subprocess.run(
            [sys.executable, "-c", VICTIM, str(Path(__file__).parent), str(base / "kernel.cpp")],
            user=other_user.pw_uid, group=other_user.pw_gid, extra_groups=[], capture_output=True, text=True,
            env=user_env,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout.splitlines()[-1])
        assert report["compiler_runs"] == 0  # a hit
        assert report["result"] == [8.5] * 8 and Path(report["path"]).is_relative_to(site)
        assert not [m for m in report["warnings"] if "not using" in m]
    finally:
        shutil.rmtree(base, ignore_errors=True)
