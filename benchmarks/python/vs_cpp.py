# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""What launching from Python costs: pyalpaka's shipped kernels next to the same kernels launched from C++.

1. triad (a = b + s*c, float64, 2^25 elements by default) on cpu_omp2_blocks, same work division on both sides:
   bandwidth from Python / bandwidth from C++ (target >= 0.9);
2. a tiny kernel (fill of one element) on a blocking cpu_serial queue: µs per launch from Python minus from C++
   (target <= 5 µs).

The C++ side is benchmarks/cpp's ``python_peer`` (built by benchmarks/run.sh or by this script into build/bench).
Rounds alternate C++ and Python so that a slow phase of a shared machine hits both; medians are reported.

    python benchmarks/python/vs_cpp.py [--n 33554432] [--rounds 5] [--reps 4] [--launches 100000] [--peer PATH]
                                       [--csv FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import pyalpaka as pk

from rows import Row, write_csv

ROOT = Path(__file__).resolve().parents[2]


def build_peer(build_dir: Path) -> Path:
    """Configures and builds benchmarks/cpp's python_peer (Release) and returns its path."""
    subprocess.run(
        [
            "cmake",
            "-S",
            str(ROOT / "benchmarks" / "cpp"),
            "-B",
            str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON",
            "-Dalpaka_ACC_CPU_B_OMP2_T_SEQ_ENABLE=ON",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run(
        ["cmake", "--build", str(build_dir), "--target", "python_peer", "--parallel"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return build_dir / "python_peer"


def triad_workdiv(n: int) -> pk.WorkDiv:
    """The work division python_peer uses: 4 blocks per hardware thread, contiguous runs of elements."""
    blocks = 4 * (os.cpu_count() or 1)
    return pk.WorkDiv(grid_blocks=blocks, block_threads=1, thread_elems=-(-n // blocks))


def python_triad(n: int, reps: int) -> list[float]:
    """Like python_peer: fresh arrays each round (where the pages land varies from one allocation to the next)."""
    dev = pk.device("cpu_omp2_blocks")
    q = pk.Queue(dev, blocking=True)
    wd = triad_workdiv(n)
    a, b, c = (pk.empty(dev, n, np.float64) for _ in range(3))
    for buf, value in ((a, 0.0), (b, 1.0), (c, 2.0)):
        pk.kernels.fill(q, wd, buf, value, n)  # first touch by the back-end's threads
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        pk.kernels.triad(q, wd, a, b, c, 0.4, n)
        times.append(time.perf_counter() - start)
    assert np.asarray(a)[-1] == 1.0 + 0.4 * 2.0
    return times


def python_launch(count: int) -> float:
    dev = pk.device("cpu_serial")
    q = pk.Queue(dev, blocking=True)
    x = pk.empty(dev, 1, np.float32)
    wd = pk.WorkDiv(1, 1, 1)
    fill = pk.kernels.fill
    value = np.float32(1.0)
    for _ in range(1000):
        fill(q, wd, x, value, 1)
    start = time.perf_counter()
    for _ in range(count):
        fill(q, wd, x, value, 1)
    return (time.perf_counter() - start) / count * 1e9


def run_peer(peer: Path, *args: object) -> list[float]:
    out = subprocess.run([str(peer), *map(str, args)], check=True, capture_output=True, text=True).stdout
    return [float(line) for line in out.split()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=1 << 25, help="triad elements (default 2^25)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--reps", type=int, default=4, help="triad runs per round and side (default 4)")
    parser.add_argument("--launches", type=int, default=100_000, help="tiny launches per round and side")
    parser.add_argument("--peer", type=Path, help="a built python_peer (default: build it in build/bench-peer)")
    parser.add_argument("--csv", help="also write the rows as CSV (benchmarks/report.py reads it)")
    args = parser.parse_args()

    peer = args.peer or build_peer(ROOT / "build" / "bench-peer")
    cpp_triad, py_triad, cpp_launch, py_launch = [], [], [], []
    for round_index in range(args.rounds):
        print(f"round {round_index + 1}/{args.rounds}", file=sys.stderr)
        # The C++ peer allocates and first-touches its arrays per process: its first run is dropped like ours.
        cpp_triad += run_peer(peer, "triad", args.n, args.reps + 1)[1:]
        time.sleep(0.05)
        py_triad += python_triad(args.n, args.reps + 1)[1:]
        time.sleep(0.05)
        cpp_launch += run_peer(peer, "launch", args.launches)
        py_launch.append(python_launch(args.launches))

    bytes_moved = 3 * 8 * args.n
    gbs = lambda seconds: bytes_moved / statistics.median(seconds) / 1e9  # noqa: E731
    cpp_gbs, py_gbs = gbs(cpp_triad), gbs(py_triad)
    cpp_ns, py_ns = statistics.median(cpp_launch), statistics.median(py_launch)
    load = os.getloadavg()[0]
    print("\n| measurement | C++ | Python | Python vs C++ | target |")
    print("|---|---|---|---|---|")
    print(
        f"| triad, cpu_omp2_blocks, {args.n} float64 | {cpp_gbs:.2f} GB/s | {py_gbs:.2f} GB/s "
        f"| {py_gbs / cpp_gbs:.3f}x | >= 0.9x |"
    )
    print(
        f"| launch of a 1-element fill, blocking cpu_serial queue | {cpp_ns / 1000:.2f} µs | {py_ns / 1000:.2f} µs "
        f"| +{(py_ns - cpp_ns) / 1000:.2f} µs | <= +5 µs |"
    )
    print(
        f"\nmedians of {len(cpp_triad)} triads and {len(cpp_launch)} launch batches per side; load average {load:.2f}"
    )
    if args.csv:
        ratio = py_gbs / cpp_gbs
        difference = (py_ns - cpp_ns) / 1000
        write_csv(
            args.csv,
            [
                Row(
                    "python vs C++",
                    "pk.kernels.triad from Python",
                    "triad GB/s",
                    py_gbs,
                    bytes_moved / min(py_triad) / 1e9,
                    "same kernel launched from C++",
                    cpp_gbs,
                    target=">= 0.9x",
                    status="met" if ratio >= 0.9 else "missed",
                    notes=f"cpu_omp2_blocks, {args.n} float64",
                ),
                Row(
                    "python vs C++",
                    "pk.kernels.fill from Python",
                    "launch us",
                    py_ns / 1000,
                    min(py_launch) / 1000,
                    "same kernel launched from C++",
                    cpp_ns / 1000,
                    compare="difference",
                    target="<= +5 us",
                    status="met" if difference <= 5 else "missed",
                    notes="1 element, blocking cpu_serial queue",
                ),
            ],
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
