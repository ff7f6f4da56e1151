# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernel cache's metadata reader under garbage: whatever a <key>.json holds (random bytes, any JSON value,
records with the right key and garbled fields, a valid record truncated or with a flipped byte), pyalpaka._cache.lookup
is a miss (None) or the entry's real library, never an exception; a record that is not even an object of this format
and key is a miss with a RuntimeWarning. Only lookup's public behaviour is used: the garbage is written into the
metadata file of an entry in a temporary PYALPAKA_CACHE_DIR."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import warnings
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyalpaka import _cache

KEY = "0123456789abcdef" * 2 + "01234567"
LIBRARY_BYTES = b"not really a shared library"

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
PATH_TEXT = st.sampled_from(["", ".", "..", "/etc/passwd", "../x.so", "a\x00b.so", "x" * 300, "ä.so"]) | st.text(
    max_size=30
)


@contextlib.contextmanager
def cache_folder():
    """A fresh cache root, the entry's folder in it (lookup's directory()) and the real library's name."""
    saved = os.environ.get("PYALPAKA_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="pyalpaka-fuzz-cache-") as root:
        os.environ["PYALPAKA_CACHE_DIR"] = root
        try:
            folder = _cache.directory()
            library = folder / f"{KEY}-{hashlib.sha256(LIBRARY_BYTES).hexdigest()[:16]}.so"
            library.write_bytes(LIBRARY_BYTES)
            yield folder, library
        finally:
            if saved is None:
                os.environ.pop("PYALPAKA_CACHE_DIR", None)
            else:
                os.environ["PYALPAKA_CACHE_DIR"] = saved


def valid_record(library: Path) -> dict:
    """A record as the cache writes it, as far as this test knows the format (with its checksum, if it has one)."""
    record = {
        "format": _cache.FORMAT,
        "key": KEY,
        "library": library.name,
        "sha256": hashlib.sha256(LIBRARY_BYTES).hexdigest(),
        "bytes": len(LIBRARY_BYTES),
        "headers": {},
    }
    return sealed(record)


def sealed(record: dict) -> dict:
    digest = getattr(_cache, "record_digest", None)
    return {**record, "record_sha256": digest(record)} if digest else record


def is_entry_of_this_format(content: bytes) -> bool:
    try:
        meta = json.loads(content)
    except (ValueError, RecursionError):
        return False
    return isinstance(meta, dict) and meta.get("format") == _cache.FORMAT and meta.get("key") == KEY


def check_lookup(content: bytes) -> None:
    with cache_folder() as (folder, library):
        (folder / f"{KEY}.json").write_bytes(content)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            found = _cache.lookup(KEY)
        assert found is None or Path(found) == library, found
        corrupt = [w for w in caught if "corrupt kernel cache entry" in str(w.message)]
        if not is_entry_of_this_format(content):
            assert found is None
            assert corrupt and all(w.category is RuntimeWarning for w in corrupt), [str(w.message) for w in caught]


GARBLED_FIELDS = st.fixed_dictionaries(
    {"format": st.just(_cache.FORMAT), "key": st.just(KEY)},
    optional={
        "library": PATH_TEXT | JSON_VALUES,
        "sha256": st.just(hashlib.sha256(LIBRARY_BYTES).hexdigest()) | JSON_VALUES,
        "bytes": st.just(len(LIBRARY_BYTES)) | JSON_VALUES,
        "headers": st.dictionaries(PATH_TEXT, JSON_VALUES, max_size=3) | JSON_VALUES,
        "record_sha256": JSON_VALUES,
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=st.binary(max_size=300) | JSON_VALUES.map(lambda v: json.dumps(v).encode()))
@example(content=b"")
@example(content=b"\xff\xfe{")
@example(content=b"[1, 2, 3]")
@example(content=b'"a string"')
@example(content=b"null")
@example(content=b'{"format": 2, "key": 5}')
@example(content=b"[" * 100_000)  # json.loads raises RecursionError, not ValueError, on nesting this deep
def test_garbage_metadata_is_a_miss_with_a_warning(content):
    check_lookup(content)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=GARBLED_FIELDS, seal=st.booleans())
@example(record={"format": _cache.FORMAT, "key": KEY, "library": "a\x00b.so"}, seal=True)
@example(record={"format": _cache.FORMAT, "key": KEY, "headers": ["not", "a", "mapping"]}, seal=True)
@example(record={"format": _cache.FORMAT, "key": KEY, "library": ".."}, seal=True)
def test_garbled_fields_are_a_miss(record, seal):
    check_lookup(json.dumps(sealed(record) if seal else record).encode())


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_valid_record_is_a_miss_or_the_entry(data):
    with cache_folder() as (_, library):
        content = json.dumps(valid_record(library)).encode()
    damage = data.draw(st.sampled_from(["truncate", "flip", "insert"]))
    at = data.draw(st.integers(0, len(content) - 1))
    if damage == "truncate":
        content = content[:at]
    elif damage == "flip":
        content = content[:at] + bytes([content[at] ^ data.draw(st.integers(1, 255))]) + content[at + 1 :]
    else:
        content = content[:at] + data.draw(st.binary(min_size=1, max_size=8)) + content[at:]
    check_lookup(content)


def test_a_record_nested_too_deep_is_a_reason_not_an_exception(tmp_path, monkeypatch):
    """Found by tests/fuzz/fuzz_cache_record.py: a precompiled header's record (or the compiler memo) nested deeper
    than json can parse raised RecursionError out of the compile instead of being rebuilt."""
    from pyalpaka import _pch, _rtc

    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "pch"
    folder.mkdir(mode=0o700)
    (folder / _pch.RECORD).write_bytes(b"[" * 100_000)
    assert _pch._problem(folder, {"format": 1}).startswith("unreadable record")
    assert _rtc._memo_load(str(folder / _pch.RECORD)) == {}
