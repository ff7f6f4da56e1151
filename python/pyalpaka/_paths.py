# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Where the installed headers are."""

import functools
import os
from pathlib import Path


# Cached, and os.path rather than Path.resolve: a cache hit in a fresh process calls it
# (docs/dev/measurements.md#a-cache-hit-in-python).
@functools.cache
def package_dir() -> Path:
    """The package's folder, symbolic links resolved."""
    return Path(os.path.dirname(os.path.realpath(__file__)))


@functools.cache
def get_include() -> str:
    """The folder holding ``alpaka/alpaka.hpp`` and the shipped kernels (``kernels/*.hpp``).

    Add it to a C++ build's include path to compile against the same alpaka the package was built from.
    """
    return str(package_dir() / "include")
