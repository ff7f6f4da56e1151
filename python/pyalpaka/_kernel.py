# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.Kernel: an alpaka C++ kernel compiled at run time for the back-end it is launched on."""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Callable, NamedTuple

from . import _cache, _compiler, _core, _emulated, _gpu_compiler, _signature, _structs
from ._buildconfig import host_toolchain
from ._core import Device
from ._devices import as_device
from ._errors import CompileError

_log = logging.getLogger("pyalpaka.jit")


class CacheEntry(NamedTuple):
    """A compiled kernel: its cache key, the library, whether it came from the cache, and the compile time."""

    key: str
    path: Path
    hit: bool
    compile_seconds: float


def _defines(defines: Mapping[str, Any] | Iterable[str] | None) -> tuple[str, ...]:
    if defines is None:
        return ()
    if isinstance(defines, Mapping):
        return tuple(name if value is None else f"{name}={value}" for name, value in sorted(defines.items()))
    return tuple(defines)


#: The flag that rounds every operation as written: GCC's, clang's and hiprtc's, and NVRTC's own spelling.
_FP_CONTRACT_OFF = "-ffp-contract=off"
_FP_CONTRACT_OFF_NVRTC = "--fmad=false"


def _fp_contract(value: str | None) -> str:
    """The floating-point contraction of a kernel: the argument, else $PYALPAKA_FP_CONTRACT, else "fast"."""
    where = "fp_contract"
    if value is None:
        value, where = os.environ.get("PYALPAKA_FP_CONTRACT", "fast"), "PYALPAKA_FP_CONTRACT"
    if value not in ("fast", "off"):
        raise ValueError(f"Kernel: {where} is 'fast' (contract a*x+y into one FMA) or 'off', got {value!r}")
    return value


class Kernel(_core.JitLauncher):
    """An alpaka C++ kernel compiled at run time.

    ``source`` holds a kernel: a function object with ``template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc
    const& acc, ...) const``; ``name`` is the C++ type expression that names it (``"Axpy"``, ``"Reduce<float,
    256>"``). Calling ``kernel(queue, workdiv, *args)`` compiles it once per (back-end, work division
    dimensionality, argument types) — buffers and NumPy arrays become ``T*`` (``T const*`` when read-only), NumPy
    scalars their exact type, ``int`` ``std::int64_t``, ``float`` ``double``, ``bool`` ``bool`` — caches the
    result on disk (see ``pyalpaka.cache``) and launches it in queue order. ``options`` are extra compiler flags,
    ``defines`` macros (a mapping or ``NAME=VALUE`` strings), ``include_dirs`` extra include folders.

    ``structs`` maps the names of C++ structs the kernel takes by value to NumPy structured dtypes of the same
    layout (``{"Params": np.dtype([("dt", np.float32), ("n", np.int32)], align=True)}``); a structured scalar or
    0-d array of such a dtype is then passed as that struct. The compiled unit checks each struct's size, alignment
    and fields against its dtype, and a mismatch is a ``CompileError`` that names the field.

    ``kernel(queue, workdiv, *args, cooperative=True)`` is a cooperative launch: every block of the grid runs at the
    same time, so the kernel may call ``alpaka::syncGridThreads(acc)``, a barrier of the whole grid. The grid may have
    at most ``pyalpaka.max_active_blocks(kernel, device, block_threads, thread_elems, *args)`` blocks (a larger one
    is a ``ValueError``); it is a variant of its own, compiled and cached apart from the plain launch's.

    ``fp_contract`` says whether the compiler may contract ``a*x + y`` into one fused multiply-add (one rounding
    instead of two): ``"fast"`` (the default, the compilers' own: faster, and closer to the exact result) or
    ``"off"`` (each operation rounded as written, as NumPy and the shipped ``pk.kernels`` compute, bit for bit).
    ``None`` takes ``$PYALPAKA_FP_CONTRACT``, else ``"fast"``.
    """

    def __init__(
        self,
        source: str,
        name: str,
        *,
        options: Sequence[str] = (),
        defines: Mapping[str, Any] | Iterable[str] | None = None,
        include_dirs: Sequence[str | Path] = (),
        filename: str = "kernel.cpp",
        structs: Mapping[str, Any] | None = None,
        fp_contract: str | None = None,
    ) -> None:
        if not isinstance(source, str) or not source.strip():
            raise TypeError("Kernel: source must be a non-empty string of C++ code")
        if not isinstance(name, str) or not name.strip():
            raise TypeError("Kernel: name must be the C++ type expression of the kernel, e.g. 'Axpy'")
        if isinstance(options, str):
            raise TypeError("Kernel: options is a sequence of flags, e.g. ['-ffast-math'], not one string")
        self.source = source
        self.name = name.strip()
        self.options = tuple(options)
        self.defines = _defines(defines)
        self.include_dirs = tuple(str(Path(d).resolve()) for d in include_dirs)
        self.filename = filename
        self.fp_contract = _fp_contract(fp_contract)
        self._structs = _structs.normalize(structs)
        self.structs = {name: dtype for name, dtype, _ in self._structs}
        self._struct_checks = _structs.checks(self._structs)
        self._lock = threading.Lock()
        self._compiled: dict[tuple, CacheEntry] = {}  # (back-end, [arch,] dim, argument types)
        self._refused: dict[tuple, str] = {}  # (back-end, argument types): the compiler's TypeError
        # The launch itself (__call__) is the C++ base class's: argument types -> loaded entry -> launch. It calls
        # back for a variant it has not loaded; through a weak reference, since the base class is invisible to the
        # garbage collector and a bound method would keep the kernel alive forever.
        compile_for_launch = weakref.WeakMethod(self._compile_for_launch)
        super().__init__(
            self.name,
            lambda *signature: compile_for_launch()(*signature),
            tuple((name, dtype) for name, dtype, _ in self._structs),
        )

    @classmethod
    def from_file(cls, path: str | Path, name: str, **kwargs: Any) -> Kernel:
        """The kernel `name` of a source file; the file's folder is searched for its includes."""
        path = Path(path).resolve()
        kwargs["include_dirs"] = (path.parent, *kwargs.get("include_dirs", ()))
        return cls(path.read_text(), name, filename=str(path), **kwargs)

    def compile(
        self,
        device: Device | str,
        dim: int,
        arg_types: Sequence[Any],
        *,
        arch: str | int | None = None,
        cooperative: bool = False,
        no_alias: bool = False,
    ) -> CacheEntry:
        """Compiles (or finds in the cache) the kernel for `device`'s back-end, `dim` dimensions and `arg_types`:
        C++ type names ("float const*", "std::int64_t", a struct's name) or sample argument values;
        ``cooperative=True`` compiles the variant that ``kernel(..., cooperative=True)`` launches.
        ``no_alias=True`` compiles the variant a CPU launch uses when its pointer arguments do not overlap (the
        kernel runs with ``__restrict`` pointers); with fewer than two pointer parameters, or on a GPU, it is the
        plain variant.

        For a GPU back-end, ``arch`` names the architecture (``"sm_90"``, ``"gfx90a"``); with it, `device` may be
        just the back-end's name ("cuda", "hip"), so a machine without the GPU (or its driver) can compile for it."""
        if not 1 <= int(dim) <= 3:
            raise ValueError(f"dim must be 1, 2 or 3, got {dim}")
        try:
            types = tuple(self._type_of(i, t) for i, t in enumerate(arg_types))
            backend = device.partition(":")[0] if isinstance(device, str) else None
            if backend in _gpu_compiler.GPU_BACKENDS:
                if arch is None:
                    raise ValueError(
                        f"compiling for {backend!r} without a device needs arch=, e.g. "
                        f"arch={'sm_90' if backend == 'cuda' else 'gfx90a'!r}"
                    )
                return self._gpu_entry(_gpu_compiler.target(backend, arch), int(dim), types, bool(cooperative))
            device = as_device(device)
            if device.backend in _gpu_compiler.GPU_BACKENDS:  # a GPU device: its own architecture unless arch= says
                return self._gpu_entry(
                    _gpu_compiler.target(device.backend, arch or device.arch), int(dim), types, bool(cooperative)
                )
            if arch is not None:
                raise ValueError(f"arch= applies to the GPU back-ends, not to {device.backend!r}")
            return self._entry(device.backend, int(dim), types, bool(cooperative), bool(no_alias))
        except (CompileError, TypeError) as error:
            if isinstance(error, CompileError) or _signature.is_argument_error(error):
                raise _user_facing(error) from None
            raise

    def _type_of(self, index: int, sample: Any) -> str:
        """The C++ type of an argument given as its name or a sample value (a struct value: its struct's name)."""
        if isinstance(sample, str):
            return sample.strip()
        try:
            name = _structs.struct_name(sample, self._structs)
        except TypeError as error:
            raise TypeError(f"argument {index + 1} of {self.name}: {error}") from None
        return name if name is not None else _core.jit_argument_types(sample)[0]

    def _compile_for_launch(
        self,
        backend: str,
        dim: int,
        arg_types: tuple[str, ...],
        arch: str = "",
        cooperative: bool = False,
        no_alias: bool = False,
    ) -> str:
        """The cache entry the launcher loads: a shared library for a CPU back-end, for a GPU device (``arch``
        set, e.g. "sm_90") a module compiled by the run-time compiler for that architecture."""
        try:
            if arch:
                gpu = _gpu_compiler.target(backend, arch)
                return str(self._gpu_entry(gpu, dim, tuple(arg_types), cooperative).path)
            return str(self._entry(backend, dim, tuple(arg_types), cooperative, no_alias).path)
        except (CompileError, TypeError) as error:
            if isinstance(error, CompileError) or _signature.is_argument_error(error):
                raise _user_facing(error) from None
            raise

    def _key_fields(
        self, dim: int, arg_types: tuple[str, ...], cooperative: bool, no_alias: bool = False
    ) -> dict[str, Any]:
        """What every cache key holds besides the target and its compiler."""
        fields = {
            "library": _cache.library_digest(),
            "source": self.source,
            "filename": self.filename,
            "name": self.name,
            "dim": dim,
            "idx": "std::size_t",
            "arg_types": list(arg_types),
            "options": list(self.options),
            "defines": list(self.defines),
            "include_dirs": list(self.include_dirs),
            "structs": _structs.key(self._structs),
        }
        if cooperative:  # only then: the keys of every other variant stay as they were
            fields["cooperative"] = True
        if no_alias:
            fields["no_alias"] = True
        if self.fp_contract != "fast":  # the compilers' default: the keys of default kernels stay as they were
            fields["fp_contract"] = self.fp_contract
        return fields

    def _contract_options(self, backend: str) -> tuple[str, ...]:
        if self.fp_contract == "fast":
            return ()
        return (_FP_CONTRACT_OFF_NVRTC if backend == "cuda" else _FP_CONTRACT_OFF,)

    def _request(
        self, backend: str, dim: int, arg_types: tuple[str, ...], cooperative: bool = False, no_alias: bool = False
    ) -> _compiler.Request:
        return _compiler.Request(
            backend,
            self.source,
            self.filename,
            self.name,
            dim,
            arg_types,
            (*self._contract_options(backend), *self.options),
            self.defines,
            self.include_dirs,
            self._struct_checks,
            cooperative,
            no_alias,
        )

    def _cached(self, signature: tuple, key: str, build: Callable[[], tuple[Path, dict, float]]) -> CacheEntry:
        """The entry of `key` from this process's table, the disk cache, or `build`. A miss takes the entry's lock
        and looks again before building: processes and threads wanting the same new variant compile it once."""
        if signature in self._compiled:
            return self._compiled[signature]
        *target, arg_types, cooperative, no_alias = signature
        what = (
            f"kernel {self.name} for {target[0]} ({', '.join(map(str, target[1:]))}-D, "
            f"arguments ({', '.join(arg_types)}){', cooperative' if cooperative else ''}"
            f"{', no-alias' if no_alias else ''})"
        )
        traced = _core.trace_enabled()
        begin = 0
        if traced:
            begin = _core.trace_now()
            _core.nvtx_push(f"{self.name}: {what}")
        try:
            return self._cached_entry(signature, key, build, what, traced, begin)
        finally:
            if traced:
                _core.nvtx_pop()

    def _cached_entry(
        self,
        signature: tuple,
        key: str,
        build: Callable[[], tuple[Path, dict, float]],
        what: str,
        traced: bool,
        begin: int,
    ) -> CacheEntry:
        """_cached after the look into this process's table; `begin`: when a trace's span of it began."""
        path = _cache.lookup(key)
        hit, seconds = True, 0.0
        if path is None:
            with _cache.compiling(key):
                path = _cache.lookup(key, locked=True, quiet=True)  # another process may have compiled it meanwhile
                if path is None:
                    built, meta, seconds = build()
                    path = _cache.store(key, built, meta)
                    hit = False
                    _log.info("%s: compiled in %.2f s (cache miss, key %s)", what, seconds, key)
        if hit:
            _log.debug("%s: cache hit (key %s)", what, key)
        if traced:
            kind, outcome = ("cache load", "cache hit") if hit else ("compile", "cache miss")
            _core.trace_record(kind, self.name, f"{what}; {outcome}, key {key}", begin, _core.trace_now())
        entry = CacheEntry(key, path, hit, seconds)
        self._compiled[signature] = entry
        return entry

    def _check_arguments(self, backend: str, arg_types: tuple[str, ...]) -> None:
        """TypeError where the kernel cannot take arguments of these types: found in its parameter list before a
        compile where it can be read (_signature.py), else remembered from the compile that found it."""
        refusal = self._refused.get((backend, arg_types))
        if refusal is not None:
            raise _signature.argument_error(refusal)
        structs = frozenset(self.structs)
        params = _signature.parameters(self.source, self.name, structs)
        if params is not None:
            _signature.check(self.name, params, arg_types, structs)

    def _build(self, backend: str, arg_types: tuple[str, ...], build: Callable[[], tuple[Path, dict, float]]):
        """`build()`, where a CompileError that is the library's report of an argument the kernel cannot take (by
        position, with both types) becomes that TypeError, remembered for the next launch of these types."""
        try:
            return build()
        except CompileError as error:
            refusal = _signature.from_compiler(self.name, error.log, frozenset(self.structs))
            if refusal is None:
                raise
            self._refused[(backend, arg_types)] = str(refusal)
            refusal.log = error.log  # the compiler's output, for whoever wants it
        raise refusal

    def _entry(
        self, backend: str, dim: int, arg_types: tuple[str, ...], cooperative: bool = False, no_alias: bool = False
    ) -> CacheEntry:
        self._check_arguments(backend, arg_types)
        # As the launcher decides (JitLauncher.cpp, pointersApart): `__restrict` changes nothing for fewer than two
        # pointers (one variant, one cache entry), and a struct argument's fields may hold pointers of their own.
        structs = {name for name, _, _ in self._structs}
        no_alias = no_alias and sum("*" in t for t in arg_types) >= 2 and not structs.intersection(arg_types)
        with self._lock:
            toolchain = host_toolchain(backend)
            key = _cache.make_key(
                {
                    **self._key_fields(dim, arg_types, cooperative, no_alias),
                    "backend": backend,
                    "compiler": toolchain.identity,
                    "flags": list(toolchain.flags),
                    "definitions": list(toolchain.definitions),
                    "libs": list(toolchain.libs),
                    "target": "host",
                }
            )
            request = self._request(backend, dim, arg_types, cooperative, no_alias)
            return self._cached(
                (backend, dim, arg_types, cooperative, no_alias),
                key,
                lambda: self._build(backend, arg_types, lambda: _compiler.compile_library(request, toolchain)),
            )

    def _gpu_entry(
        self, gpu: _gpu_compiler.GpuTarget, dim: int, arg_types: tuple[str, ...], cooperative: bool = False
    ) -> CacheEntry:
        self._check_arguments(gpu.backend, arg_types)
        with self._lock:
            key = _cache.make_key(
                {
                    **self._key_fields(dim, arg_types, cooperative),
                    # The emulated GPU's module is the same whichever back-end it stands for: one entry for both.
                    "backend": _emulated.ARCH if gpu.emulated else gpu.backend,
                    "compiler": gpu.identity,
                    "flags": gpu.options(),
                    "target": gpu.arch,
                }
            )
            request = self._request(gpu.backend, dim, arg_types, cooperative)
            return self._cached(
                (gpu.backend, gpu.arch, dim, arg_types, cooperative, False),
                key,
                lambda: self._build(gpu.backend, arg_types, lambda: _gpu_compiler.compile_module(request, gpu)),
            )

    @property
    def loaded_variants(self) -> int:
        """How many (back-end, dim, argument types) variants this process has loaded."""
        return self.loaded_count

    def __repr__(self) -> str:
        structs = f", structs={self.structs!r}" if self.structs else ""
        return f"Kernel({self.name!r}, filename={self.filename!r}{structs})"


def _user_facing(error: Exception) -> Exception:
    """`error` with its traceback cut at the caller of the compile (the package's frames between it and the compiler
    say nothing to a kernel's author, and the message holds everything)."""
    return error.with_traceback(None)


def max_active_blocks(
    kernel: Kernel,
    device: Device | str,
    block_threads: int | Sequence[int],
    thread_elems: int | Sequence[int],
    *args: Any,
) -> int:
    """How many blocks of ``block_threads`` threads, each with ``thread_elems`` elements, a cooperative launch of
    ``kernel`` with these arguments may have on ``device``: all of them must run at the same time (alpaka's
    ``getMaxActiveBlocks``). 0 when such a block cannot run on the device at all.

    A CPU device answers with its back-end's limit (the OpenMP team size for ``cpu_omp2_blocks``, 1 where blocks run one
    after another); a GPU asks the driver's occupancy calculator for the compiled kernel. The cooperative variant of the
    kernel is compiled (or taken from the cache) for the arguments, as the launch ``kernel(queue, workdiv, *args,
    cooperative=True)`` would."""
    if not isinstance(kernel, Kernel):
        raise TypeError(
            "max_active_blocks takes a pyalpaka.Kernel (run-time compiled kernels are the ones launched "
            f"with cooperative=True), got {type(kernel).__name__}"
        )
    return kernel._max_active_blocks(as_device(device), block_threads, thread_elems, *args)
