# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pk.ElementwiseKernel and pk.ReductionKernel against their peers, in one run (docs/elementwise.md):

- the triad a = b + s*c of 2^24 float32 through ElementwiseKernel and through a hand-written pk.Kernel on each CPU
  back-end (and NumPy, and Numba's @vectorize(target="parallel") where Numba is installed);
- a full float32 sum and an axis-0 sum of a 4096 x 4096 array through ReductionKernel on --backend, against NumPy;
- the cost of a repeated call: a one-element triad on a blocking cpu_serial queue, ElementwiseKernel minus pk.Kernel.

Each variant: one dropped run, then --reps runs interleaved with the others; the median is reported.

    python benchmarks/python/elementwise.py [--backend cpu_omp2_blocks] [--reps 15] [--backends cpu_serial,...]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import pyalpaka as pk

TRIAD = r"""
struct Triad
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(
        TAcc const& acc, float const* b, float const* c, float* a, float s, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            a[i] = b[i] + s * c[i];
    }
};
"""


def medians(calls: dict, reps: int) -> dict[str, float]:
    """Median seconds of each call: one dropped run each, then `reps` rounds in rotating order."""
    for call in calls.values():
        call()
    samples: dict[str, list[float]] = {name: [] for name in calls}
    names = list(calls)
    for round_index in range(reps):
        for k in range(len(names)):
            name = names[(round_index + k) % len(names)]
            start = time.perf_counter()
            calls[name]()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(times) for name, times in samples.items()}


def triads(backends: list[str], reps: int) -> None:
    n = 1 << 24
    rng = np.random.default_rng(0)
    b, c = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    a = np.empty(n, np.float32)
    s = np.float32(0.4)
    hand = pk.Kernel(TRIAD, "Triad")
    ew = pk.ElementwiseKernel("float32 b, float32 c, float32 s", "float32 a", "a = b + s * c", "triad")
    print(f"triad of 2^24 float32 (GB/s counts 12 bytes per element), median of {reps}")
    print(f"{'back-end':18} {'pk.Kernel':>10} {'Elementwise':>12} {'ratio':>6}")
    for name in backends:
        dev = pk.device(name)
        q = pk.Queue(dev, blocking=True)
        wd = pk.valid_workdiv(dev, n)
        times = medians({
            "hand": lambda q=q, wd=wd: hand(q, wd, b, c, a, s, n),
            "ew": lambda q=q: ew(b, c, s, a, queue=q),
        }, reps)  # fmt: skip
        np.testing.assert_allclose(a, b + s * c, rtol=1e-6)
        gbs = {k: 12 * n / v / 1e9 for k, v in times.items()}
        print(f"{name:18} {gbs['hand']:8.2f}   {gbs['ew']:10.2f}   {times['hand'] / times['ew']:5.2f}x")
    peers = {"numpy": lambda: np.add(b, s * c, out=a)}
    try:
        import numba

        @numba.vectorize(["float32(float32, float32, float32)"], target="parallel")
        def vtriad(x, y, z):
            return x + z * y

        peers["numba @vectorize(parallel)"] = lambda: vtriad(b, c, s, out=a)
    except ImportError:
        print("Numba not importable: its @vectorize(target='parallel') row is skipped (pip install numba)")
    for name, seconds in medians(peers, reps).items():
        print(f"{name:18} {12 * n / seconds / 1e9:8.2f} GB/s")


def sums(backend: str, reps: int) -> None:
    x = np.random.default_rng(1).random((4096, 4096), dtype=np.float32)
    total = pk.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "sum")
    q = pk.Queue(pk.device(backend), blocking=True)
    out_full, out_axis = np.empty((), np.float32), np.empty(4096, np.float32)
    times = medians({
        "full": lambda: total(x, out_full, queue=q),
        "numpy full": lambda: x.sum(),
        "axis0": lambda: total(x, out_axis, axis=0, queue=q),
        "numpy axis0": lambda: x.sum(axis=0),
    }, reps)  # fmt: skip
    np.testing.assert_allclose(out_axis, x.sum(axis=0), rtol=1e-5)
    assert abs(float(out_full) - x.sum(dtype=np.float64)) / x.size < 1e-3
    print(f"sums of a 4096 x 4096 float32 array on {backend}, median of {reps} (ms; ratio: NumPy's time / ours)")
    for kind in ("full", "axis0"):
        ours, numpys = times[kind], times[f"numpy {kind}"]
        print(f"  {kind:6} ReductionKernel {ours * 1e3:7.2f}  NumPy {numpys * 1e3:7.2f}  {numpys / ours:5.2f}x")


def overhead(reps: int) -> None:
    """A repeated call's cost above the same launch through pk.Kernel: loops of 20000 calls, the two interleaved,
    `reps` rounds; the median and the minimum over the rounds (the minimum is the figure on a loaded machine)."""
    dev = pk.device("cpu_serial")
    q = pk.Queue(dev, blocking=True)
    b, c, a = np.ones(1, np.float32), np.ones(1, np.float32), np.empty(1, np.float32)
    s = np.float32(2)
    hand = pk.Kernel(TRIAD, "Triad")
    ew = pk.ElementwiseKernel("float32 b, float32 c, float32 s", "float32 a", "a = b + s * c", "triad")
    wd = pk.valid_workdiv(dev, 1)
    calls = 20000

    def loop(call):
        def run():
            for _ in range(calls):
                call()

        return run

    runs = {"hand": loop(lambda: hand(q, wd, b, c, a, s, 1)), "ew": loop(lambda: ew(b, c, s, a, queue=q))}
    for run in runs.values():
        run()
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(reps):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            samples[name].append((time.perf_counter() - start) / calls * 1e6)
    for what, pick in (("median", statistics.median), ("minimum", min)):
        hand_us, ew_us = pick(samples["hand"]), pick(samples["ew"])
        print(f"one-element call on blocking cpu_serial ({what} of {reps}): pk.Kernel {hand_us:.2f} us, "
              f"ElementwiseKernel {ew_us:.2f} us (+{ew_us - hand_us:.2f} us)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="cpu_omp2_blocks", help="the back-end of the sums")
    parser.add_argument(
        "--backends", default="", help="comma-separated back-ends of the triad (default: every CPU one)"
    )
    parser.add_argument("--reps", type=int, default=15)
    args = parser.parse_args()
    cpu = [b.name for b in pk.backends() if b.available and pk.device(b.name).is_host]
    backends = [name for name in args.backends.split(",") if name] or cpu
    triads(backends, args.reps)
    sums(args.backend, args.reps)
    overhead(max(5, args.reps))


if __name__ == "__main__":
    main()
