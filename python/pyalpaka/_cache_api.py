# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.cache: where kernels compiled at run time are kept, and managing them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import _cache


class KernelCache:
    """The on-disk cache of run-time compiled kernels (``$PYALPAKA_CACHE_DIR``, default ``~/.cache/pyalpaka``)."""

    @property
    def directory(self) -> Path:
        """The directory of this pyalpaka version's entries."""
        return _cache.directory()

    def info(self) -> dict[str, Any]:
        """The directory, the number of entries, their size in bytes (``bytes``) and the size cap (``max_bytes``,
        ``$PYALPAKA_CACHE_MAX_BYTES``, default 2 GiB); the precompiled headers' folder (``pch_directory``), count
        (``pch_headers``) and size (``pch_bytes``: 50 to 80 MB each, one per CPU back-end and toolchain, counted
        in ``bytes`` where they are kept in the cache, and held under the same cap on their own elsewhere)."""
        return _cache.info()

    def clear(self) -> int:
        """Removes every entry (of every version) and returns how many there were. Kernels already loaded in this
        process keep working."""
        return _cache.clear()

    def __repr__(self) -> str:
        return f"<pyalpaka kernel cache at {self.directory}>"


cache = KernelCache()
