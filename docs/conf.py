# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Sphinx configuration: Markdown pages (MyST), the C++ reference from Doxygen XML (Breathe), the Python reference
from the importable package (autodoc). Build with scripts/build-docs.sh, which passes -W (warnings are errors)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

project = "alpaka for C++ and Python"
author = "The pyalpaka authors"
copyright = "The pyalpaka authors, MPL-2.0"
release = re.search(r"project\(\s*alpaka\s+VERSION\s+([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
version = release

extensions = ["myst_parser", "breathe", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["README.md", "_build"]
myst_enable_extensions = ["colon_fence", "dollarmath"]
myst_heading_anchors = 3
html_theme = "furo"
# API entities in the page tables of contents crash Sphinx's C++ domain on some Breathe output; headings suffice.
toc_object_entries = False
html_title = f"alpaka {release}"

# ---- C++ reference: Doxygen XML of the main headers, one tree per header (see Doxyfile) ----------------------------
#: The headers of the reference (paths under include/alpaka); api-cpp.md renders each with :project: its key.
API_HEADERS = {
    "hierarchy": "core/Hierarchy.hpp",
    "tag": "acc/Tag.hpp",
    "print-tag-names": "acc/PrintTagNames.hpp",
    "acc": "acc/Traits.hpp",
    "interface": "core/Interface.hpp",
    "config": "core/Config.hpp",
    "vec": "vec/Vec.hpp",
    "idx": "idx/Accessors.hpp",
    "workdiv": "workdiv/WorkDivMembers.hpp",
    "workdiv-helpers": "workdiv/WorkDivHelpers.hpp",
    "kernel": "kernel/Traits.hpp",
    "kernel-traits": "kernel/KernelTraits.hpp",
    "uniform-elements": "exec/UniformElements.hpp",
    "independent-elements": "exec/IndependentElements.hpp",
    "once": "exec/Once.hpp",
    "shared-st": "block/shared/st/Traits.hpp",
    "shared-dyn": "block/shared/dyn/Traits.hpp",
    "sync": "block/sync/Traits.hpp",
    "grid-sync": "grid/Traits.hpp",
    "atomic": "atomic/Traits.hpp",
    "atomic-op": "atomic/Op.hpp",
    "warp": "warp/Traits.hpp",
    "platform": "platform/Traits.hpp",
    "dev": "dev/Traits.hpp",
    "queue": "queue/Traits.hpp",
    "event": "event/Traits.hpp",
    "graph": "graph/Traits.hpp",
    "wait": "wait/Traits.hpp",
    "buf": "mem/buf/Traits.hpp",
    "view": "mem/view/Traits.hpp",
    "const-buf": "mem/buf/ConstBuf.hpp",
    "transform": "algo/Transform.hpp",
    "mdspan": "mem/view/MdSpan.hpp",
    "trace": "trace/Trace.hpp",
    "trace-chrome": "trace/ChromeTrace.hpp",
}
# Sphinx runs this file in docs/: a relative ALPAKA_DOXYGEN_OUT is taken from the repository root, like build/.
DOXYGEN_OUT = ROOT / os.environ.get("ALPAKA_DOXYGEN_OUT", "build/docs-doxygen")


def _doxygen(project: str, header: str) -> None:
    out = DOXYGEN_OUT / project
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    config = (HERE / "Doxyfile").read_text() + f"\nINPUT = ../include/alpaka/{header}\nOUTPUT_DIRECTORY = {out}\n"
    subprocess.run(["doxygen", "-"], input=config, text=True, cwd=HERE, check=True)


if shutil.which("doxygen") is None:
    raise RuntimeError("the C++ reference needs Doxygen: install the Debian package doxygen (scripts/setup.sh)")
with ThreadPoolExecutor(max_workers=2) as pool:
    list(pool.map(lambda item: _doxygen(*item), API_HEADERS.items()))

breathe_projects = {project: str(DOXYGEN_OUT / project / "xml") for project in API_HEADERS}
breathe_default_project = "vec"
breathe_domain_by_extension = {"hpp": "cpp"}
breathe_show_include = True

# ---- Python reference: pyalpaka must be importable (installed, or the development tree: PYTHONPATH=python) ---------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
