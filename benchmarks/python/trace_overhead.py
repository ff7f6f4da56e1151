# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""What tracing costs a launch from Python: the same launches with tracing off and on, in one run.

    build/venv/bin/python benchmarks/python/trace_overhead.py [--launches N] [--repeats R]

Rows: a cached run-time compiled kernel (pk.Kernel) and a shipped one (pk.kernels.fill) on a blocking cpu_serial
queue, and the shipped one on a non-blocking queue (enqueue only; the queue is drained outside the timing). With
tracing on, each launch is one recorded operation on a blocking queue, two (the submission and the run) on a
non-blocking one; the cost per recorded operation is the difference divided by that. Target (docs/profiling.md):
off costs nothing measurable, on at most 1 µs per recorded operation.
"""  # fmt: skip

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

KERNEL = r"""
struct Axpy
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float* x, float* y, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] += a * x[i];
    }
};
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--launches", type=int, default=50_000)
    args = parser.parse_args()
    os.environ.setdefault("PYALPAKA_CACHE_DIR", tempfile.mkdtemp(prefix="pyalpaka-bench-"))

    import numpy as np

    import pyalpaka as pk

    dev = pk.device("cpu_serial")
    blocking, nonblocking = pk.Queue(dev, blocking=True), pk.Queue(dev, blocking=False)
    x, y = np.ones(4, np.float32), np.zeros(4, np.float32)
    xb = pk.asarray(x, device=dev)
    kernel = pk.Kernel(KERNEL, "Axpy")
    wd = pk.WorkDiv(1)
    a, n = np.float32(2), np.uint64(1)
    fill = pk.kernels.fill
    kernel(blocking, wd, a, x, y, n)  # compiled before the timing

    def per_launch(call, queue) -> float:
        count = args.launches // args.repeats
        samples = []
        for _ in range(args.repeats):
            queue.wait()
            start = time.perf_counter()
            for _ in range(count):
                call()
            samples.append((time.perf_counter() - start) / count)
            queue.wait()
        return statistics.median(samples) * 1e6

    cases = [
        ("pk.Kernel, blocking queue (NumPy scalars)", lambda: kernel(blocking, wd, a, x, y, n), blocking, 1),
        ("pk.Kernel, blocking queue (Python numbers)", lambda: kernel(blocking, wd, 2.0, x, y, 1), blocking, 1),
        ("pk.kernels.fill, blocking queue", lambda: fill(blocking, wd, xb, 2.0, 1), blocking, 1),
        ("pk.kernels.fill, non-blocking queue", lambda: fill(nonblocking, wd, xb, 2.0, 1), nonblocking, 2),
    ]
    print("| launch | off µs | on µs | per recorded operation µs | target |")
    print("|---|---|---|---|---|")
    for name, call, queue, records in cases:
        for _ in range(1000):
            call()
        off = per_launch(call, queue)
        with pk.trace():
            on = per_launch(call, queue)
        off_again = per_launch(call, queue)
        off = min(off, off_again)
        print(f"| {name} | {off:.2f} | {on:.2f} | {(on - off) / records:.2f} | <= 1 |")
    print(f"\nload average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
