# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Command line of pyalpaka.

    python -m pyalpaka info                      back-ends (available or why not), devices, versions, the cache
    python -m pyalpaka cache [info]              the kernel cache's directory, entries, size and size cap
    python -m pyalpaka cache clear               removes every cached kernel
    python -m pyalpaka cache precompile FILE... --kernel NAME --signature "float*, float const*, std::int64_t"
                       [--backend B ...] [--arch ARCH] [--dim D] [-j JOBS] [--aliasing]
                                                 compiles kernels ahead of their first launch, in parallel
                                                 (--backend cuda --arch sm_90: for a GPU, without one)
    python -m pyalpaka trace-html TRACE.json [PAGE.html]
                                                 a trace (pyalpaka.trace) as one self-contained HTML page
"""  # fmt: skip  # the formatter would dedent the usage lines

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import logging
import os
import platform
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import numpy as np

from . import (
    Kernel,
    MemoryPool,
    __version__,
    _core,
    _emulated,
    _rtc,
    _tbb,
    backends,
    cache,
    devices,
    get_include,
    kernels,
    memory_pool,
)
from ._buildconfig import host_toolchain
from ._gpu_compiler import GPU_BACKENDS
from ._progress import is_terminal
from ._trace_html import trace_html


def _info() -> int:
    print(
        f"pyalpaka {__version__} (alpaka {_core.alpaka_version}), Python {platform.python_version()}, "
        f"NumPy {np.__version__}"
    )
    print(f"headers: {get_include()}")
    print("back-ends:")
    for backend in backends():
        if not backend.available:
            print(f"  {backend.name:<17} unavailable: {backend.reason}")
            continue
        for dev in devices(backend.name):
            gib = dev.memory_bytes / 2**30
            arch = f", {dev.arch}" if dev.arch else ""
            print(f"  {backend.name:<17} {dev.accelerator:<18} {dev} {dev.name} ({gib:.1f} GiB{arch})")
            print(f"  {'':<17} memory pool: {_describe_pool(memory_pool(dev))}")
    print(f"shipped kernels: {', '.join(kernels.names())}")
    if _tbb.built_with_wheel():
        try:
            print(
                f"oneTBB: the tbb wheel's {_tbb.library()}, headers for run-time compilation: "
                f"{_tbb.include_dir() or 'missing (pip install tbb-devel)'}"
            )
        except ImportError as error:
            print(f"oneTBB: {error}")
    try:
        print(f"run-time compilation: {host_toolchain('cpu_serial').identity}")
    except _core.Error as error:
        print(f"run-time compilation: unavailable ({error})")
    for backend, loader in (("cuda", _rtc.nvrtc), ("hip", _rtc.hiprtc)):
        if os.environ.get("PYALPAKA_GPU_EMULATOR") == backend:
            print(f"run-time compilation for {backend}: the host compiler, for the emulated GPU ({_emulated.ENGINE})")
            continue
        try:
            print(f"run-time compilation for {backend}: {loader().identity} ({loader().path})")
        except _core.Error as error:
            print(f"run-time compilation for {backend}: unavailable ({error})")
    _cache_info()
    return 0


def _mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def _describe_pool(pool: MemoryPool) -> str:
    """'caching, 0.0 MiB used, 0.0 MiB held, no limit (PYALPAKA_MEMORY_POOL)'."""
    limit = "no limit" if pool.limit is None else f"limit {_mib(pool.limit)}"
    caching = "caching" if pool.caching else "not caching"
    return f"{caching}, {_mib(pool.used_bytes)} used, {_mib(pool.held_bytes)} held, {limit} (PYALPAKA_MEMORY_POOL)"


def _cache_info() -> int:
    info = cache.info()
    print(
        f"kernel cache: {info['directory']} ({info['entries']} entries, {info['bytes'] / 2**20:.1f} MiB of a "
        f"{info['max_bytes'] / 2**20:.0f} MiB cap, PYALPAKA_CACHE_MAX_BYTES)"
    )
    print(
        f"precompiled headers: {info['pch_directory']} ({info['pch_headers']}, {info['pch_bytes'] / 2**20:.1f} MiB; "
        "one per CPU back-end and toolchain, counted against the cap)"
    )
    return 0


def _progress(done: int, total: int, line: str) -> None:
    """A finished variant: on a terminal, its line above a redrawn bar; elsewhere (a log) a plain numbered line."""
    if not is_terminal():
        print(f"[{done}/{total}] {line}", file=sys.stderr, flush=True)
        return
    width = 30
    filled = width * done // max(total, 1)
    print(
        f"\r\033[K{line}\n[{'#' * filled}{'.' * (width - filled)}] {done}/{total}",
        end="" if done < total else "\n",
        file=sys.stderr,
        flush=True,
    )


def _struct_option(option: str) -> tuple[str, np.dtype]:
    """A --struct NAME=SPEC option: SPEC is ``module:attribute`` (a NumPy dtype, or what np.dtype accepts, of the
    user's code), a JSON list of [field, format] or [field, format, shape] entries, or a JSON object that np.dtype
    accepts ({"names": [...], "formats": [...], "aligned": true}). ValueError naming the option otherwise."""
    name, equals, spec = option.partition("=")
    if not equals or not name.strip() or not spec.strip():
        raise ValueError(
            f"--struct {option!r}: expected NAME=SPEC, e.g. Params=mymodule:PARAMS_DTYPE or "
            'Params=\'[["dt", "f4"], ["n", "i8"]]\''
        )
    spec = spec.strip()
    try:
        if spec[0] in "[{":
            described = json.loads(spec)
            if isinstance(described, list):
                described = [tuple(field) for field in described]
        else:
            module, colon, attribute = spec.partition(":")
            if not colon:
                raise ValueError("neither JSON nor module:attribute")
            described = importlib.import_module(module)
            for part in attribute.split("."):
                described = getattr(described, part)
        dtype = np.dtype(described)
    except (ValueError, TypeError, ImportError, AttributeError) as error:
        raise ValueError(
            f"--struct {option!r}: not a NumPy structured dtype ({type(error).__name__}: {error})"
        ) from None
    if dtype.names is None:
        raise ValueError(f"--struct {option!r}: {dtype} is not a structured dtype (it has no fields)")
    return name.strip(), dtype


def _precompile(arguments: argparse.Namespace) -> int:
    available = [b.name for b in backends() if b.available]
    chosen = arguments.backend or [name for name in available if devices(name)[0].is_host]
    for name in chosen:
        if name in GPU_BACKENDS and arguments.arch is None:
            print(f"back-end {name!r} needs --arch (e.g. sm_90, gfx90a)", file=sys.stderr)
            return 2
        if name not in available and name not in GPU_BACKENDS:
            print(f"back-end {name!r} is not available here", file=sys.stderr)
            return 2
    try:
        structs = dict(_struct_option(option) for option in arguments.struct or ())
        kernels_of_files = [Kernel.from_file(path, arguments.kernel, structs=structs) for path in arguments.files]
    except (ValueError, TypeError, OSError) as error:
        print(error, file=sys.stderr)
        return 2
    # A CPU launch whose pointers do not overlap (the usual case) uses the no-alias variant; --aliasing adds the
    # plain one, which launches with overlapping pointers use.
    variants = (True, False) if arguments.aliasing else (True,)
    jobs = [
        (kernel, backend, tuple(t.strip() for t in signature.split(",") if t.strip()), no_alias)
        for kernel, backend, signature, no_alias in itertools.product(
            kernels_of_files, chosen, arguments.signature, variants
        )
        if no_alias or backend not in GPU_BACKENDS
    ]
    if not is_terminal():  # the library's progress (a precompiled header's build) as plain lines, like ours
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
        logging.getLogger("pyalpaka.jit").setLevel(logging.WARNING)  # but not a line per variant: ours say it
        logging.getLogger("pyalpaka.jit.pch").setLevel(logging.INFO)
    failures = 0
    with ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        futures = {
            pool.submit(
                kernel.compile,
                backend,
                arguments.dim,
                types,
                arch=arguments.arch if backend in GPU_BACKENDS else None,
                no_alias=no_alias,
            ): (kernel, backend, types, "" if no_alias or backend in GPU_BACKENDS else ", aliasing")
            for kernel, backend, types, no_alias in jobs
        }
        for done, future in enumerate(as_completed(futures), start=1):
            kernel, backend, types, variant = futures[future]
            try:
                entry = future.result()
                status = "cached" if entry.hit else f"compiled in {entry.compile_seconds:.2f} s"
            except (_core.Error, ValueError) as error:
                failures += 1
                status = f"FAILED\n{error}"
            _progress(
                done, len(jobs), f"{kernel.filename} {kernel.name} {backend} ({', '.join(types)}{variant}): {status}"
            )
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pyalpaka", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("info", help="back-ends, devices, versions")
    cache_parser = commands.add_parser("cache", help="the kernel cache")
    cache_commands = cache_parser.add_subparsers(dest="cache_command")
    cache_commands.add_parser("info", help="directory, entries, size")
    cache_commands.add_parser("clear", help="remove every cached kernel")
    pre = cache_commands.add_parser("precompile", help="compile kernel files ahead of their first launch")
    pre.add_argument("files", nargs="+", help="kernel source files")
    pre.add_argument("--kernel", required=True, help="the kernel's C++ type expression, e.g. Axpy")
    pre.add_argument(
        "--signature",
        action="append",
        required=True,
        help='comma-separated C++ argument types, e.g. "float, float const*, float*, std::int64_t"',
    )
    pre.add_argument(
        "--struct",
        action="append",
        metavar="NAME=SPEC",
        help="a struct the kernel takes by value, as Kernel(structs=) registers it: SPEC is "
        'module:attribute (a NumPy dtype) or JSON (\'[["dt", "f4"], ["n", "i8"]]\', '
        'or an object np.dtype accepts, with "aligned": true); NAME is then a signature type',
    )
    pre.add_argument("--backend", action="append", help="a back-end (default: every available CPU back-end)")
    pre.add_argument("--arch", help="the GPU architecture for --backend cuda/hip (sm_90, gfx90a)")
    pre.add_argument("--dim", type=int, default=1, help="work division dimensionality (default 1)")
    pre.add_argument("-j", "--jobs", type=int, default=2, help="parallel compilations (default 2)")
    pre.add_argument(
        "--aliasing",
        action="store_true",
        help="also the variant for launches whose pointer arguments overlap (CPU back-ends; by default only the "
        "no-alias variant, which launches with separate buffers use)",
    )
    page = commands.add_parser("trace-html", help="a trace (pyalpaka.trace) as one self-contained HTML page")
    page.add_argument("trace", help="the trace file (Chrome trace-event JSON)")
    page.add_argument("page", nargs="?", help="the page to write (default: the trace's name with .html)")
    arguments = parser.parse_args(argv)
    if arguments.command == "info":
        return _info()
    if arguments.command == "trace-html":
        target = arguments.page or str(Path(arguments.trace).with_suffix(".html"))
        try:
            trace_html(arguments.trace, target)
        except (OSError, ValueError) as error:  # json.JSONDecodeError is a ValueError
            print(f"python -m pyalpaka trace-html: {error}", file=sys.stderr)
            return 1
        print(f"wrote {target}")
        return 0
    if arguments.cache_command in ("info", None):
        return _cache_info()
    if arguments.cache_command == "clear":
        print(f"removed {cache.clear()} cached kernels")
        return 0
    return _precompile(arguments)


if __name__ == "__main__":
    sys.exit(main())
