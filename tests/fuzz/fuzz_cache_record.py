# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Coverage-guided fuzzing (atheris) of what the kernel cache reads from disk: an entry planted in the cache, with
every field of its record, its library, the owners and modes of its files and folders, and links in place of files
chosen by the fuzzer, as another user who can write there (or a damaged disk) could leave it (docs/security.md).

Each input plants one entry (a record, JSON or raw bytes; a library; where the fuzzer says, owned by another user,
writable by group or others, a symbolic link, in a folder others can write), then looks it up as a launch does
(`_cache.lookup`), and reads the same bytes as a precompiled header's record (`_pch._problem`) and as the run-time
compiler memo (`_rtc._memo_load`). Properties: a lookup returns nothing or a library whose folder, record and file
pass the trust rule (owned by this user or root, not writable by group or others, no link) and whose size and
SHA-256 are the record's, with a record whose own checksum holds; no exception but the documented ones; warnings are
RuntimeWarnings. Run as root, the fuzzer also hands files to another user (uid 65534) to plant them as theirs.

    python tests/fuzz/fuzz_cache_record.py -max_total_time=30 [corpus folder]
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
import warnings
from pathlib import Path

import atheris

BASE = Path(tempfile.mkdtemp(prefix="pyalpaka-fuzz-cache-"))
os.environ["PYALPAKA_CACHE_DIR"] = str(BASE / "cache")
os.environ.pop("PYALPAKA_CACHE_TRUST", None)

with atheris.instrument_imports():
    from pyalpaka import _cache, _pch, _rtc, _trust

ME = os.geteuid()
OTHER = 65534  # nobody: the other user, where this runs as root
KEY = "0123456789abcdef0123456789abcdef01234567"
ELSEWHERE = BASE / "elsewhere"  # where planted links point: a file someone else controls
FILE_MODES = [0o600, 0o644, 0o400, 0o620, 0o602, 0o660, 0o666, 0o4755]
FOLDER_MODES = [0o700, 0o755, 0o750, 0o770, 0o777, 0o1777, 0o2770, 0o1733]
FIELDS = ["format", "pyalpaka", "key", "library", "sha256", "bytes", "headers", "record_sha256"]


@atheris.instrument_func
def odd_value(fdp: atheris.FuzzedDataProvider, library_name: str) -> object:
    """A value another user might put in any field of a record."""
    choice = fdp.ConsumeIntInRange(0, 13)
    if choice == 0:
        return None
    if choice == 1:
        return fdp.ConsumeInt(9)  # beyond 64 bits too
    if choice == 2:
        return fdp.ConsumeFloat()
    if choice == 3:
        return fdp.ConsumeUnicodeNoSurrogates(24)
    if choice == 4:
        return fdp.PickValueInList(["../" + library_name, "/etc/passwd", f"sub/{library_name}", "", ".", "..", "\x00"])
    if choice == 5:
        return [library_name, fdp.ConsumeInt(2)]
    if choice == 6:
        return {library_name: fdp.ConsumeUnicodeNoSurrogates(8)}
    if choice == 7:
        return fdp.ConsumeBool()
    if choice == 8:  # headers: paths that exist, do not, are not paths; digests right or wrong
        header = fdp.PickValueInList([str(ELSEWHERE), "/nonexistent/h.hpp", "", "\x00x", "relative.hpp"])
        return {header: fdp.PickValueInList([hashlib.sha256(ELSEWHERE.read_bytes()).hexdigest(), "0" * 64, 3, None])}
    if choice == 9:
        return float("nan")
    if choice == 10:
        return -1
    if choice == 11:
        return str(BASE / "cache" / library_name)  # an absolute path to a file that is there
    if choice == 12:
        return "x" * fdp.ConsumeIntInRange(0, 5000)
    return fdp.ConsumeBytes(8).decode("latin-1")


@atheris.instrument_func
def record_bytes(fdp: atheris.FuzzedDataProvider, library: bytes, library_name: str) -> bytes:
    """The record to plant: raw bytes, or JSON of a valid record with fields replaced or added."""
    form = fdp.ConsumeIntInRange(0, 9)
    if form == 0:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 256))
    if form == 1:  # nesting deeper than the parser's recursion limit
        depth = fdp.ConsumeIntInRange(1, 100000)
        return b"[" * depth + b"]" * fdp.ConsumeIntInRange(0, depth)
    record: dict = {
        "format": _cache.FORMAT,
        "pyalpaka": _cache.__version__,
        "key": KEY,
        "library": library_name,
        "sha256": hashlib.sha256(library).hexdigest(),
        "bytes": len(library),
        "headers": {},
    }
    for _ in range(fdp.ConsumeIntInRange(0, 3)):
        record[fdp.PickValueInList([*FIELDS, "extra"])] = odd_value(fdp, library_name)
    if fdp.ConsumeIntInRange(0, 3) != 0:  # anyone can compute the record's checksum
        record["record_sha256"] = _cache.record_digest(record)
    text = json.dumps(record, allow_nan=True)
    if fdp.ConsumeIntInRange(0, 7) == 0:  # a flipped or cut byte
        cut = fdp.ConsumeIntInRange(0, len(text))
        text = text[:cut] + fdp.ConsumeUnicodeNoSurrogates(2) + text[cut + 1 :]
    return text.encode("utf-8", "surrogatepass")


def plant(folder: Path, name: str, content: bytes, fdp: atheris.FuzzedDataProvider) -> None:
    """Writes `name` in `folder` as the fuzzer says: a file of some mode and owner, or a link to one elsewhere."""
    path = folder / name
    if fdp.ConsumeIntInRange(0, 9) == 0:
        ELSEWHERE.write_bytes(content)
        os.symlink(ELSEWHERE, path)
        return
    path.write_bytes(content)
    os.chmod(path, fdp.PickValueInList(FILE_MODES))
    if ME == 0 and fdp.ConsumeIntInRange(0, 5) == 0:
        os.chown(path, OTHER, OTHER)


def trusted(path: Path) -> bool:
    """The trust rule, written again here: no link, owned by this user or root, not writable by group or others."""
    status = os.lstat(path)
    return not stat.S_ISLNK(status.st_mode) and status.st_uid in (ME, 0) and not status.st_mode & 0o022


def check_hit(library: Path, folder: Path) -> None:
    assert library.parent == folder, f"a library outside the entry's folder: {library}"
    record_path = folder / f"{KEY}.json"
    for path in (folder, record_path, library):
        assert trusted(path), f"used an entry that fails the trust rule: {path} {oct(os.lstat(path).st_mode)}"
    record = json.loads(record_path.read_bytes())
    content = library.read_bytes()
    assert record["record_sha256"] == _cache.record_digest(record)
    assert len(content) == record["bytes"] and hashlib.sha256(content).hexdigest() == record["sha256"]


def reset(folder: Path) -> None:
    """Back to an empty private folder; drops what the process remembers of the last input, and its private folders."""
    private = list(_cache._private.values())
    _cache.forget()
    for path in private:
        shutil.rmtree(path, ignore_errors=True)
    os.chmod(folder.parent, 0o700)
    os.chmod(folder, 0o700)
    for path in folder.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    folder = _cache._wanted()  # the cache directory (directory() may name a private folder after the last input)
    reset(folder)
    library = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 64))
    library_name = f"{KEY}-{hashlib.sha256(library).hexdigest()[:16]}.so"
    record = record_bytes(fdp, library, library_name)
    if fdp.ConsumeIntInRange(0, 7) != 0:
        plant(folder, library_name, library, fdp)
    plant(folder, f"{KEY}.json", record, fdp)
    os.chmod(folder, fdp.PickValueInList(FOLDER_MODES) if fdp.ConsumeIntInRange(0, 3) == 0 else 0o700)
    os.chmod(folder.parent, fdp.PickValueInList(FOLDER_MODES) if fdp.ConsumeIntInRange(0, 5) == 0 else 0o700)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = _cache.lookup(KEY)
        if found is not None:
            check_hit(found, folder)
        # The same bytes as a precompiled header's record, and as the compiler memo.
        pch = BASE / "pch"
        shutil.rmtree(pch, ignore_errors=True)
        pch.mkdir(mode=0o700)
        (pch / _pch.RECORD).write_bytes(record)
        try:
            problem = _pch._problem(pch, {"format": 1})
        except _trust.Untrusted:
            problem = "untrusted"
        assert problem is not None, "a precompiled header without its files was accepted"
        memo = _rtc._memo_load(str(folder / f"{KEY}.json"))
        assert isinstance(memo, dict)
    for warning in caught:
        assert issubclass(warning.category, RuntimeWarning), f"{warning.category.__name__}: {warning.message}"


if __name__ == "__main__":
    # libFuzzer ends the process without Python's clean-up: BASE is left in $TMPDIR (the test sets it to its tmp_path).
    ELSEWHERE.write_bytes(b"")
    _trust.make_folders(_cache._wanted())
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
