# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The package version (the alpaka version the package is built from)."""

from importlib import metadata

try:
    __version__: str = metadata.version("pyalpaka")
except metadata.PackageNotFoundError:  # imported from a source tree that was not installed
    from ._core import alpaka_version

    __version__ = alpaka_version
