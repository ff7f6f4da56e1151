# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""How the package was built (_build_config.json, written by CMake): the compiler and, per back-end, the macro,
flags and libraries that run-time compilation uses. ``PYALPAKA_CXX`` overrides the compiler; a machine without the
build's compiler (a wheel built elsewhere) uses the first of c++, g++, clang++ on PATH.

A kernel is compiled with its own back-end alone enabled (its macro, flags and libraries), with a precompiled header
per back-end: a header of all host back-ends together would be shared, but every compilation would pay for the
template instantiations of all their headers (measured: docs/dev/measurements.md#run-time-compilation).

Kernels are compiled for the processor that runs them (``-march=native``: AVX2 or AVX-512 where the machine has them,
two to four times the arithmetic of the baseline x86-64 for a vectorized loop). The processor's identity (its model
and instruction-set flags) is part of every cache key, so a cache shared by machines with different processors keeps
one library per processor. ``PYALPAKA_HOST_ARCH`` chooses another target: a ``-march`` value (``x86-64-v3``), or
``portable`` for the compiler's default, which runs on every machine of the architecture."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import platform
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from . import _tbb
from ._core import BackendUnavailableError
from ._paths import package_dir


@dataclass(frozen=True)
class HostToolchain:
    """The host compiler and the flags of one back-end."""

    compiler: str
    identity: str  # "GNU 12.2.0 /usr/bin/c++": part of every cache key
    flags: tuple[str, ...]
    definitions: tuple[str, ...]
    libs: tuple[str, ...]
    tag: str


def build_config() -> dict:
    """The build's configuration (_build_config.json)."""
    return _config()


@functools.cache
def _config() -> dict:
    path = package_dir() / "_build_config.json"
    try:
        with open(path, "rb") as file:  # bytes: no text decoder to set up in a fresh process
            return json.loads(file.read())
    except FileNotFoundError:
        raise BackendUnavailableError(
            f"run-time compilation needs {path}, which this installation lacks: reinstall pyalpaka with pip"
        ) from None


@functools.cache
def _compiler_identity(compiler: str, recorded: str) -> str:
    """The compiler's own version line (the recorded identity if it is the build's compiler)."""
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise BackendUnavailableError(f"the host compiler {compiler!r} cannot run: {error}") from None
    return f"{out.splitlines()[0] if out else recorded} {compiler}"


@functools.cache
def _processor_identity() -> str:
    """What -march=native compiles for, as far as it matters: the processor's model and instruction-set flags (Linux:
    /proc/cpuinfo, read in well under a millisecond), elsewhere what the platform module reports."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return f"{platform.machine()} {platform.processor()}"
    wanted = ("model name", "flags", "features", "cpu part", "cpu implementer")
    lines = sorted(
        {
            line.split(":", 1)[0].strip() + ":" + " ".join(sorted(line.split(":", 1)[1].split()))
            for line in text.splitlines()
            if ":" in line and line.split(":", 1)[0].strip().lower() in wanted
        }
    )
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def host_arch_flags() -> tuple[tuple[str, ...], str]:
    """The target flags of run-time compiled CPU kernels and the identity they add to the cache key (see the module
    docstring): ``-march=native`` and this processor, or what ``PYALPAKA_HOST_ARCH`` asks for."""
    arch = os.environ.get("PYALPAKA_HOST_ARCH", "native").strip()
    if arch in ("", "portable", "none"):
        return (), "portable"
    if arch == "native":
        return ("-march=native",), f"native {_processor_identity()}"
    if not all(c.isalnum() or c in "-_.+" for c in arch):
        raise BackendUnavailableError(
            f"PYALPAKA_HOST_ARCH={arch!r} is not a processor name (e.g. native, portable, x86-64-v3, skylake-avx512)"
        )
    return (f"-march={arch}",), arch


def host_toolchain(backend: str) -> HostToolchain:
    """The compiler and flags that build kernels for a CPU back-end of this build."""
    config = _config()
    if backend not in config["backends"]:
        raise BackendUnavailableError(
            f"run-time compilation has no toolchain for back-end {backend!r}; this build has: "
            f"{', '.join(config['backends'])}"
        )
    # Only this back-end's: each back-end enabled adds headers whose pending template instantiations every
    # translation unit redoes, precompiled header or not (measured: docs/dev/measurements.md#run-time-compilation).
    own = config["backends"][backend]
    override = os.environ.get("PYALPAKA_CXX")
    compiler = host_compiler()
    launcher = shlex.split(compiler)
    recorded = f"{config['compiler_id']} {config['compiler_version']}"
    arch_flags, arch_identity = host_arch_flags()
    same = not override and compiler == config["compiler"]
    compiler_identity = f"{recorded} {compiler}" if same else _compiler_identity(launcher[0], recorded)
    flags, libs = (*own["flags"],), (*own["libs"],)
    if own.get("pypi") == "tbb":
        flags, libs = _tbb_from_wheel(backend, flags, libs)
    for lib in libs:
        if os.path.isabs(lib) and not os.path.exists(lib):  # a wheel built on a machine that had it
            raise BackendUnavailableError(
                f"run-time compilation for {backend} links {lib}, which this machine lacks; install the back-end's "
                f"library and headers ({_SYSTEM_PACKAGES.get(backend, 'see python -m pyalpaka info')})"
            )
    return HostToolchain(
        compiler=compiler,
        identity=f"{compiler_identity} [{arch_identity}]",
        flags=(*config["flags"], *flags, *arch_flags),
        definitions=(*config["definitions"], own["macro"]),
        libs=libs,
        tag=own["tag"],
    )


def _tbb_from_wheel(
    backend: str, flags: tuple[str, ...], libs: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The back-end's flags and libraries with the installed tbb-devel wheel's headers and the tbb wheel's library
    (the build's were in pip's build environment, gone since)."""
    include = _tbb.include_dir()
    if include is None:
        raise BackendUnavailableError(
            f"run-time compilation for {backend} needs the oneTBB headers of the tbb-devel wheel, which this "
            "environment lacks: pip install tbb-devel"
        )
    library = _tbb.library()
    return (*flags, "-isystem", str(include)), (*libs, str(library), f"-Wl,-rpath,{library.parent}")


_FALLBACK_COMPILERS = ("c++", "g++", "clang++")
_SYSTEM_PACKAGES = {"cpu_fibers": "Debian, Ubuntu: libboost-context-dev", "cpu_tbb_blocks": "pip install tbb-devel"}


def host_compiler() -> str:
    """The compiler of run-time compilation: ``$PYALPAKA_CXX``, else the build's if this machine has it (a wheel
    built elsewhere names a compiler this machine may not have), else the first of c++, g++, clang++ on PATH.
    BackendUnavailableError saying what to install where there is none."""
    return os.environ.get("PYALPAKA_CXX") or _found_compiler()


@functools.cache
def _found_compiler() -> str:
    recorded = _config()["compiler"]
    if shutil.which(shlex.split(recorded)[0]):
        return recorded
    for name in _FALLBACK_COMPILERS:
        if found := shutil.which(name):
            return found
    raise BackendUnavailableError(
        f"run-time compilation for the CPU back-ends needs a C++20 compiler (g++ 10 or newer, or clang++ 14 or "
        f"newer), and this machine has none: the build's {recorded} is not here, and none of "
        f"{', '.join(_FALLBACK_COMPILERS)} is on PATH. Install one (Debian, Ubuntu: apt-get install g++; Fedora: "
        "dnf install gcc-c++; conda: conda install gxx) or name one with PYALPAKA_CXX=/path/to/compiler. The "
        "shipped kernels (pyalpaka.kernels) need no compiler."
    )


@functools.cache
def host_std_include_dirs() -> tuple[str, ...]:
    """The host C++ standard library's include folders (the C++ library's and the C library's), as the compiler of the
    build (or ``$PYALPAKA_CXX``) lists them. hiprtc, which has no standard library, compiles the kernel-side headers
    against these (see alpaka/rtc/hiprtc/README.md); the compiler's own builtin headers and /usr/local/include are
    left out, since hiprtc brings its builtins and /usr/local may hold another toolkit's headers."""
    compiler = shlex.split(host_compiler())
    try:
        out = subprocess.run(
            [*compiler, "-xc++", "-E", "-v", "-"], input="", capture_output=True, text=True, check=True
        ).stderr
    except (OSError, subprocess.CalledProcessError) as error:
        raise BackendUnavailableError(
            f"the host compiler {compiler[0]!r} cannot list its include folders: {error}"
        ) from error
    listed = out.partition("#include <...> search starts here:")[2].partition("End of search list.")[0].split()
    kept = tuple(
        d
        for d in listed
        if "/c++/" in d or d == "/usr/include" or (d.startswith("/usr/include/") and d.count("/") == 3)
    )
    if not any("/c++/" in d for d in kept):
        raise BackendUnavailableError(f"no C++ standard library folder among {compiler[0]}'s include folders {listed}")
    return kept
