# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compiling a kernel for a CPU back-end with the host compiler: the generated translation unit, the compiler process
and what heals a compilation that failed because of the cache rather than the kernel: a precompiled header (_pch.py)
the compiler rejects is rebuilt and the compilation retried once; a full disk in the cache moves the compilation to
the system's temporary folder, or ends in an OSError that says so."""

from __future__ import annotations

import errno
import os
import re
import shlex
import shutil
import subprocess
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

from . import _cache, _pch, _structs
from ._buildconfig import HostToolchain
from ._errors import CompileError
from ._paths import get_include

#: Compiler processes started by this process (tests use it to prove that a cache hit compiles nothing).
compiler_runs = 0
_ENTRY_HEADER = "pyalpaka/jit/EntryCpu.hpp"
# What GCC says when it cannot use a precompiled header: "cannot read PCH file", "pyalpaka_pch.hpp.gch: not used
# because ..." (-Winvalid-pch), "one or more PCH files were found, but they were invalid", a vanished folder.
_PCH_FAULT = re.compile(
    r"^.*\b(?:error|warning): .*(?:\bPCH\b|precompiled header|pyalpaka_pch).*$", re.MULTILINE | re.IGNORECASE
)


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
    #: The layout checks of the structs the kernel registered (_structs.checks), after the user's source.
    struct_checks: str = ""
    #: Launched cooperatively (every block at once; the kernel may call alpaka::syncGridThreads).
    cooperative: bool = False
    #: Launched with pointer arguments that do not overlap: the kernel runs with `__restrict` pointers (CPU only).
    no_alias: bool = False
    #: For the emulated GPU: the CPU unit also exports the GPU face the emulator launches (_emulated.py).
    emulated: bool = False


def user_source_block(request: Request) -> str:
    """The user's source with its lines numbered as the user wrote them, then the numbering of the generated entry
    that follows it, which starts with the layout checks of the kernel's structs (if it registered any)."""
    filename = request.filename.replace("\\", "\\\\").replace('"', '\\"')
    return f'#line 1 "{filename}"\n{request.source}\n#line 1 "<pyalpaka entry>"\n{request.struct_checks}'


def generate(request: Request, toolchain: HostToolchain, use_pch: bool) -> str:
    """The translation unit: the library, the user's source and the entry that launches `name` with the argument
    types."""
    first = '#include "pyalpaka_pch.hpp"' if use_pch else f"#include <{_ENTRY_HEADER}>"
    arguments = ", ".join(("PyalpakaAcc", "PyalpakaKernel", *request.arg_types))
    return (
        f"// pyalpaka: kernel {request.name} for {request.backend}, {request.dim}-D\n"
        f"{first}\n"
        f"{user_source_block(request)}"
        f"using PyalpakaAcc = alpaka::TagToAcc<alpaka::{toolchain.tag}, alpaka::DimInt<{request.dim}>, std::size_t>;\n"
        f"using PyalpakaKernel = {request.name};\n"
        f"{_entry_definition(request, arguments)}\n"
        f"{_emulated_entry(request, arguments)}"
    )


def _emulated_entry(request: Request, arguments: str) -> str:
    """The GPU face of a kernel for the emulated GPU (src/jit/EntryEmulated.hpp); nothing for a CPU back-end."""
    if not request.emulated:
        return ""
    return f"#include <pyalpaka/jit/EntryEmulated.hpp>\nPYALPAKA_DEFINE_EMULATED_ENTRY({arguments})\n"


def _entry_definition(request: Request, arguments: str) -> str:
    """The macro call that defines the entry: the plain forms where they apply (their translation units stay as they
    were), the general form for a no-alias variant."""
    if request.no_alias:
        return f"PYALPAKA_DEFINE_ENTRY_AS({'true' if request.cooperative else 'false'}, true, {arguments})"
    return f"{'PYALPAKA_DEFINE_COOPERATIVE_ENTRY' if request.cooperative else 'PYALPAKA_DEFINE_ENTRY'}({arguments})"


def _base_command(toolchain: HostToolchain) -> list[str]:
    return [*shlex.split(toolchain.compiler), *toolchain.flags, *(f"-D{d}" for d in toolchain.definitions)]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    global compiler_runs
    compiler_runs += 1
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)


def _pch_fault(log: str) -> str | None:
    """The line of a compiler's log that blames the precompiled header, if one does."""
    match = _PCH_FAULT.search(log)
    return match[0].strip() if match else None


def _disk_full(log: str) -> str | None:
    """The line of a compiler's log that says it ran out of disk space, if one does."""
    return next((line.strip() for line in log.splitlines() if any(s in line for s in _cache.DISK_FULL_LOG)), None)


def depfile_paths(text: str) -> list[str]:
    """The prerequisites of the make rule GCC writes with -MD: blank-separated after the target's colon, where a
    blank or '#' in a path is escaped with a backslash and '$' is doubled; lines continue with a backslash."""
    _, _, deps = text.replace("\\\n", " ").partition(":")
    paths: list[str] = []
    current: list[str] = []
    i = 0
    while i < len(deps):
        char = deps[i]
        if char == "\\" and deps[i + 1 : i + 2] in (" ", "#", "\t"):
            current.append(deps[i + 1])
            i += 1
        elif char == "$" and deps[i + 1 : i + 2] == "$":
            current.append("$")
            i += 1
        elif char.isspace():
            if current:
                paths.append("".join(current))
            current = []
        else:
            current.append(char)
        i += 1
    if current:
        paths.append("".join(current))
    return paths


def _user_headers(depfile: Path) -> dict[str, str]:
    """The headers outside the package and the system that the compilation read, with their content hashes."""
    library = os.path.realpath(get_include())
    headers = {}
    for dep in depfile_paths(depfile.read_text(encoding="utf-8", errors="surrogateescape")):
        path = os.path.realpath(dep)
        if path.startswith((library, "/usr/", "/opt/")) or not path.endswith(
            (".h", ".hpp", ".hh", ".hxx", ".cuh", ".inl", ".ipp")
        ):
            continue
        if os.path.isfile(path) and not path.endswith((_pch.HEADER, f"{_pch.HEADER}.gch")):
            headers[path] = _cache.sha256_file(Path(path))
    return headers


class _DiskFull(Exception):
    """A compilation that ran out of disk space (the message is the compiler's line or the error's)."""


def _attempt(
    request: Request, toolchain: HostToolchain, pch: Path | None, work: Path
) -> tuple[subprocess.CompletedProcess[str], list[str], str, float]:
    """Compiles once in `work`: the result, the command, the translation unit and the seconds taken. Raises
    _DiskFull where the disk of `work` is full."""
    source = generate(request, toolchain, pch is not None)
    try:
        (work / "entry.cpp").write_text(source, encoding="utf-8")
    except OSError as error:
        if _cache.is_disk_full(error):
            raise _DiskFull(error.strerror) from None
        raise
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
    if result.returncode != 0 and (line := _disk_full(result.stderr + result.stdout)):
        raise _DiskFull(line)
    return result, command, source, seconds


_pch_rejected: set[Path] = set()  # precompiled headers that a successful compilation did not use (rebuilt once)


def _attempt_healing(
    request: Request, toolchain: HostToolchain, pch: Path | None, work: Path
) -> tuple[subprocess.CompletedProcess[str], list[str], str, float]:
    """_attempt; where the compiler failed on the precompiled header, once more after rebuilding it."""
    result, command, source, seconds = _attempt(request, toolchain, pch, work)
    fault = _pch_fault(result.stderr + result.stdout) if pch is not None else None
    if fault is None:
        return result, command, source, seconds
    base = _base_command(toolchain)
    if result.returncode == 0:
        # GCC fell back to the header's text (slowly): replace the precompiled form for the next kernels, once.
        if pch not in _pch_rejected:
            _pch_rejected.add(pch)
            warnings.warn(
                f"pyalpaka: the compiler did not use the cached precompiled header {pch} ({fault}); it is "
                "rebuilt for the next kernel",
                RuntimeWarning,
                stacklevel=5,
            )
            _pch.discard(toolchain, base)
        return result, command, source, seconds
    warnings.warn(
        f"pyalpaka: the compiler could not read the cached precompiled header {pch} ({fault}); rebuilding "
        "it and compiling again",
        RuntimeWarning,
        stacklevel=5,
    )
    _pch.discard(toolchain, base)
    pch = _pch.precompiled_header(toolchain, base, _run)
    return _attempt(request, toolchain, pch, work)


def _disk_full_error(request: Request, folders: list[Path], why: str) -> OSError:
    return OSError(
        errno.ENOSPC,
        f"pyalpaka: the disk is full: no space left to compile kernel {request.name!r} "
        f"for {request.backend} in {' or '.join(map(str, folders))} ({why}); free some "
        "space, or set PYALPAKA_CACHE_DIR to a disk with room",
    )


def compile_library(request: Request, toolchain: HostToolchain) -> tuple[Path, dict, float]:
    """Builds the shared library of `request` in a work folder; returns it, the metadata the cache records (headers
    read, command) and the seconds the compiler took. Raises CompileError with the log, OSError if the disk is
    full."""
    use_pch = not request.defines and not request.options
    pch = _pch.precompiled_header(toolchain, _base_command(toolchain), _run) if use_pch else None
    work = _cache.new_work_folder()
    tried = [work.parent]
    try:
        try:
            result, command, source, seconds = _attempt_healing(request, toolchain, pch, work)
        except _DiskFull as full:
            # The cache's disk is full: the system's temporary folder may be on another (a tmpfs, often).
            shutil.rmtree(work, ignore_errors=True)
            _cache.report_unwritable(
                work.parent,
                OSError(errno.ENOSPC, str(full)),
                "kernels are compiled in the system's temporary folder, without being cached",
            )
            try:
                work = _cache.system_work_folder()
                tried.append(work.parent)
                result, command, source, seconds = _attempt_healing(request, toolchain, pch, work)
            except _DiskFull as again:
                raise _disk_full_error(request, tried, str(again)) from None
            except OSError as error:
                if not _cache.is_disk_full(error):
                    raise
                raise _disk_full_error(request, tried, error.strerror) from None
        if result.returncode != 0:
            log = result.stderr + result.stdout
            raise CompileError(
                _structs.headline(
                    f"kernel {request.name!r} failed to compile for {request.backend} "
                    f"({request.dim}-D, arguments ({', '.join(request.arg_types)}))",
                    log,
                ),
                log=log,
                source=request.source,
                command=command,
                filename=request.filename,
                generated=source,
            )
        meta = {
            "headers": _user_headers(work / "entry.d"),
            "command": command,
            "compile_seconds": seconds,
            "backend": request.backend,
            "name": request.name,
            "arg_types": list(request.arg_types),
        }
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return work / "entry.so", meta, seconds
