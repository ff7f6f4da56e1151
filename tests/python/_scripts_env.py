# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The environment of the example scripts and notebooks that the tests run in processes of their own."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pyalpaka as pk

ROOT = Path(__file__).resolve().parents[2]


def scripts_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """os.environ plus: a kernel cache of the session (not ~/.cache) that the examples and the notebooks share, so the
    kernels they have in common compile once; and the folder this pyalpaka was imported from, first on the import
    path (a development tree's relative PYTHONPATH would not hold in a notebook's folder)."""
    env = dict(os.environ)
    cache = tmp_path_factory.getbasetemp() / "examples-jit-cache"
    cache.mkdir(exist_ok=True)
    env["PYALPAKA_CACHE_DIR"] = str(cache)
    package_parent = str(Path(pk.__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join([package_parent, *filter(None, [os.environ.get("PYTHONPATH")])])
    env["MPLBACKEND"] = "Agg"  # no display
    return env
