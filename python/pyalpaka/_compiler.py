# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compiling a kernel for a CPU back-end with the host compiler: the generated translation unit, the precompiled
header of the library (one per back-end and toolchain, built on first use) and the compiler process."""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from . import _cache
from ._buildconfig import HostToolchain
from ._errors import CompileError
from ._paths import get_include

#: Compiler processes started by this process (tests use it to prove that a cache hit compiles nothing).
compiler_runs = 0
_pch_lock = threading.Lock()
_ENTRY_HEADER = "pyalpaka/jit/EntryCpu.hpp"


@dataclass(frozen=True)
class Request:
    """What one compilation builds: the user's kernel for a back-end, dimensionality and argument types."""

    backend: str
    source: str
    filename: str
    name: str
    dim: int
    arg_types: tuple[str, ...]
    options: tuple[str, ...]
    defines: tuple[str, ...]
    include_dirs: tuple[str, ...]


def user_source_block(request: Request) -> str:
    """The user's source with its lines numbered as the user wrote them, then the numbering of the generated entry
    that follows it."""
    filename = request.filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'#line 1 "{filename}"\n{request.source}\n#line 1 "<pyalpaka entry>"\n'


def generate(request: Request, toolchain: HostToolchain, use_pch: bool) -> str:
    """The translation unit: the library, the user's source and the entry that launches `name` with the argument
    types."""
    first = '#include "pyalpaka_pch.hpp"' if use_pch else f"#include <{_ENTRY_HEADER}>"
    types = ", ".join(request.arg_types)
    return (
        f"// pyalpaka: kernel {request.name} for {request.backend}, {request.dim}-D\n"
        f"{first}\n"
        f"{user_source_block(request)}"
        f"using PyalpakaAcc = alpaka::TagToAcc<alpaka::{toolchain.tag}, alpaka::DimInt<{request.dim}>, std::size_t>;\n"
        f"using PyalpakaKernel = {request.name};\n"
        f"PYALPAKA_DEFINE_ENTRY(PyalpakaAcc, PyalpakaKernel{', ' if types else ''}{types})\n"
    )


def _base_command(toolchain: HostToolchain) -> list[str]:
    return [*shlex.split(toolchain.compiler), *toolchain.flags, *(f"-D{d}" for d in toolchain.definitions)]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    global compiler_runs
    compiler_runs += 1
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def precompiled_header(toolchain: HostToolchain) -> Path | None:
    """The directory holding pyalpaka_pch.hpp and its precompiled form for this toolchain (GCC only), built on first
    use under ``$PYALPAKA_PCH_DIR`` (default: the cache's ``pch`` folder); None where the compiler cannot make one
    (compiling then works without it)."""
    if "GNU" not in toolchain.identity and "g++" not in toolchain.compiler and "c++" not in toolchain.compiler:
        return None
    base = _base_command(toolchain)
    tag = hashlib.sha256(
        "\n".join([toolchain.identity, *base, _cache.library_digest()]).encode()
    ).hexdigest()[:24]
    pch_root = Path(os.environ["PYALPAKA_PCH_DIR"]) if "PYALPAKA_PCH_DIR" in os.environ else _cache.directory() / "pch"
    folder = pch_root / tag
    if (folder / "pyalpaka_pch.hpp.gch").exists():
        return folder
    with _pch_lock:
        if (folder / "pyalpaka_pch.hpp.gch").exists():
            return folder
        folder.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(dir=folder.parent, prefix=".build-"))
        (building / "pyalpaka_pch.hpp").write_text(f"#pragma once\n#include <{_ENTRY_HEADER}>\n")
        result = _run([*base, "-I", get_include(), "-x", "c++-header", "pyalpaka_pch.hpp", "-o",
                       "pyalpaka_pch.hpp.gch"], building)
        if result.returncode != 0:
            return None
        try:
            os.replace(building, folder)  # another process may have won: use theirs
        except OSError:
            pass
        return folder if (folder / "pyalpaka_pch.hpp.gch").exists() else None


def _user_headers(depfile: Path) -> dict[str, str]:
    """The headers outside the package and the system that the compilation read, with their content hashes."""
    text = depfile.read_text().replace("\\\n", " ")
    _, _, deps = text.partition(":")
    library = os.path.realpath(get_include())
    headers = {}
    for dep in deps.split():
        path = os.path.realpath(dep)
        if path.startswith((library, "/usr/", "/opt/")) or not path.endswith((".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".ipp")):
            continue
        if os.path.isfile(path) and "pyalpaka_pch" not in path:
            headers[path] = _cache.sha256_file(Path(path))
    return headers


def compile_library(request: Request, toolchain: HostToolchain) -> tuple[Path, dict, float]:
    """Builds the shared library of `request` in a temporary folder; returns it, the metadata the cache records
    (headers read, command) and the seconds the compiler took. Raises CompileError with the log."""
    pch = precompiled_header(toolchain) if not request.defines and not request.options else None
    source = generate(request, toolchain, pch is not None)
    work = Path(tempfile.mkdtemp(prefix="pyalpaka-jit-"))
    (work / "entry.cpp").write_text(source)
    command = [
        *_base_command(toolchain),
        *(f"-D{d}" for d in request.defines),
        *([f"-I{pch}"] if pch else []),
        f"-I{get_include()}",
        *(f"-I{d}" for d in request.include_dirs),
        *request.options,
        "-Winvalid-pch",
        "-MD",
        "-MF",
        "entry.d",
        "-shared",
        "entry.cpp",
        "-o",
        "entry.so",
        *toolchain.libs,
    ]
    start = time.perf_counter()
    result = _run(command, work)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise CompileError(
            f"kernel {request.name!r} failed to compile for {request.backend} "
            f"({request.dim}-D, arguments ({', '.join(request.arg_types)}))",
            log=result.stderr + result.stdout,
            source=request.source,
            command=command,
            filename=request.filename,
            generated=source,
        )
    meta = {"headers": _user_headers(work / "entry.d"), "command": command, "compile_seconds": seconds,
            "backend": request.backend, "name": request.name, "arg_types": list(request.arg_types)}
    return work / "entry.so", meta, seconds
