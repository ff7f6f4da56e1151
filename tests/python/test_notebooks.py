# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Every notebook of notebooks/ runs from top to bottom without an error (nbclient, in a kernel of this interpreter),
so that they never go stale. The notebooks are stored without outputs; their cells assert their own results."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from _scripts_env import ROOT, scripts_env

nbformat = pytest.importorskip("nbformat", reason="the notebook tests need the test extra: pip install '.[test]'")
nbclient = pytest.importorskip("nbclient", reason="the notebook tests need the test extra: pip install '.[test]'")

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def notebook_env(tmp_path_factory: pytest.TempPathFactory, shared_pch: Path):
    """The kernel process inherits os.environ: point it at the session's kernel cache, not ~/.cache."""
    saved = dict(os.environ)
    os.environ.update(scripts_env(tmp_path_factory))
    yield
    os.environ.clear()
    os.environ.update(saved)


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path: Path, notebook_env: None):
    notebook = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), (
        f"{path.name} is stored with outputs: clear them before committing"
    )
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()  # raises CellExecutionError with the cell and its traceback on a failure
    errors = [out for cell in notebook.cells for out in cell.get("outputs", []) if out.output_type == "error"]
    assert not errors
