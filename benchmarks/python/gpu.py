# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The cuda back-end from Python next to CuPy, for the GPU targets (benchmarks/RESULTS.md; run by
scripts/gpu-validate.sh):

1. NVRTC cold compile of a small kernel (axpy) into an empty cache (target <= 1 s), and a cache hit in a fresh
   process (target <= 1 ms);
2. host time of one launch of a cached kernel on a non-blocking cuda queue (target <= 3 µs), next to a CuPy
   RawKernel launch of the same axpy in CUDA C++: the time the launching thread spends in a burst of --burst launches
   (fewer than the driver queues without blocking, so that the GPU's own pace stays out), the queue waited for
   outside the timing; the same for kernels of 1, 4 and 16 arguments (target: each further argument adds at most
   0.05 µs); and the sustained rate of --launches launches ending in one synchronization, which the GPU's time per
   small kernel bounds;
3. the triad a = b + s*c on 2^26 doubles through pk.kernels.triad next to CuPy's fused elementwise expression and a
   device-to-device copy (GB/s counting bytes read and written, median of --reps).

Every result is checked against NumPy before timing. Without a CUDA GPU it prints "no GPU: skipped" and exits 0.

    python benchmarks/python/gpu.py [--reps 20] [--launches 20000] [--burst 256] [--n 67108864]
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

AXPY = r"""
struct Axpy
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};
"""

CUPY_AXPY = r"""
extern "C" __global__ void axpy(float a, float const* x, float* y, unsigned long long n)
{
    for(unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        y[i] = a * x[i] + y[i];
}
"""

FRESH_PROCESS = textwrap.dedent(
    """
    import sys, time, numpy as np
    import pyalpaka as pk
    from pyalpaka import _compiler
    dev = pk.device("cuda")
    q = pk.Queue(dev)
    x = pk.zeros(dev, (4,), np.float32); y = pk.zeros(dev, (4,), np.float32)
    start = time.perf_counter()
    kernel = pk.Kernel(sys.argv[1], "Axpy")
    kernel.compile(dev, 1, ["float", "float*", "float*", "std::uint64_t"])  # the lookup alone
    looked_up = time.perf_counter()
    kernel(q, pk.WorkDiv(1, 32, 1), np.float32(2), x, y, np.uint64(4))
    q.wait()
    end = time.perf_counter()
    print(end - start, looked_up - start, end - looked_up, _compiler.compiler_runs)
    """
)


def sum_kernel(count: int, pointers: bool) -> str:
    """A kernel of `count` arguments: y, then count - 1 floats (or float pointers) it adds up."""
    terms = [f"a{i}[0]" if pointers else f"a{i}" for i in range(1, count)]
    params = ", ".join(["float* y"] + [f"float{' const*' if pointers else ''} a{i}" for i in range(1, count)])
    body = f"for(auto i : alpaka::uniformElements(acc, std::size_t{{1}})) y[i] = {' + '.join(['0.0f', *terms])};"
    return (
        f"struct Sum{count} {{ template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, {params}) const"
        f" {{ {body} }} }};"
    )


def burst_launch_us(kernel, q, wd, args, bursts: int, burst: int) -> float:
    """Median host µs per launch over `bursts` bursts of `burst` launches, the queue waited for between bursts."""
    kernel(q, wd, *args)
    q.wait()
    samples = []
    for _ in range(bursts):
        start = time.perf_counter()
        for _ in range(burst):
            kernel(q, wd, *args)
        samples.append((time.perf_counter() - start) / burst)
        q.wait()
    return statistics.median(samples) * 1e6


def per_argument_us(dev, q, bursts: int, burst: int) -> dict[str, dict[int, float]]:
    """Host µs per launch of kernels of 1, 4 and 16 arguments on a non-blocking queue `q` of `dev`, by the kind of the
    arguments after the first (a buffer): NumPy scalars, Python floats, buffers. The target: each further argument
    adds at most 0.05 µs."""
    import numpy as np

    import pyalpaka as pk

    y = pk.zeros(dev, (1,), np.float32, queue=q)
    sources = [pk.zeros(dev, (1,), np.float32, queue=q) for _ in range(15)]
    kinds = {
        "NumPy scalars": lambda i: np.float32(i),
        "Python floats": float,
        "buffers": lambda i: sources[i - 1],
    }
    wd = pk.WorkDiv(1, 1, 1)
    return {
        kind: {
            count: burst_launch_us(
                pk.Kernel(sum_kernel(count, kind == "buffers"), f"Sum{count}"),
                q,
                wd,
                (y, *(make(i) for i in range(1, count))),
                bursts,
                burst,
            )
            for count in (1, 4, 16)
        }
        for kind, make in kinds.items()
    }


def per_argument_lines(figures: dict[str, dict[int, float]]) -> list[tuple[str, str]]:
    """(what, figures) per kind of argument: the three launches and what each further argument adds."""
    return [
        (
            f"launch with 1 / 4 / 16 arguments, {kind}",
            f"{us[1]:.2f} / {us[4]:.2f} / {us[16]:.2f} µs: +{(us[16] - us[1]) / 15:.3f} µs per argument",
        )
        for kind, us in figures.items()
    ]


def median_seconds(run, reps: int) -> float:
    samples = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--launches", type=int, default=20_000)
    parser.add_argument("--burst", type=int, default=256)
    parser.add_argument("--n", type=int, default=1 << 26)
    args = parser.parse_args()
    os.environ["PYALPAKA_CACHE_DIR"] = tempfile.mkdtemp(prefix="pyalpaka-gpu-bench-")

    import numpy as np

    import pyalpaka as pk

    cuda = {b.name: b for b in pk.backends()}["cuda"]
    if not cuda.available:
        print(f"no GPU: skipped ({cuda.reason})")
        return 0
    import cupy

    dev = pk.device("cuda")
    q = pk.Queue(dev)
    rows = []

    # 1. compile and cache
    kernel = pk.Kernel(AXPY, "Axpy")
    types = ["float", "float*", "float*", "std::uint64_t"]  # what the launches below pass
    cold = kernel.compile(dev, 1, types).compile_seconds
    hit = subprocess.run([sys.executable, "-c", FRESH_PROCESS, AXPY], capture_output=True, text=True, check=True)
    hit_seconds, lookup_seconds, load_seconds, compiler_runs = hit.stdout.split()
    assert compiler_runs == "0", "a cache hit started the compiler"
    # Later kernels of the process: the second creates NVRTC's in-memory precompiled header, the third uses it.
    later = [
        pk.Kernel(AXPY.replace("Axpy", f"Axpy{i}"), f"Axpy{i}").compile(dev, 1, types).compile_seconds for i in (2, 3)
    ]
    rows.append(("NVRTC cold compile of axpy", f"{cold:.2f} s", "<= 1 s"))
    rows.append(
        (
            "NVRTC compile of a 2nd / 3rd kernel in that process (precompiled header)",
            f"{later[0]:.2f} s / {later[1]:.2f} s",
            "",
        )
    )
    rows.append(
        (
            "cache hit in a fresh process (construct, load, launch, wait)",
            f"{float(hit_seconds) * 1e3:.2f} ms",
            "<= 1 ms",
        )
    )
    rows.append(
        (
            "  of which the lookup / the module load, first launch and wait",
            f"{float(lookup_seconds) * 1e3:.2f} ms / {float(load_seconds) * 1e3:.2f} ms",
            "",
        )
    )

    # 2. launch overhead: a tiny grid, many launches, one wait
    n = 1024
    x_host = np.arange(n, dtype=np.float32)
    x, y = pk.asarray(x_host, device=dev, queue=q), pk.zeros(dev, (n,), np.float32, queue=q)
    wd = pk.WorkDiv(1, 256, 1)
    a, count = np.float32(2), np.uint64(n)
    kernel(q, wd, a, x, y, count)
    q.wait()
    np.testing.assert_allclose(y.to_numpy(q), 2 * x_host)
    xc, yc = cupy.asarray(x_host), cupy.zeros(n, dtype=cupy.float32)
    raw = cupy.RawKernel(CUPY_AXPY, "axpy")
    raw((1,), (256,), (a, xc, yc, np.uint64(n)))
    cupy.cuda.runtime.deviceSynchronize()
    np.testing.assert_allclose(cupy.asnumpy(yc), 2 * x_host)

    def pk_launches():
        for _ in range(args.launches):
            kernel(q, wd, a, x, y, count)
        q.wait()

    def cupy_launches():
        for _ in range(args.launches):
            raw((1,), (256,), (a, xc, yc, np.uint64(n)))
        cupy.cuda.runtime.deviceSynchronize()

    def burst_host_seconds(launch_one, finish) -> float:
        """Median over bursts of the host time of one launch, the synchronization outside the timing."""
        samples = []
        for _ in range(max(20, args.reps)):
            start = time.perf_counter()
            for _ in range(args.burst):
                launch_one()
            samples.append((time.perf_counter() - start) / args.burst)
            finish()
        return statistics.median(samples)

    def pk_one():
        kernel(q, wd, a, x, y, count)

    def cupy_one():
        raw((1,), (256,), (a, xc, yc, np.uint64(n)))

    pk_host = burst_host_seconds(pk_one, q.wait) * 1e6
    cupy_host = burst_host_seconds(cupy_one, cupy.cuda.runtime.deviceSynchronize) * 1e6
    rows.append(
        (
            f"launch host time, bursts of {args.burst}: cached kernel, non-blocking cuda queue",
            f"{pk_host:.2f} µs",
            "<= 3 µs",
        )
    )
    rows.append(
        (f"launch host time, bursts of {args.burst}: the same axpy, CuPy RawKernel", f"{cupy_host:.2f} µs", "(peer)")
    )
    for what, figures in per_argument_lines(per_argument_us(dev, pk.Queue(dev, blocking=False), 20, args.burst)):
        rows.append((what, figures, "<= +0.05 µs per argument"))
    reps = max(3, args.reps // 4)
    pk_us = median_seconds(pk_launches, reps) / args.launches * 1e6
    cupy_us = median_seconds(cupy_launches, reps) / args.launches * 1e6
    rows.append((f"sustained, {args.launches} launches and one wait: pyalpaka", f"{pk_us:.2f} µs", ""))
    rows.append((f"sustained, {args.launches} launches and one wait: CuPy RawKernel", f"{cupy_us:.2f} µs", ""))

    # 3. streaming: triad through the shipped kernel vs CuPy, and the copy bandwidth
    big = args.n
    b_host = np.random.default_rng(1).random(big)
    c_host = np.random.default_rng(2).random(big)
    b, c = pk.asarray(b_host, device=dev, queue=q), pk.asarray(c_host, device=dev, queue=q)
    out = pk.zeros(dev, (big,), np.float64, queue=q)
    wd_big = pk.valid_workdiv(dev, big)
    pk.kernels.triad(q, wd_big, out, b, c, 0.4, big)
    np.testing.assert_allclose(out.to_numpy(q), b_host + 0.4 * c_host)
    bc, cc = cupy.asarray(b_host), cupy.asarray(c_host)
    outc = cupy.empty_like(bc)
    triad_bytes, copy_bytes = 3 * 8 * big, 2 * 8 * big

    def pk_triad():
        pk.kernels.triad(q, wd_big, out, b, c, 0.4, big)
        q.wait()

    def cupy_triad():
        cupy.add(bc, cupy.multiply(cc, 0.4), out=outc)  # two kernels: CuPy's plain expression
        cupy.cuda.runtime.deviceSynchronize()

    fused = cupy.ElementwiseKernel("float64 b, float64 c, float64 s", "float64 a", "a = b + s * c", "triad")

    def cupy_fused():
        fused(bc, cc, 0.4, outc)
        cupy.cuda.runtime.deviceSynchronize()

    def cupy_copy():
        outc[...] = bc
        cupy.cuda.runtime.deviceSynchronize()

    for name, run, size in (
        ("triad, pk.kernels.triad", pk_triad, triad_bytes),
        ("triad, CuPy ElementwiseKernel", cupy_fused, triad_bytes),
        ("triad, CuPy add(b, multiply(c, s))", cupy_triad, triad_bytes),
        ("device-to-device copy, CuPy", cupy_copy, copy_bytes),
    ):
        run()
        rows.append((name, f"{size / median_seconds(run, args.reps) / 1e9:.0f} GB/s", ""))

    print(f"{dev}: n = {big}, {args.launches} launches, {args.reps} repetitions")
    print("| measurement | value | target |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
