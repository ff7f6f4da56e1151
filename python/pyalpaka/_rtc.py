# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The run-time compilers of the GPU back-ends, loaded with ctypes when first needed: NVRTC (CUDA) and hiprtc (HIP).

Nothing here is linked into the extension, so the package imports on a machine without CUDA or ROCm; a missing
library is a BackendUnavailableError that lists where it was looked for. ctypes releases the GIL during every call,
so a compilation never blocks other Python threads.

NVRTC is found through ``$PYALPAKA_NVRTC`` (the library's path), the toolkit of ``$CUDA_HOME``/``$CUDA_PATH``,
the PyPI wheels (``nvidia-cuda-nvrtc``), ``/usr/local/cuda`` and the system's library path; CCCL's headers (the
standard library under NVRTC) through ``$PYALPAKA_CCCL_INCLUDE``, the same toolkit or the ``nvidia-cuda-cccl`` wheel.
hiprtc is part of ROCm's ``libamdhip64`` (``$PYALPAKA_HIPRTC``, ``$ROCM_PATH``, ``/opt/rocm``, the library path).

A cache hit needs the compiler's version (part of the cache key) but not the compiler: the library found and its
version are remembered in the cache root (``rtc-libraries.json``, by path, size and modification time), so that a new
process whose kernels are all cached neither loads the library (milliseconds) nor asks ldconfig for it.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import glob
import itertools
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from ._core import BackendUnavailableError


@dataclass(frozen=True)
class RtcResult:
    """One compilation: whether it succeeded, the compiler's log and the code (CUBIN or an AMD code object)."""

    ok: bool
    log: str
    code: bytes


class RtcCompiler:
    """NVRTC or hiprtc: their C interfaces have the same shape, only the prefix and the code getters differ."""

    def __init__(
        self, kind: str, path: str, version: tuple[int, int] | None = None, runtime: int | None = None
    ) -> None:
        """Loads the library now (OSError or AttributeError where it is not a usable one), or, where its version is
        given (remembered from an earlier load, with `runtime`), at the first compilation."""
        self.kind = kind  # "nvrtc" or "hiprtc"
        self.path = path
        self._lib: ctypes.CDLL | None = None
        # hiprtc's own version says little (ROCm 5.2's is 9.0): the HIP runtime's version of the library holding it
        # (50221153 for 5.2.21153), where it has one, goes into the identity too.
        self.runtime = runtime
        if version is None:
            self._open()
        else:
            self.version = version

    def _open(self) -> None:
        self._lib = ctypes.CDLL(self.path)
        prefix = self.kind
        self._create = getattr(self._lib, f"{prefix}CreateProgram")
        self._create.argtypes = [
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_char_p,
            ctypes.c_char_p,
            ctypes.c_int,
            ctypes.c_void_p,
            ctypes.c_void_p,
        ]
        self._compile = getattr(self._lib, f"{prefix}CompileProgram")
        self._compile.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        self._log_size = getattr(self._lib, f"{prefix}GetProgramLogSize")
        self._log_size.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
        self._log = getattr(self._lib, f"{prefix}GetProgramLog")
        self._log.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        code = "CUBIN" if self.kind == "nvrtc" else "Code"
        self._code_size = getattr(self._lib, f"{prefix}Get{code}Size")
        self._code_size.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
        self._code = getattr(self._lib, f"{prefix}Get{code}")
        self._code.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        if self.kind == "nvrtc":  # PTX, for a virtual architecture (compute_90)
            self._ptx_size = self._lib.nvrtcGetPTXSize
            self._ptx_size.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
            self._ptx = self._lib.nvrtcGetPTX
            self._ptx.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self._destroy = getattr(self._lib, f"{prefix}DestroyProgram")
        self._destroy.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        self._error_string = getattr(self._lib, f"{prefix}GetErrorString")
        self._error_string.restype = ctypes.c_char_p
        major, minor = ctypes.c_int(), ctypes.c_int()
        getattr(self._lib, f"{prefix}Version")(ctypes.byref(major), ctypes.byref(minor))
        self.version = (major.value, minor.value)
        if self.kind == "hiprtc" and hasattr(self._lib, "hipRuntimeGetVersion"):
            runtime = ctypes.c_int()
            if self._lib.hipRuntimeGetVersion(ctypes.byref(runtime)) == 0 and runtime.value > 0:
                self.runtime = runtime.value

    @property
    def identity(self) -> str:
        """Name and version: part of every cache key."""
        identity = f"{self.kind} {self.version[0]}.{self.version[1]}"
        if self.runtime:
            identity += f", HIP {self.runtime // 10_000_000}.{self.runtime // 100_000 % 100}.{self.runtime % 100_000}"
        return identity

    def _check(self, status: int, call: str) -> None:
        if status != 0:
            message = self._error_string(status).decode(errors="replace")
            raise RuntimeError(f"{self.kind}: {call} failed: {message} ({status})")

    def compile(self, source: str, filename: str, options: list[str], *, ptx: bool = False) -> RtcResult:
        """Compiles `source`; the result's code is the CUBIN (the code object for hiprtc), or with `ptx` (NVRTC, a
        virtual architecture in `options`) the PTX text without its terminating NUL."""
        if self._lib is None:
            self._open()
        program = ctypes.c_void_p()
        self._check(
            self._create(ctypes.byref(program), source.encode(), filename.encode(), 0, None, None), "CreateProgram"
        )
        try:
            encoded = [option.encode() for option in options]
            status = self._compile(program, len(encoded), (ctypes.c_char_p * len(encoded))(*encoded))
            size = ctypes.c_size_t()
            self._check(self._log_size(program, ctypes.byref(size)), "GetProgramLogSize")
            log = ctypes.create_string_buffer(size.value + 1)
            self._check(self._log(program, log), "GetProgramLog")
            text = log.value.decode(errors="replace")
            if status != 0:
                return RtcResult(False, text or self._error_string(status).decode(errors="replace"), b"")
            get_size, get = (self._ptx_size, self._ptx) if ptx else (self._code_size, self._code)
            self._check(get_size(program, ctypes.byref(size)), "GetCodeSize")
            code = ctypes.create_string_buffer(size.value)
            self._check(get(program, code), "GetCode")
            return RtcResult(True, text, code.raw.rstrip(b"\0") if ptx else code.raw)
        finally:
            self._destroy(ctypes.byref(program))


@functools.cache
def _nvidia_dirs() -> tuple[str, ...]:
    """The folders of the ``nvidia`` namespace package (the CUDA wheels on PyPI): an ``nvidia`` folder on sys.path,
    as the import system would find them (a stat per entry: importlib.util.find_spec would cost a cache hit more,
    docs/dev/measurements.md#a-cache-hit-in-python)."""
    return tuple(folder for entry in sys.path if os.path.isdir(folder := os.path.join(entry or os.curdir, "nvidia")))


def _wheel_dirs(*relative: str) -> list[str]:
    """Folders inside the installed ``nvidia`` namespace package (the CUDA wheels on PyPI)."""
    return [os.path.join(base, r) for base in _nvidia_dirs() for r in relative]


def _toolkit_roots() -> list[str]:
    roots = [os.environ[v] for v in ("CUDA_HOME", "CUDA_PATH") if os.environ.get(v)]
    return [*roots, "/usr/local/cuda"]


def _memo_path() -> str:
    from . import _cache  # here: _cache imports the package's compiled part

    return os.path.join(_cache.root(), "rtc-libraries.json")


_memo_read: dict[str, dict] = {}  # rtc-libraries.json as this process read it, by path (read once, not per entry)


def _memo_trusted() -> bool:
    """Whether the cache root passes the trust rule (_trust.py): the memo names libraries this process loads, so one
    that another user could have written is neither read nor written (with one warning)."""
    from . import _cache, _trust

    why = _trust.folder_problem(_cache.root(), _cache.root())
    if why is not None:
        _trust.warn(why, "The run-time compiler libraries it remembers are looked for again", stacklevel=5)
    return why is None


def _memo_load(path: str) -> dict:
    """rtc-libraries.json at `path`, or {} where it is missing, damaged or fails the trust rule (with a warning)."""
    from . import _trust

    if not _memo_trusted():
        return {}
    try:
        memo = json.loads(_trust.read(path))  # checked as read; bytes: no text decoder to set up in a fresh process
    except (OSError, ValueError, RecursionError):  # RecursionError: nesting deeper than json can parse
        return {}
    except _trust.Untrusted as why:
        _trust.warn(why, "The run-time compiler libraries it remembers are looked for again", stacklevel=5)
        return {}
    return memo if isinstance(memo, dict) else {}


def _memo_entry(key: str) -> object:
    """The entry `key` of rtc-libraries.json, or None (a missing or damaged memo only means more work)."""
    path = _memo_path()
    if path not in _memo_read:
        _memo_read[path] = _memo_load(path)
    return _memo_read[path].get(key)


def _memo_update(key: str, value: object) -> None:
    """Sets the entry `key` of rtc-libraries.json (best effort: a cache that cannot be written only means the next
    process does the work again)."""
    from . import _cache, _trust  # here: _cache imports the package's compiled part

    with contextlib.suppress(OSError, ValueError, TypeError):
        if not _memo_trusted():
            return
        memo = Path(path := _memo_path())
        entries = _memo_load(path)
        entries[key] = value
        _trust.make_folders(memo.parent)
        _cache.write_atomically(memo, json.dumps(entries).encode())
        _memo_read[path] = entries


def _remembered(kind: str, path: str) -> RtcCompiler | None:
    """The library at `path` without loading it, where an earlier process loaded it unchanged (same size and
    modification time) and remembered its version."""
    try:
        entry = _memo_entry(f"{kind} {path}")
        status = os.stat(path)
        if entry and entry["size"] == status.st_size and entry["mtime_ns"] == status.st_mtime_ns:
            runtime = entry.get("runtime")
            return RtcCompiler(
                kind, path, (int(entry["version"][0]), int(entry["version"][1])), int(runtime) if runtime else None
            )
    except (OSError, ValueError, TypeError, KeyError, IndexError, AttributeError):
        pass
    return None


def _remember(compiler: RtcCompiler) -> None:
    """Records the loaded library's version for later processes."""
    with contextlib.suppress(OSError):
        status = os.stat(compiler.path)
        _memo_update(
            f"{compiler.kind} {compiler.path}",
            {
                "size": status.st_size,
                "mtime_ns": status.st_mtime_ns,
                "version": list(compiler.version),
                "runtime": compiler.runtime,
            },
        )


def _folder_states(folders: list[str]) -> list[list]:
    """Each folder with its modification time (-1 where it is missing): a file added to or removed from a folder
    changes its time, so equal states mean that a search of these folders finds what it found before."""
    states = []
    for folder in folders:
        try:
            states.append([folder, os.stat(folder).st_mtime_ns])
        except OSError:
            states.append([folder, -1])
    return states


def _opened(kind: str, path: str) -> RtcCompiler:
    """The library at `path`, remembered or loaded (OSError or AttributeError where it is not a usable one)."""
    compiler = _remembered(kind, path)
    if compiler is None:
        compiler = RtcCompiler(kind, path)
        _remember(compiler)
    return compiler


def _load(kind: str, env: str, names: list[str], folders: list[str]) -> RtcCompiler:
    if os.environ.get(env):  # an explicit choice is used or reported, never replaced by another library
        try:
            return _opened(kind, os.environ[env])
        except (OSError, AttributeError) as error:
            raise BackendUnavailableError(f"${env}={os.environ[env]} is not a usable {kind} library: {error}") from None
    # A fresh process whose folders are unchanged since an earlier one searched them takes that search's result
    # without listing them again (a listing of a large library folder costs a cache hit milliseconds).
    search_key, states = f"{kind} search", _folder_states(folders)
    found = _memo_entry(search_key)
    if isinstance(found, dict) and found.get("folders") == states and isinstance(found.get("path"), str):
        with contextlib.suppress(OSError, AttributeError):
            return _opened(kind, found["path"])
    tried: list[str] = []
    candidates: list[str] = []
    for folder in folders:
        for name in names:
            candidates += sorted(glob.glob(os.path.join(folder, name)), reverse=True)  # newest version first
        tried.append(folder)
    errors = []

    def all_candidates():  # lazily: ldconfig is asked only where the folders hold no usable library
        yield from candidates
        for name in (kind, "amdhip64"):
            if found := ctypes.util.find_library(name):
                yield found

    seen: set[str] = set()
    for candidate in all_candidates():
        if candidate in seen:
            continue
        seen.add(candidate)
        try:
            compiler = _opened(kind, candidate)
        except (OSError, AttributeError) as error:
            errors.append(f"{candidate}: {error}")
            continue
        if candidate in candidates:  # found by the search of the folders, not by ldconfig
            _memo_update(search_key, {"folders": states, "path": candidate})
        return compiler
    hint = f"; set ${env} to the library's path" if kind == "nvrtc" else f"; set ${env} to libamdhip64's path"
    detail = f" (tried: {'; '.join(errors)})" if errors else ""
    raise BackendUnavailableError(f"{kind} was not found in {', '.join(tried)} or the library path{detail}{hint}")


@functools.cache
def nvrtc() -> RtcCompiler:
    """NVRTC, loaded once (BackendUnavailableError if it is not installed)."""
    folders = [os.path.join(root, lib) for root in _toolkit_roots() for lib in ("lib64", "lib")]
    folders = [*folders[:-2], *_wheel_dirs("cuda_nvrtc/lib", "cu13/lib", "cu12/lib"), *folders[-2:]]
    return _load("nvrtc", "PYALPAKA_NVRTC", ["libnvrtc.so", "libnvrtc.so.*[0-9]"], folders)


@functools.cache
def hiprtc() -> RtcCompiler:
    """hiprtc (in ROCm's libamdhip64), loaded once (BackendUnavailableError if it is not installed)."""
    roots = [os.environ["ROCM_PATH"]] if os.environ.get("ROCM_PATH") else []
    folders = [os.path.join(root, "lib") for root in (*roots, "/opt/rocm")]
    return _load("hiprtc", "PYALPAKA_HIPRTC", ["libhiprtc.so", "libamdhip64.so", "libamdhip64.so.*[0-9]"], folders)


@functools.cache
def hiprtc_targets(hiprtc_path: str) -> frozenset[str] | None:
    """The gfx targets ("gfx90a", ...) the code generator of the hiprtc at `hiprtc_path` knows, asked from ROCm's
    amd_comgr, which hiprtc compiles with (the copy next to it first); None where no comgr answers. A compilation asks
    first: the hiprtc of ROCm 5.2 aborts the process when given a target its LLVM does not know."""
    folder = os.path.dirname(hiprtc_path)
    names = ("libamd_comgr.so.3", "libamd_comgr.so.2", "libamd_comgr.so")
    for candidate in [*(os.path.join(folder, n) for n in names if folder), *names]:
        try:
            comgr = ctypes.CDLL(candidate)
            count = ctypes.c_size_t()
            if comgr.amd_comgr_get_isa_count(ctypes.byref(count)) != 0:
                continue
            get_name = comgr.amd_comgr_get_isa_name
            get_name.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p)]
            targets = set()
            for index in range(count.value):
                name = ctypes.c_char_p()
                if get_name(index, ctypes.byref(name)) == 0 and name.value:
                    # "amdgcn-amd-amdhsa--gfx90a" (later comgrs add ":sramecc+" style features)
                    targets.add(name.value.decode().rsplit("-", 1)[-1].split(":")[0])
            return frozenset(targets)
        except (OSError, AttributeError):
            continue
    return None


@functools.cache
def cccl_include() -> str:
    """The folder holding CCCL's ``cuda/std`` headers, which stand in for the standard library under NVRTC."""
    chosen = os.environ.get("PYALPAKA_CCCL_INCLUDE")
    if chosen:
        if not os.path.isfile(os.path.join(chosen, "cuda", "std", "type_traits")):
            raise BackendUnavailableError(f"$PYALPAKA_CCCL_INCLUDE={chosen} has no cuda/std/type_traits")
        return chosen

    def roots():  # lazily: the toolkit's folder usually has them, without resolving NVRTC's path
        yield from _toolkit_roots()
        yield str(Path(nvrtc().path).resolve().parent.parent)

    candidates: list[str] = []
    for folder in itertools.chain(
        (os.path.join(root, sub) for root in roots() for sub in ("include/cccl", "include")),
        _wheel_dirs("cu13/include/cccl", "cuda_cccl/include", "cu12/include/cccl"),
    ):
        candidates.append(folder)
        if os.path.isfile(os.path.join(folder, "cuda", "std", "type_traits")):
            return folder
    raise BackendUnavailableError(
        "CCCL's headers (cuda/std/type_traits), which NVRTC needs, were not found in "
        f"{', '.join(dict.fromkeys(candidates))}; set $PYALPAKA_CCCL_INCLUDE to their folder"
    )


@functools.cache
def cooperative_groups_include() -> str:
    """The folder holding the CUDA toolkit's ``cooperative_groups.h``, which a run-time compiled kernel launched with
    ``cooperative=True`` needs for its grid barrier: ``$PYALPAKA_CUDA_INCLUDE``, the toolkit of ``$CUDA_HOME``/
    ``$CUDA_PATH``, the one NVRTC came from, ``/usr/local/cuda`` or the ``nvidia-cuda-runtime`` wheel."""
    chosen = os.environ.get("PYALPAKA_CUDA_INCLUDE")
    if chosen:
        if not os.path.isfile(os.path.join(chosen, "cooperative_groups.h")):
            raise BackendUnavailableError(f"$PYALPAKA_CUDA_INCLUDE={chosen} has no cooperative_groups.h")
        return chosen
    library_root = str(Path(nvrtc().path).resolve().parent.parent)
    candidates = [os.path.join(root, "include") for root in (*_toolkit_roots(), library_root)]
    candidates += _wheel_dirs("cu13/include", "cuda_runtime/include", "cu12/include")
    for folder in candidates:
        if os.path.isfile(os.path.join(folder, "cooperative_groups.h")):
            return folder
    raise BackendUnavailableError(
        "a cooperative launch of a run-time compiled CUDA kernel needs the CUDA toolkit's cooperative groups headers "
        f"(cooperative_groups.h), which were not found in {', '.join(dict.fromkeys(candidates))}; install the CUDA "
        "toolkit or the nvidia-cuda-runtime wheel, or set $PYALPAKA_CUDA_INCLUDE to the folder holding them"
    )
