# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernel cache between two real local users (docs/security.md), where the tests run as root: a throw-away second
user (useradd, removed afterwards) plants a library in a world-writable team cache and the first user's next run does
not load it; and a site cache that root precompiled serves the other user as a hit. Skipped with the reason where the
tests do not run as root."""

from __future__ import annotations

import hashlib
import json
import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
from pathlib import Path

import pytest

from pyalpaka import _cache
from pyalpaka._version import __version__

from _cache_faults import source


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


def _other_user_can_import(user: pwd.struct_passwd, interpreter: str, env: dict) -> str | None:
    """Why `user` cannot run `interpreter` and import pyalpaka with `env`, or None where they can."""
    try:
        probe = subprocess.run(
            [interpreter, "-c", "import pyalpaka, numpy"],
            user=user.pw_uid, group=user.pw_gid, extra_groups=[], capture_output=True, text=True, env=env,
        )  # fmt: skip
    except OSError as error:  # the interpreter itself is out of the user's reach (a folder only root can enter)
        return str(error)
    return probe.stderr[-300:] if probe.returncode != 0 else None


def _python_for(user: pwd.struct_passwd, base: Path, env: dict) -> tuple[str, dict]:
    """An interpreter and environment with this pyalpaka that `user` can run, for both users' runs (so that both
    compute the same cache keys). This interpreter where the user can reach it; else, as where the tests run from a
    virtual environment under /root (CI), the system's interpreter of the same version with copies of pyalpaka, NumPy
    and the libraries they load, in `base`."""
    if _other_user_can_import(user, sys.executable, env) is None:
        return sys.executable, env
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    system = shutil.which(f"python{version}", path="/usr/local/bin:/usr/bin:/bin")
    if system is None:
        pytest.skip(f"the other user cannot run {sys.executable} and there is no system python{version}")
    packages = Path(sysconfig.get_paths()["purelib"])
    copy = base / "lib" / f"python{version}" / "site-packages"  # the layout the extension's run path expects
    for name in ("pyalpaka", "numpy", "numpy.libs"):
        if (packages / name).is_dir():
            shutil.copytree(packages / name, copy / name, symlinks=True)
    for library in (packages.parents[1]).glob("lib*.so*"):  # oneTBB's, at the extension's $ORIGIN/../../..
        shutil.copy2(library, base / "lib" / library.name, follow_symlinks=False)
    subprocess.run(["chmod", "-R", "a+rX", str(base)], check=True)
    copied = {**env, "PYTHONPATH": str(copy), "PYTHONNOUSERSITE": "1"}
    why = _other_user_can_import(user, system, copied)
    if why is not None:
        pytest.skip(f"the other user cannot run {system} with a copy of pyalpaka either: {why}")
    return system, copied


def test_a_site_cache_of_root_serves_another_user(other_user, shared_pch):
    """A cache that root precompiled, made readable (chmod -R a+rX): the other user's run is a hit."""
    base = Path(tempfile.mkdtemp(prefix="pyalpaka-site-"))
    try:
        base.chmod(0o755)
        site = base / "site-cache"
        env = {**os.environ, "PYALPAKA_CACHE_DIR": str(site), "HOME": str(base)}
        env.pop("PYALPAKA_CACHE_TRUST", None)
        env.pop("PYALPAKA_PCH_DIR", None)  # root's folder: each user's own default
        tests = base / "tests"  # the victim's helpers, where the other user can read them
        tests.mkdir()
        shutil.copy2(Path(__file__).with_name("_cache_faults.py"), tests)
        (base / "kernel.cpp").write_text(source(8.5))
        interpreter, env = _python_for(other_user, base, env)
        subprocess.run(
            [interpreter, "-m", "pyalpaka", "cache", "precompile", str(base / "kernel.cpp"), "--kernel",
             "AddConstant", "--signature", "double*, std::int64_t", "--backend", "cpu_serial"],
            check=True, capture_output=True, env=env,
        )  # fmt: skip
        subprocess.run(["chmod", "-R", "a+rX", str(base)], check=True)
        done = subprocess.run(
            [interpreter, "-c", VICTIM, str(tests), str(base / "kernel.cpp")],
            user=other_user.pw_uid, group=other_user.pw_gid, extra_groups=[], capture_output=True, text=True,
            env=env,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout.splitlines()[-1])
        assert report["compiler_runs"] == 0  # a hit
        assert report["result"] == [8.5] * 8 and Path(report["path"]).is_relative_to(site)
        assert not [m for m in report["warnings"] if "not using" in m]
    finally:
        shutil.rmtree(base, ignore_errors=True)
