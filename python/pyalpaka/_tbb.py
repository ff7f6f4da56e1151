# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""oneTBB from PyPI. A build whose oneTBB came from the tbb-devel wheel (see cmake/pyalpakaBackends.cmake) links the
extension against libtbb.so.12 of the tbb wheel, which pip installs into ``<prefix>/lib``, not into a folder the
dynamic loader searches. The extension's run path finds it in a virtual environment's layout; elsewhere (a user
install, a repaired wheel) this module loads the library before the extension, which then reuses it by its name.
Run-time compilation for ``cpu_tbb_blocks`` takes the headers of the installed tbb-devel wheel and links this library.

Imported first by the package's ``__init__``; it must not import the extension. Run as a script at configure time
(cmake/pyalpakaBackends.cmake), it prints the installed file of a distribution:
``python _tbb.py DISTRIBUTION PATH_SUFFIX`` (tbb-devel's TBBConfig.cmake lies outside site-packages)."""

from __future__ import annotations

import ctypes
import functools
import importlib.metadata
import json
import sys
from pathlib import Path

LIBRARY = "libtbb.so.12"


def built_with_wheel() -> bool:
    """Whether this build's oneTBB back-end came from the tbb-devel wheel (recorded in _build_config.json)."""
    try:
        config = json.loads((Path(__file__).resolve().parent / "_build_config.json").read_text())
    except (OSError, ValueError):
        return False
    return any(b.get("pypi") == "tbb" for b in config.get("backends", {}).values())


def _installed_file(distribution: str, suffix: str) -> Path | None:
    """The file of an installed distribution whose path ends with `suffix` (data files lie outside site-packages)."""
    try:
        files = importlib.metadata.distribution(distribution).files or ()
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.as_posix().endswith(suffix):
            path = Path(file.locate()).resolve()
            if path.is_file():
                return path
    return None


@functools.cache
def library() -> Path:
    """libtbb.so.12 of the installed tbb wheel. ImportError naming the wheel where it is missing."""
    beside_prefix = Path(__file__).resolve().parents[3] / LIBRARY  # <prefix>/lib/pythonX.Y/site-packages/pyalpaka
    if beside_prefix.is_file():
        return beside_prefix
    found = _installed_file("tbb", f"lib/{LIBRARY}")
    if found is None:
        raise ImportError(
            f"pyalpaka was built against oneTBB from PyPI and needs its library {LIBRARY}, which the tbb wheel "
            "provides: pip install tbb"
        )
    return found


@functools.cache
def include_dir() -> Path | None:
    """The include folder of the installed tbb-devel wheel (the one that holds oneapi/tbb.h), or None."""
    header = _installed_file("tbb-devel", "include/oneapi/tbb.h")
    return header.parents[1] if header is not None else None


def preload() -> None:
    """Loads libtbb.so.12 of the tbb wheel where this build links it (see the module docstring)."""
    if built_with_wheel():
        ctypes.CDLL(str(library()))


if __name__ == "__main__":
    found = _installed_file(*sys.argv[1:3])
    if found is not None:
        print(found)
else:
    preload()
