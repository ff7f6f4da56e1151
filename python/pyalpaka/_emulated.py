# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compiling a kernel for the emulated GPU (``PYALPAKA_GPU_EMULATOR=cuda`` or ``hip``, docs/dev/testing-gpu.md).

The emulated device runs its kernels on the host, so the host compiler builds them: the CPU translation unit of the
kernel (the user's source, as for NVRTC) for the fibers back-end, whose threads of a block are fibers with block
barriers and shared memory, plus the GPU face the emulator launches by the GPU module's names and parameter blocks
(src/jit/EntryEmulated.hpp). Not the std::thread back-end: each kernel's library keeps its own pool of worker threads,
as many as its largest block (1,024 on a GPU), and a test run that loads a hundred kernels ran out of threads. The
module image is that shared library behind a header (src/jit/EmulatedAbi.h), so that a real driver refuses it and the
emulator refuses a CUBIN.
"""

from __future__ import annotations

import dataclasses
import struct
from dataclasses import dataclass
from pathlib import Path

from . import _compiler
from ._buildconfig import host_toolchain

#: The host back-end whose accelerator runs the emulated device's kernels.
ENGINE = "cpu_fibers"
ARCH = "emulated"
#: The GPU back-ends the emulator stands for.
BACKENDS = ("cuda", "hip")
_MAGIC = b"pyalpaka-emu-mod"  # PYALPAKA_EMULATED_MAGIC
assert len(_MAGIC) == 16


@dataclass(frozen=True)
class EmulatedCompiler:
    """The host compiler in the place of NVRTC: what the cache key and messages say about it."""

    path: str
    identity: str


def compiler() -> EmulatedCompiler:
    toolchain = host_toolchain(ENGINE)
    return EmulatedCompiler(toolchain.compiler, f"{toolchain.identity} for the emulated GPU ({ENGINE})")


def options() -> list[str]:
    """The flags of the compilation (part of the cache key, as NVRTC's options are)."""
    toolchain = host_toolchain(ENGINE)
    return [*toolchain.flags, *(f"-D{d}" for d in toolchain.definitions), *toolchain.libs]


def image(library: bytes) -> bytes:
    """The module image of a compiled library: the magic, its size (8 bytes, little-endian), the library."""
    return _MAGIC + struct.pack("<Q", len(library)) + library


def compile_module(request: _compiler.Request) -> tuple[Path, dict, float]:
    """Compiles `request` into a module image for the emulated GPU; returns it, the cache metadata and the seconds
    taken (CompileError with the host compiler's log where it fails)."""
    library, meta, seconds = _compiler.compile_library(
        dataclasses.replace(request, emulated=True), host_toolchain(ENGINE)
    )
    module = library.with_name("entry.emu")
    module.write_bytes(image(library.read_bytes()))
    library.unlink()
    meta = {**meta, "backend": request.backend, "arch": ARCH, "engine": ENGINE}
    return module, meta, seconds
