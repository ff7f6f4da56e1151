# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compile time and peak memory of the headers (docs/compile-time.md): user CPU seconds and peak resident memory of one
compiler process (compile only, -O2), best of R runs, for

  (a) empty.cpp     includes <alpaka/alpaka.hpp>, nothing else;
  (b) axpy.cpp      two buffers and an axpy launch on a blocking queue (the program of the compile-time targets);
  (c) features.cpp  static shared memory, a block barrier, atomics and math functions in one launched kernel;
  (d) launches.cpp  20 kernels, each launched on a blocking and a non-blocking queue of every enabled back-end (a
                    unit shaped like a test suite's: what the launch path costs per kernel);

each with every CPU back-end alone and with all of them together, with g++ and clang++, and with alpaka.hpp in its
two forms: the full umbrella (upstream's set of standard headers, the default) and the lean one (ALPAKA_LEAN_UMBRELLA,
what the tests and run-time compilation use; docs/compile-time.md). Prints a Markdown table and
writes a CSV file. --include measures another checkout's headers with these programs (to compare two commits, run
both alternately). The precompiled header of run-time compilation and the cold compile of a kernel are measured by
benchmarks/python/jit.py.

    python benchmarks/compile_time/run.py [--repeats 5] [--compilers g++ clang++] [--csv FILE] [--programs a b c d]
        [--backends serial ... all] [--umbrella full lean] [--opt=-O2] [--include DIR]
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
INCLUDE = HERE.parents[1] / "include"
PROGRAMS = {"a": "empty.cpp", "b": "axpy.cpp", "c": "features.cpp", "d": "launches.cpp"}
#: back-end name -> (its macro, its accelerator, extra compile flags).
BACKENDS = {
    "serial": ("ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED", "AccCpuSerial", []),
    "threads": ("ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED", "AccCpuThreads", ["-pthread"]),
    "omp2_blocks": ("ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED", "AccCpuOmp2Blocks", ["-fopenmp"]),
    "omp2_threads": ("ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED", "AccCpuOmp2Threads", ["-fopenmp"]),
    "tbb_blocks": ("ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED", "AccCpuTbbBlocks", []),
    "fibers": ("ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED", "AccCpuFibers", []),
    "omp5": ("ALPAKA_ACC_ANY_BT_OMP5_ENABLED", "AccOmp5", ["-fopenmp"]),
}


def configuration(backend: str) -> tuple[list[str], list[str]]:
    """The -D options and flags of a back-end alone, or of "all" (every CPU back-end, launching on Omp2Blocks)."""
    if backend == "all":
        return (
            [*(f"-D{macro}" for macro, _, _ in BACKENDS.values()), "-DCOMPILE_TIME_ACC=AccCpuOmp2Blocks"],
            ["-fopenmp", "-pthread"],
        )
    macro, acc, flags = BACKENDS[backend]
    return [f"-D{macro}", f"-DCOMPILE_TIME_ACC={acc}"], flags


def measure(command: list[str]) -> tuple[float, float]:
    """User CPU seconds and peak resident MB of one run of `command` (its own rusage, through wait4)."""
    # The compiler's messages go to a file: a pipe read only after wait4 would block a compiler that writes more
    # than the pipe holds (a unit with errors), and the measurement would never end.
    with tempfile.TemporaryFile() as messages:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=messages)
        _, status, usage = os.wait4(process.pid, 0)
        messages.seek(0)
        stderr = messages.read().decode(errors="replace")
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{stderr}")
    return usage.ru_utime, usage.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--compilers", nargs="+", default=["g++", "clang++"])
    parser.add_argument("--programs", nargs="+", default=list(PROGRAMS), choices=list(PROGRAMS))
    parser.add_argument("--backends", nargs="+", default=[*BACKENDS, "all"], choices=[*BACKENDS, "all"])
    parser.add_argument("--umbrella", nargs="+", default=["full", "lean"], choices=["full", "lean"])
    parser.add_argument("--csv", type=Path, help="write the rows to this CSV file as well")
    parser.add_argument(
        "--opt",
        default="-O2",
        help="the optimization flags, as --opt=FLAGS (the compile-time targets "
        "are judged at -O2; the test suite builds with --opt='-O0 -g')",
    )
    parser.add_argument("--include", type=Path, default=INCLUDE, help="the include folder whose headers to measure")
    arguments = parser.parse_args()
    rows = []
    for compiler in arguments.compilers:
        if shutil.which(compiler) is None:
            print(f"{compiler}: not found, skipped", file=sys.stderr)
            continue
        for backend, umbrella in ((b, u) for b in arguments.backends for u in arguments.umbrella):
            definitions, flags = configuration(backend)
            if umbrella == "lean":
                definitions = [*definitions, "-DALPAKA_LEAN_UMBRELLA"]
            for program in arguments.programs:
                command = [
                    compiler,
                    "-std=c++20",
                    *arguments.opt.split(),
                    f"-I{arguments.include}",
                    *definitions,
                    *flags,
                    "-c",
                    str(HERE / PROGRAMS[program]),
                    "-o",
                    os.devnull,
                ]
                runs = [measure(command) for _ in range(arguments.repeats)]
                best = min(runs)
                rows.append(
                    {
                        "compiler": compiler,
                        "backend": backend,
                        "umbrella": umbrella,
                        "program": program,
                        "user_s": f"{best[0]:.2f}",
                        "peak_mb": f"{best[1]:.0f}",
                        "median_user_s": f"{sorted(r[0] for r in runs)[len(runs) // 2]:.2f}",
                    }
                )
                print(
                    f"{compiler} {backend}, {umbrella} ({program}): {best[0]:.2f} s, {best[1]:.0f} MB", file=sys.stderr
                )
    print(
        "| compiler | back-end | umbrella | (a) empty: s / MB | (b) axpy: s / MB | (c) features: s / MB "
        "| (d) launches: s / MB |"
    )
    print("|---|---|---|---|---|---|---|")
    for compiler in dict.fromkeys(r["compiler"] for r in rows):
        for backend, umbrella in dict.fromkeys(
            (r["backend"], r["umbrella"]) for r in rows if r["compiler"] == compiler
        ):
            cells = {
                r["program"]: f"{r['user_s']} / {r['peak_mb']}"
                for r in rows
                if r["compiler"] == compiler and r["backend"] == backend and r["umbrella"] == umbrella
            }
            print(f"| {compiler} | {backend} | {umbrella} | " + " | ".join(cells.get(p, "-") for p in PROGRAMS) + " |")
    if arguments.csv:
        with arguments.csv.open("w", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
