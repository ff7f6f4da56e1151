# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Run-time compilation (pyalpaka.Kernel): what it costs.

1. cold compile of a small kernel (axpy) with the library's precompiled header already built (target <= 0.6 s on
   a 2-core machine), and the one-off precompiled header;
2. cache hits in a fresh process: from Kernel(...) to a loaded, launched entry, with no compiler process (target
   <= 1 ms per kernel; the first kernel of a process also pays for reading the build configuration once);
3. the Python launch overhead of a cached kernel on a blocking cpu_serial queue, next to the ahead-of-time
   pk.kernels.fill launched the same way (target <= 3 µs).

Everything runs in a temporary cache directory.

    python benchmarks/python/jit.py [--repeats 5] [--launches 100000] [--csv FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

from rows import Row, write_csv

KERNEL = r"""
struct Axpy{index}
{{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const
    {{
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }}
}};
"""

FRESH_PROCESS = textwrap.dedent(
    """
    import sys, time, numpy as np
    import pyalpaka as pk
    from pyalpaka import _compiler
    dev = pk.device("cpu_serial")
    q = pk.Queue(dev, blocking=True)
    x = np.ones(4, np.float32); y = np.zeros(4, np.float32)
    times = []
    for source, name in zip(sys.argv[1::2], sys.argv[2::2]):
        start = time.perf_counter()
        kernel = pk.Kernel(source, name)
        kernel(q, pk.WorkDiv(1), np.float32(2), x, y, np.uint64(4))
        times.append(time.perf_counter() - start)
    print(times[0], times[1], _compiler.compiler_runs)
    """
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--launches", type=int, default=100_000)
    parser.add_argument("--csv", help="also write the rows as CSV (benchmarks/report.py reads it)")
    args = parser.parse_args()
    os.environ["PYALPAKA_CACHE_DIR"] = tempfile.mkdtemp(prefix="pyalpaka-bench-")

    import numpy as np

    import pyalpaka as pk
    from pyalpaka import _compiler, _pch
    from pyalpaka._buildconfig import host_toolchain

    dev = pk.device("cpu_serial")
    q = pk.Queue(dev, blocking=True)
    x = np.ones(4, np.float32)
    y = np.zeros(4, np.float32)

    start = time.perf_counter()
    toolchain = host_toolchain("cpu_serial")
    pch = _pch.precompiled_header(toolchain, _compiler._base_command(toolchain), _compiler._run)
    pch_seconds = time.perf_counter() - start

    cold = []
    for index in range(args.repeats):
        entry = pk.Kernel(KERNEL.format(index=index), f"Axpy{index}").compile(
            dev, 1, ["float", "float*", "float*", "std::uint64_t"], no_alias=True
        )  # what the launches below pass (separate arrays: the no-alias variant)
        cold.append(entry.compile_seconds)

    first_hits, next_hits = [], []
    for index in range(args.repeats):
        other = (index + 1) % args.repeats
        out = subprocess.run(
            [
                sys.executable,
                "-c",
                FRESH_PROCESS,
                KERNEL.format(index=index),
                f"Axpy{index}",
                KERNEL.format(index=other),
                f"Axpy{other}",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        assert out[2] == "0", "a cache hit started the compiler"
        first_hits.append(float(out[0]))
        next_hits.append(float(out[1]))

    kernel = pk.Kernel(KERNEL.format(index=0), "Axpy0")
    wd = pk.WorkDiv(1)
    a, n = np.float32(2), np.uint64(1)
    fill = pk.kernels.fill
    xb = pk.asarray(x, device=dev)

    def per_launch(call) -> float:
        for _ in range(1000):
            call()
        samples = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            for _ in range(args.launches // args.repeats):
                call()
            samples.append((time.perf_counter() - start) / (args.launches // args.repeats))
        return statistics.median(samples) * 1e6

    jit_us = per_launch(lambda: kernel(q, wd, a, x, y, n))
    aot_us = per_launch(lambda: fill(q, wd, xb, a, 1))

    print("| measurement | value | target |")
    print("|---|---|---|")
    print(f"| precompiled header of the library (once per toolchain) | {pch_seconds:.2f} s | |")
    print(f"| cold compile of axpy, median of {len(cold)} | {statistics.median(cold):.2f} s | <= 0.6 s |")
    print(
        f"| cache hit in a fresh process, first kernel (with the process's one-off set-up), median | "
        f"{statistics.median(first_hits) * 1e3:.2f} ms | |"
    )
    print(
        f"| cache hit in a fresh process, each further kernel (construct, look up, load, launch), median | "
        f"{statistics.median(next_hits) * 1e3:.2f} ms | <= 1 ms |"
    )
    print(f"| launch of a cached JIT kernel, blocking cpu_serial queue | {jit_us:.2f} µs | <= 3 µs |")
    print(f"| launch of pk.kernels.fill (ahead of time), same queue | {aot_us:.2f} µs | |")
    print(f"\nload average {os.getloadavg()[0]:.2f}; precompiled header: {pch}")
    if args.csv:
        write_csv(args.csv, jit_rows(pch_seconds, cold, first_hits, next_hits, jit_us, aot_us))
    return 0


def jit_rows(pch_seconds, cold, first_hits, next_hits, jit_us, aot_us) -> list:
    """The table above as rows for benchmarks/report.py, with the targets judged."""

    def row(metric, value, best, target=None, notes=""):
        status = "" if target is None else ("met" if value <= target else "missed")
        return Row(
            "python jit",
            "pyalpaka",
            metric,
            value,
            best,
            compare="difference",
            target="" if target is None else f"<= {target:g}",
            status=status,
            notes=notes,
        )

    return [
        row("precompiled header of the library, s", pch_seconds, pch_seconds, notes="once per toolchain"),
        row("cold compile of axpy, s", statistics.median(cold), min(cold), 0.6),
        row(
            "cache hit in a fresh process, first kernel, ms",
            statistics.median(first_hits) * 1e3,
            min(first_hits) * 1e3,
            notes="includes the process's one-off set-up",
        ),
        row(
            "cache hit in a fresh process, further kernel, ms",
            statistics.median(next_hits) * 1e3,
            min(next_hits) * 1e3,
            1.0,
            notes="construct, look up, load, launch",
        ),
        row("launch of a cached JIT kernel, us", jit_us, jit_us, 3.0, notes="blocking cpu_serial queue"),
        row("launch of pk.kernels.fill (AOT), us", aot_us, aot_us, 3.0, notes="blocking cpu_serial queue"),
    ]


if __name__ == "__main__":
    sys.exit(main())
