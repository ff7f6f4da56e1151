# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Memory from Python, next to the peers (benchmarks/RESULTS.md; the GPU part is run by scripts/gpu-validate.sh):

1. churn: --iterations times "make a 1 MiB output, launch axpy into it, drop it" (pk.empty, then the shipped
   pk.kernels.axpy with the work division pk.valid_workdiv gives, on a non-blocking queue; one wait at the end), with
   the device's pool caching (the GPU default), without (PYALPAKA_MEMORY_POOL=0's behaviour), and queue-ordered
   (pk.empty(..., queue=q)). The peer: CuPy (cupy.empty from its default pool, the same axpy as a RawKernel) on a
   GPU, NumPy (np.empty and the axpy as two ufuncs with out=) on a CPU device. µs per iteration, median of --reps;
   the ratio is pyalpaka's time over the peer's (below 1: pyalpaka is faster), the notes give the speed ratio.
2. pinned copy (GPU only): host-to-device copy of --copy-mib MiB from pageable memory (a NumPy array) and from pinned
   memory (pk.pinned), next to CuPy's ndarray.set from a NumPy array and from cupyx.empty_pinned; GB/s.

Every variant's result is checked once before timing.

    python benchmarks/python/memory.py [--backend cuda] [--iterations 10000] [--reps 5] [--copy-mib 256] [--csv FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

import pyalpaka as pk

from rows import Row, print_table, write_csv
from settle import settle

CUPY_AXPY = r"""
extern "C" __global__ void axpy(float a, float const* x, float* y, unsigned long long n)
{
    for(unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = a * x[i] + y[i];
}
"""


def median_us(run, reps: int, iterations: int) -> tuple[float, float]:
    """Median and best µs per iteration of run() (which does `iterations` iterations and waits)."""
    samples = []
    for _ in range(reps):
        settle()
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) / iterations * 1e6)
    return statistics.median(samples), min(samples)


def churn_rows(dev: pk.Device, args: argparse.Namespace) -> list[Row]:
    n = (1 << 20) // 4  # 1 MiB of float32
    q = pk.Queue(dev, blocking=False)
    x = pk.asarray(np.arange(n, dtype=np.float32), device=dev, queue=q)
    wd = pk.valid_workdiv(dev, n)
    a, count = np.float32(2), np.uint64(n)
    pool = pk.memory_pool(dev)
    caching = pool.caching

    # Checked once: a zeroed output becomes 2x.
    out = pk.zeros(dev, n, np.float32, queue=q)
    pk.kernels.axpy(q, wd, a, x, out, count)
    np.testing.assert_array_equal(out.to_numpy(q), 2 * np.arange(n, dtype=np.float32))
    del out

    def pyalpaka_loop(ordered: bool):
        def run():
            for _ in range(args.iterations):
                out = pk.empty(dev, n, np.float32, queue=q) if ordered else pk.empty(dev, n, np.float32)
                pk.kernels.axpy(q, wd, a, x, out, count)
                del out
            q.wait()

        return run

    rows = []
    results = {}
    for name, cache, ordered in (
        ("pk.empty, pool caching", True, False),
        ("pk.empty(queue=q), pool caching", True, True),
        ("pk.empty, no caching", False, False),
    ):
        pool.caching = cache
        pyalpaka_loop(ordered)()  # warm: the pool holds the working set
        results[name] = median_us(pyalpaka_loop(ordered), args.reps, args.iterations)
    pool.caching = caching

    if dev.is_host:
        xn = np.asarray(x)

        def peer():
            for _ in range(args.iterations):
                out = np.empty(n, np.float32)
                np.multiply(xn, a, out=out)
                np.add(out, out, out=out)
                del out

        peer_name = "NumPy np.empty + 2 ufuncs"
    else:
        import cupy

        xc = cupy.arange(n, dtype=cupy.float32)
        raw = cupy.RawKernel(CUPY_AXPY, "axpy")
        grid, block = (wd.grid_blocks[0],), (wd.block_threads[0],)
        check = cupy.zeros(n, cupy.float32)
        raw(grid, block, (a, xc, check, count))
        np.testing.assert_array_equal(cupy.asnumpy(check), 2 * np.arange(n, dtype=np.float32))

        def peer():
            for _ in range(args.iterations):
                out = cupy.empty(n, cupy.float32)
                raw(grid, block, (a, xc, out, count))
                del out
            cupy.cuda.runtime.deviceSynchronize()

        peer_name = "CuPy cupy.empty (default pool) + RawKernel"
    peer()
    peer_us, peer_best = median_us(peer, args.reps, args.iterations)
    for name, (value, best) in results.items():
        rows.append(
            Row(
                "churn: 1 MiB output, axpy, drop (µs per iteration; ratio = pyalpaka's time / the peer's)",
                str(dev),
                name,
                value,
                best,
                peer=peer_name,
                peer_value=peer_us,
                target="time <= 1.0x (speed >= 1.0x)" if name == "pk.empty, pool caching" else "",
                notes=f"speed {peer_us / value:.2f}x the peer's",
            )
        )
    rows.append(Row("churn: peer", str(dev), peer_name, peer_us, peer_best))
    return rows


def pinned_rows(dev: pk.Device, args: argparse.Namespace) -> list[Row]:
    import cupy
    import cupyx

    n = args.copy_mib * (1 << 20) // 4
    q = pk.Queue(dev, blocking=False)
    d = pk.empty(dev, n, np.float32)
    pageable = np.random.default_rng(1).random(n, dtype=np.float32)
    pinned = pk.pinned(n, np.float32, device=dev)
    assert pinned.is_pinned
    np.asarray(pinned)[...] = pageable
    dc = cupy.empty(n, cupy.float32)
    pinned_c = cupyx.empty_pinned(n, np.float32)
    pinned_c[...] = pageable

    def copy_from(src):
        def run():
            pk.memcpy(q, d, src)
            q.wait()

        return run

    def cupy_from(src):
        def run():
            dc.set(src)
            cupy.cuda.runtime.deviceSynchronize()

        return run

    rows = []
    bytes_ = 4 * n
    measured = {}
    for name, run in (
        ("pyalpaka, pageable (NumPy array)", copy_from(pageable)),
        ("pyalpaka, pinned (pk.pinned)", copy_from(pinned)),
        ("CuPy set(), pageable", cupy_from(pageable)),
        ("CuPy set(), pinned (cupyx.empty_pinned)", cupy_from(pinned_c)),
    ):
        run()
        samples = []
        for _ in range(args.reps):
            start = time.perf_counter()
            run()
            samples.append(bytes_ / (time.perf_counter() - start) / 1e9)
        measured[name] = (statistics.median(samples), max(samples))
    np.testing.assert_array_equal(d.to_numpy(q)[:1000], pageable[:1000])
    section = f"host-to-device copy of {args.copy_mib} MiB (GB/s; ratio = pyalpaka / CuPy)"
    for ours, theirs, target in (
        ("pyalpaka, pageable (NumPy array)", "CuPy set(), pageable", ""),
        ("pyalpaka, pinned (pk.pinned)", "CuPy set(), pinned (cupyx.empty_pinned)", ">= 0.95x"),
    ):
        value, best = measured[ours]
        rows.append(
            Row(section, str(dev), ours, value, best, peer=theirs, peer_value=measured[theirs][0], target=target)
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", default=None, help="default: cuda where available, else the best CPU back-end")
    parser.add_argument("--iterations", type=int, default=10000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--copy-mib", type=int, default=256)
    parser.add_argument("--csv", default=None)
    args = parser.parse_args()
    available = {b.name for b in pk.backends() if b.available}
    backend = args.backend or ("cuda" if "cuda" in available else "cpu")
    dev = pk.device(backend)
    rows = churn_rows(dev, args)
    if dev.is_host:
        print("pinned copy: skipped (a CPU device: pk.pinned is plain host memory there)")
    else:
        rows += pinned_rows(dev, args)
    print(f"{dev}: {args.iterations} iterations, median of {args.reps}")
    print_table(rows)
    if args.csv:
        write_csv(args.csv, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
