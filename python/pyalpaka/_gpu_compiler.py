# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compiling a kernel for a GPU back-end at run time: NVRTC to CUBIN for CUDA, hiprtc to a code object for HIP.

The translation unit is the CPU one's user part (the source under ``#line``, so diagnostics point into the user's
text) with a GPU entry (src/jit/EntryGpu.hpp): two ``extern "C" __global__`` functions, the kernel and the
evaluation of its dynamic shared memory size. The runtime compilers write no dependency file, so the user headers
that the cache key must cover are found by following ``#include`` lines through the user's include folders.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import os
import re
import shutil
import threading
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _cache, _core, _emulated, _ptx, _rtc, _structs
from ._buildconfig import build_config, host_std_include_dirs
from ._compiler import Request, user_source_block
from ._errors import CompileError
from ._paths import get_include

_ENTRY_HEADER = "pyalpaka/jit/EntryGpu.hpp"
_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)
_ACCELERATOR = {"cuda": "AccGpuCudaRt", "hip": "AccGpuHipRt"}
GPU_BACKENDS = tuple(_ACCELERATOR)


@dataclass(frozen=True)
class GpuTarget:
    """A GPU back-end, the architecture to compile for and the run-time compiler."""

    backend: str
    arch: str
    compiler: _rtc.RtcCompiler | _emulated.EmulatedCompiler

    @property
    def suffix(self) -> str:
        return ".cubin" if self.backend == "cuda" else ".hsaco"

    @property
    def emulated(self) -> bool:
        """The emulated GPU (_emulated.py): the host compiler builds its modules."""
        return self.arch == _emulated.ARCH

    def options(self) -> list[str]:
        if self.emulated:
            return _emulated.options()
        include = get_include()
        if self.backend == "cuda":
            return [
                f"--gpu-architecture={self.arch}",
                "-std=c++20",
                "-default-device",
                "-DALPAKA_ACC_GPU_CUDA_ENABLED",
                f"-I{include}/alpaka/rtc/std",
                f"-I{include}",
                f"-I{_rtc.cccl_include()}",
            ]
        return [
            f"--offload-arch={self.arch}",
            "-std=c++20",
            "-DALPAKA_ACC_GPU_HIP_ENABLED",
            f"-I{include}/alpaka/rtc/hiprtc",
            f"-I{include}",
            *(f"-isystem{d}" for d in host_std_include_dirs()),
        ]

    @property
    def identity(self) -> str:
        """The compiler and, for hiprtc, the host standard library it compiles against: part of the cache key."""
        if self.backend == "cuda" or self.emulated:
            return self.compiler.identity
        config = build_config()
        return f"{self.compiler.identity} with the {config['compiler_id']} {config['compiler_version']} library"


def normalize_arch(backend: str, arch: str | int) -> str:
    """``sm_90`` for CUDA (also given as 90, "90" or "compute_90": NVRTC makes a CUBIN only for a real
    architecture), ``gfx90a`` style for HIP. ValueError for anything else."""
    text = str(arch).strip().lower()
    if text == _emulated.ARCH and backend in _emulated.BACKENDS:
        return text
    if backend == "cuda":
        # Without a regular expression: compiling one is a sizeable part of a cache hit in a new process
        # (docs/dev/measurements.md#a-cache-hit-in-python).
        number = next((text[len(p) :] for p in ("sm_", "compute_") if text.startswith(p)), text)
        digits = number[:-1] if number[-1:] in ("a", "f") else number
        if not (digits.isascii() and digits.isdigit() and 2 <= len(digits) <= 3):
            raise ValueError(f"a CUDA architecture is given as 'sm_90' (or 90), got {arch!r}")
        return f"sm_{number}"
    if not re.fullmatch(r"gfx[0-9a-f]{3,4}(:[a-z+-]+)*", text):
        raise ValueError(f"a HIP architecture is given as 'gfx90a', got {arch!r}")
    return text


def target(backend: str, arch: str | int) -> GpuTarget:
    """The target of `backend` ("cuda" or "hip") and `arch`; BackendUnavailableError if its compiler is missing."""
    if backend not in _ACCELERATOR:
        raise ValueError(f"run-time GPU compilation targets {', '.join(GPU_BACKENDS)}, not {backend!r}")
    arch = normalize_arch(backend, arch)
    if arch == _emulated.ARCH:
        return GpuTarget(backend, arch, _emulated.compiler())
    if backend == "cuda":
        return GpuTarget(backend, arch, _rtc.nvrtc())
    compiler = _rtc.hiprtc()
    known = _rtc.hiprtc_targets(compiler.path)
    if known is not None and arch.split(":")[0] not in known:
        raise ValueError(
            f"the hiprtc found here ({compiler.path}, {compiler.identity}) cannot compile for {arch!r}: its code "
            f"generator knows {', '.join(sorted(known))}; a newer ROCm has it (set $PYALPAKA_HIPRTC to its hiprtc)"
        )
    return GpuTarget(backend, arch, compiler)


def included_headers(source: str, filename: str, include_dirs: tuple[str, ...]) -> dict[str, str]:
    """The user's headers that `source` includes, directly or through each other, with their content hashes.

    Only headers found in `include_dirs` (or, for a header, next to it) count: the library's are covered by its
    digest in the key and the toolkit's by the compiler's version. Conditional inclusion is ignored, so this may
    list a header the compiler skipped: at worst a needless recompile, never a stale hit."""
    found: dict[str, str] = {}
    pending = [(source, str(Path(filename).parent) if os.path.isabs(filename) else None)]
    while pending and len(found) < 10000:
        text, own_dir = pending.pop()
        for name in _INCLUDE.findall(text):
            for folder in ([own_dir] if own_dir else []) + list(include_dirs):
                path = os.path.realpath(os.path.join(folder, name))
                if os.path.isfile(path):
                    if path not in found:
                        found[path] = _cache.sha256_file(Path(path))
                        pending.append((Path(path).read_text(errors="replace"), os.path.dirname(path)))
                    break
    return found


def generate(request: Request, gpu: GpuTarget) -> str:
    """The translation unit: the entry header, the user's source, the two exported kernels and the flag that says
    whether the kernel specializes BlockSharedMemDynSizeBytes (src/jit/EntryGpu.hpp)."""
    params = ", ".join(f"{t} a{i}" for i, t in enumerate(request.arg_types))
    args = ", ".join(f"a{i}" for i in range(len(request.arg_types)))
    more_params = f", {params}" if params else ""
    more_args = f", {args}" if args else ""
    vec = "pyalpaka::jit::ElemVec<PyalpakaAcc>"
    return (
        f"// pyalpaka: kernel {request.name} for {gpu.backend} ({gpu.arch}), {request.dim}-D\n"
        f"#include <{_ENTRY_HEADER}>\n"
        f"{user_source_block(request)}"
        f"using PyalpakaAcc = alpaka::{_ACCELERATOR[gpu.backend]}<alpaka::DimInt<{request.dim}>, std::size_t>;\n"
        f"using PyalpakaKernel = {request.name};\n"
        f'extern "C" __global__ void pyalpaka_kernel({vec} elems{more_params})\n'
        f"{{\n    pyalpaka::jit::runOnGpu<PyalpakaAcc, PyalpakaKernel>(elems{more_args});\n}}\n"
        f'extern "C" __global__ void pyalpaka_dyn_shared_bytes(unsigned long long* out, {vec} blockThreads, '
        f"{vec} elems{more_params})\n"
        f"{{\n    *out = pyalpaka::jit::dynSharedBytes<PyalpakaAcc, PyalpakaKernel>("
        f"blockThreads, elems{more_args});\n}}\n"
        'extern "C" __device__ PYALPAKA_JIT_KEEP char pyalpaka_dyn_shared_kind\n'
        "    [pyalpaka::jit::dynSharedKind<PyalpakaAcc, PyalpakaKernel>] = {};\n"
    )


def _write_module(code: bytes, suffix: str, request: Request) -> Path:
    """The compiled module in a work folder of the cache (the store renames it into place), or of the system's
    temporary folder where the cache's disk is full (an OSError that says so where that is full too)."""
    for new_folder in (_cache.new_work_folder, _cache.system_work_folder):
        work = new_folder()
        try:
            (work / f"entry{suffix}").write_bytes(code)
            return work / f"entry{suffix}"
        except OSError as error:
            shutil.rmtree(work, ignore_errors=True)
            if not _cache.is_disk_full(error):
                raise
            if new_folder is _cache.system_work_folder:
                raise OSError(
                    error.errno,
                    f"pyalpaka: the disk is full: no space left to store kernel "
                    f"{request.name!r} compiled for {request.backend} ({error.strerror}); free "
                    "some space, or set PYALPAKA_CACHE_DIR to a disk with room",
                ) from None
            _cache.report_unwritable(
                work.parent, error, "kernels are compiled in the system's temporary folder, without being cached"
            )
    raise AssertionError("unreachable: the loop returns or raises")


def _cooperative_options(request: Request, gpu: GpuTarget) -> list[str]:
    """What a cooperative launch's kernel needs for alpaka::syncGridThreads: CUDA's cooperative groups headers (after
    the library's and CCCL's folders, which they rely on). hiprtc has no grid barrier: a kernel that calls it fails to
    compile with a message that says so, one that does not runs as usual."""
    if not request.cooperative or gpu.backend != "cuda":
        return []
    return ["-DALPAKA_RTC_COOPERATIVE_GROUPS", f"-I{_rtc.cooperative_groups_include()}"]


_nvrtc_compile_numbers = itertools.count(1)  # numbers the NVRTC compilations of this process (next() is atomic)
# One compilation with the precompiled header at a time: NVRTC keeps it in one heap per process, and its documentation
# does not say that threads may create and use it at once (ctypes releases the GIL, so threads do compile in parallel).
_precompiled_header_lock = threading.Lock()


def _precompiled_header_options(gpu: GpuTarget) -> list[str]:
    """NVRTC's automatic precompiled header (12.8 and later), from the second compilation of a process on.

    NVRTC keeps the precompiled library headers in the process's memory (a file of it is refused by any other
    process: "incompatible precompiled header heap allocation address"). Creating it makes that compilation slower,
    and every later compilation of the process that includes the entry header with the same options faster (measured:
    docs/dev/measurements.md#run-time-compilation). The first compilation of a process, which a process that compiles
    one kernel waits for, runs without; the second creates it. Not part of the cache key: the code is the same.
    PYALPAKA_NVRTC_PCH=0 turns it off."""
    if gpu.backend != "cuda" or gpu.compiler.version < (12, 8) or os.environ.get("PYALPAKA_NVRTC_PCH") == "0":
        return []
    if next(_nvrtc_compile_numbers) == 1:
        return []
    # 20283: "PCH creation disabled because #line directive encountered", the #line before the user's source, which
    # is where the precompiled part has to end anyway.
    return ["--pch", "--pch-messages=false", "-diag-suppress=20283"]


_PTX_KEEP = ("pyalpaka_dyn_shared_kind",)  # read from the module by name (EntryGpu.hpp)
_link_warned = False


def _ptx_linker(gpu: GpuTarget) -> Any:
    """A CUDA device of `gpu`'s architecture that this process has opened (a launch's, or one asked for with
    ``pk.device``), whose driver compiles the JIT's PTX after _ptx.py removed the unused module variables; None where
    there is none (another back-end, ``Kernel.compile("cuda", ..., arch=)`` before any device was opened or on a
    machine without one, which must not open a GPU context) or PYALPAKA_PTX_LINK=0: NVRTC then compiles to CUBIN
    itself, as before."""
    if gpu.backend != "cuda" or os.environ.get("PYALPAKA_PTX_LINK") == "0":
        return None
    return _core._opened_device("cuda", gpu.arch)


def _linked(ptx: bytes, linker: Any) -> tuple[bytes, int] | None:
    """The CUBIN of `ptx` without its unused module variables, and how many there were; None (with one warning per
    process) where the driver refuses the PTX, e.g. a driver older than the NVRTC that wrote it."""
    global _link_warned
    stripped, removed = _ptx.strip_unused_globals(ptx.decode(), _PTX_KEEP)
    try:
        return linker._link_ptx(stripped.encode()), removed
    except RuntimeError as error:
        if not _link_warned:
            _link_warned = True
            warnings.warn(
                f"pyalpaka: the CUDA driver did not compile the PTX of a kernel ({error}); NVRTC's own CUBIN "
                "is used instead, whose module takes about a millisecond longer to load",
                RuntimeWarning,
                stacklevel=4,
            )
        return None


def compile_module(request: Request, gpu: GpuTarget) -> tuple[Path, dict, float]:
    """Compiles `request` for `gpu` into a temporary file; returns it, the cache metadata and the seconds taken.
    Raises CompileError with the compiler's log.

    For CUDA, where a device of the architecture is present: NVRTC to PTX, then the driver to CUBIN, without the
    module variables nothing uses (see _ptx.py); otherwise NVRTC to CUBIN. For the emulated GPU the host compiler
    (_emulated.py)."""
    if gpu.emulated:
        return _emulated.compile_module(request)
    source = generate(request, gpu)
    options = [
        *gpu.options(),
        *(f"-D{d}" for d in request.defines),
        *(f"-I{d}" for d in request.include_dirs),
        *_cooperative_options(request, gpu),
        *request.options,
    ]
    precompiled = _precompiled_header_options(gpu)
    linker = _ptx_linker(gpu)
    start = time.perf_counter()
    link = None
    for to_ptx in (True, False) if linker is not None else (False,):
        # PTX for the virtual architecture of the same number: compute_90 for sm_90.
        used = (
            [o.replace("--gpu-architecture=sm_", "--gpu-architecture=compute_") for o in options] if to_ptx else options
        )
        with _precompiled_header_lock if precompiled else contextlib.nullcontext():
            result = gpu.compiler.compile(source, "pyalpaka_entry.cu", [*used, *precompiled], ptx=to_ptx)
        if not result.ok or not to_ptx:
            break
        link = _linked(result.code, linker)
        if link is not None:
            result = dataclasses.replace(result, code=link[0])
            break
    seconds = time.perf_counter() - start
    command = [gpu.compiler.path, *used]
    if not result.ok:
        raise CompileError(
            _structs.headline(
                f"kernel {request.name!r} failed to compile for {gpu.backend} {gpu.arch} with "
                f"{gpu.identity} ({request.dim}-D, arguments ({', '.join(request.arg_types)}))",
                result.log,
            ),
            log=result.log,
            source=request.source,
            command=command,
            filename=request.filename,
            generated=source,
        )
    module = _write_module(result.code, gpu.suffix, request)
    meta = {
        "headers": included_headers(request.source, request.filename, request.include_dirs),
        "command": command,
        "compile_seconds": seconds,
        "backend": gpu.backend,
        "arch": gpu.arch,
        "name": request.name,
        "arg_types": list(request.arg_types),
        "log": result.log,
    }
    if link is not None:
        meta["linker"] = f"CUDA driver (cuLink), {link[1]} unused module variables removed from the PTX"
    return module, meta, seconds
