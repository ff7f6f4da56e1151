# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The BabelStream kernels from Python: pyalpaka's shipped kernels (``pk.kernels``, compiled ahead of time), the same
sources compiled at run time (``pk.Kernel``, compiled once before timing, then from the cache), NumPy (ufuncs with
``out=``, no temporaries beyond what the operation needs) and Numba (``@njit(parallel=True)``, skipped with a note
where it is not installed), all on the same arrays (NumPy views of the pyalpaka buffers).

GB/s with BabelStream's byte counts (copy, mul, dot: 2 arrays; add, triad: 3; nstream: 4), median and best of
--reps runs per variant after one dropped run, the variants interleaved round by round; every variant's result is
checked (as in benchmarks/cpp/src/babelstream.cpp).

    python benchmarks/python/stream.py [--n 8388608] [--reps 20] [--backend cpu_omp2_blocks] [--csv FILE] [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

import pyalpaka as pk

from rows import Row, print_table, write_csv
from settle import settle

KERNELS = [("copy", 2), ("mul", 2), ("add", 3), ("triad", 3), ("nstream", 4), ("dot", 2)]
CLASS = {"copy": "Copy", "mul": "Mul", "add": "Add", "triad": "Triad", "nstream": "Nstream", "dot": "Dot"}
INIT_A, INIT_B, INIT_C, SCALAR = 0.5, 0.25, 0.0, 0.5  # dyadic: the results are exact in float32 and float64


def numba_kernels():
    """The Numba versions, or (None, why) when Numba is missing."""
    try:
        import numba
    except ImportError as error:
        return None, f"Numba not importable ({error}); pip install numba"
    prange = numba.prange
    njit = numba.njit(parallel=True, cache=False)

    @njit
    def copy(a, c):
        for i in prange(a.shape[0]):
            c[i] = a[i]

    @njit
    def mul(b, c, s):
        for i in prange(b.shape[0]):
            b[i] = s * c[i]

    @njit
    def add(a, b, c):
        for i in prange(a.shape[0]):
            c[i] = a[i] + b[i]

    @njit
    def triad(a, b, c, s):
        for i in prange(a.shape[0]):
            a[i] = b[i] + s * c[i]

    @njit
    def nstream(a, b, c, s):
        for i in prange(a.shape[0]):
            a[i] += b[i] + s * c[i]

    @njit
    def dot(a, b):
        total = a.dtype.type(0)
        for i in prange(a.shape[0]):
            total += a[i] * b[i]
        return total

    return {
        "copy": copy,
        "mul": mul,
        "add": add,
        "triad": triad,
        "nstream": nstream,
        "dot": dot,
    }, f"Numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads"


def workdiv(dev: pk.Device, n: int) -> pk.WorkDiv:
    """benchmarks/cpp's stream work division: 4 blocks per hardware thread (blocks back-ends) or one block of a
    thread per hardware thread (threads back-ends), each a contiguous run of elements."""
    workers = os.cpu_count() or 1
    if dev.props["block_thread_count_max"] > 1:
        threads = min(workers, dev.props["block_thread_count_max"])
        return pk.WorkDiv(grid_blocks=1, block_threads=threads, thread_elems=-(-n // threads))
    blocks = min(4 * workers, n)
    return pk.WorkDiv(grid_blocks=blocks, block_threads=1, thread_elems=-(-n // blocks))


def measure(dtype, args, numba_fns, numba_note: str) -> list[Row]:
    dev = pk.device(args.backend)
    q = pk.Queue(dev, blocking=True)
    n = args.n
    wd = workdiv(dev, n)
    t = np.dtype(dtype).type
    s = t(SCALAR)
    bufs = [pk.empty(dev, n, dtype) for _ in range(3)]
    for buf, value in zip(bufs, (INIT_A, INIT_B, INIT_C)):
        pk.kernels.fill(q, wd, buf, t(value), n)  # written before timing, first touch by the back-end's threads
    a, b, c = bufs
    an, bn, cn = (np.asarray(buf) for buf in bufs)  # zero-copy views: every variant streams over the same pages
    total = pk.zeros(dev, 1, dtype)
    total_np = np.asarray(total)
    tmp = np.empty(n, dtype)  # NumPy's nstream needs one temporary (s*c), allocated once

    def alpaka_call(fns, name):
        def zeroed_dot():
            total_np[0] = 0
            fns["dot"](q, wd, a, b, total, n)
            return total_np[0]

        return {
            "copy": lambda: fns["copy"](q, wd, a, c, n),
            "mul": lambda: fns["mul"](q, wd, b, c, s, n),
            "add": lambda: fns["add"](q, wd, a, b, c, n),
            "triad": lambda: fns["triad"](q, wd, a, b, c, s, n),
            "nstream": lambda: fns["nstream"](q, wd, a, b, c, s, n),
            "dot": zeroed_dot,
        }[name]

    def numpy_call(name):
        def triad():
            np.multiply(cn, s, out=an)
            np.add(an, bn, out=an)

        def nstream():
            np.multiply(cn, s, out=tmp)
            np.add(tmp, bn, out=tmp)
            np.add(an, tmp, out=an)

        return {
            "copy": lambda: np.copyto(cn, an),
            "mul": lambda: np.multiply(cn, s, out=bn),
            "add": lambda: np.add(an, bn, out=cn),
            "triad": triad,
            "nstream": nstream,
            "dot": lambda: np.dot(an, bn),
        }[name]

    def numba_call(name):
        f = numba_fns[name]
        return {
            "copy": lambda: f(an, cn),
            "mul": lambda: f(bn, cn, s),
            "add": lambda: f(an, bn, cn),
            "triad": lambda: f(an, bn, cn, s),
            "nstream": lambda: f(an, bn, cn, s),
            "dot": lambda: f(an, bn),
        }[name]

    jit = {
        name: pk.Kernel.from_file(pk.kernels.source(name), f"pyalpaka::kernels::{CLASS[name]}") for name, _ in KERNELS
    }
    try:  # compiles (or loads from the cache) before anything is timed; a broken JIT skips its rows, not the run
        for name, _ in KERNELS:
            # The arguments the timed calls pass (their types pick the compiled variant; separate arrays: the
            # no-alias variant).
            jit[name].compile(
                dev,
                1,
                {
                    "copy": [a, c, n],
                    "mul": [b, c, s, n],
                    "add": [a, b, c, n],
                    "triad": [a, b, c, s, n],
                    "nstream": [a, b, c, s, n],
                    "dot": [a, b, total, n],
                }[name],
                no_alias=True,
            )
        alpaka_call(jit, "copy")()  # loading and launching can fail too
        jit_note = ""
    except pk.Error as error:
        jit, jit_note = None, f"pk.Kernel failed: {str(error).splitlines()[0][:160]}"
        print(f"stream.py: {jit_note}: the JIT rows are skipped", file=sys.stderr)

    aot = {name: getattr(pk.kernels, name) for name, _ in KERNELS}
    labels = [f"pk.kernels ({args.backend})"] + ([f"pk.Kernel JIT ({args.backend})"] if jit else []) + ["NumPy"]
    if numba_fns:
        labels.append("Numba parallel")
    rows = []
    runs_nstream = 0
    copy_c = INIT_A
    mul_b = SCALAR * copy_c
    add_c = INIT_A + mul_b
    triad_a = mul_b + SCALAR * add_c
    for name, arrays in KERNELS:
        calls = [alpaka_call(aot, name)] + ([alpaka_call(jit, name)] if jit else []) + [numpy_call(name)]
        if numba_fns:
            calls.append(numba_call(name))
        if name == "dot":
            an[:] = 1
            bn[0::2], bn[1::2] = 1.5, -1  # partial sums stay small: exact (or nearly) in float32
        results = [call() for call in calls]  # the dropped first run: compiles (JIT, Numba), wakes the pools
        samples = [[] for _ in calls]
        for round_index in range(args.reps):
            for k in range(len(calls)):
                index = (round_index + k) % len(calls)
                settle()
                start = time.perf_counter()
                results[index] = calls[index]()
                samples[index].append(time.perf_counter() - start)
        # Check every variant: idempotent kernels once more on a sentinel-filled output, nstream by its total.
        checks = {"copy": (cn, copy_c), "mul": (bn, mul_b), "add": (cn, add_c), "triad": (an, triad_a)}
        if name in checks:
            out, expected = checks[name]
            for label, call in zip(labels, calls):
                out[:] = -1
                call()
                if not np.all(out == expected):
                    raise SystemExit(f"stream.py: {label} {np.dtype(dtype).name} {name}: wrong result")
        elif name == "nstream":
            runs_nstream += len(calls) * (args.reps + 1)
            if not np.all(an == triad_a + runs_nstream * (mul_b + SCALAR * add_c)):
                raise SystemExit(f"stream.py: {np.dtype(dtype).name} nstream: wrong result")
        else:
            expected = 1.5 * ((n + 1) // 2) - n // 2
            for label, got in zip(labels, results):
                if abs(float(got) - expected) > 1e-5 * abs(expected):
                    raise SystemExit(f"stream.py: {label} {np.dtype(dtype).name} dot: {got}, expected {expected}")

        nbytes = arrays * np.dtype(dtype).itemsize * n
        rates = [[nbytes / x / 1e9 for x in sample] for sample in samples]
        numpy_median = statistics.median(rates[labels.index("NumPy")])
        for label, rate in zip(labels, rates):
            note = ""
            if label.startswith("NumPy") and name in ("triad", "nstream"):
                note = "two passes (ufuncs)" if name == "triad" else "three passes, one temporary"
            elif label.startswith("Numba"):
                note = numba_note
            elif label.startswith("pk."):
                note = f"{wd.grid_blocks[0]} blocks x {wd.block_threads[0]} thread(s) x {wd.thread_elems[0]} elem"
            rows.append(
                Row(
                    f"python stream {np.dtype(dtype).name}",
                    label,
                    f"{name} GB/s",
                    statistics.median(rate),
                    max(rate),
                    "NumPy" if label != "NumPy" else "",
                    numpy_median if label != "NumPy" else float("nan"),
                    notes=note,
                )
            )
    if not numba_fns:
        rows.append(Row(f"python stream {np.dtype(dtype).name}", "Numba parallel", "skipped", notes=numba_note))
    if not jit:
        rows.append(
            Row(f"python stream {np.dtype(dtype).name}", f"pk.Kernel JIT ({args.backend})", "skipped", notes=jit_note)
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, help="elements per array (default 2^23; --quick 2^18)")
    parser.add_argument("--reps", type=int, help="timed runs per variant and kernel (default 20; --quick 3)")
    parser.add_argument("--backend", default="cpu_omp2_blocks", help="pyalpaka back-end (default cpu_omp2_blocks)")
    parser.add_argument("--dtypes", default="float64,float32")
    parser.add_argument("--csv", help="also write the rows as CSV")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    args = parser.parse_args()
    args.n = args.n or (1 << 18 if args.quick else 1 << 23)
    args.reps = args.reps or (3 if args.quick else 20)

    numba_fns, numba_note = numba_kernels()
    print(
        f"stream.py: n = {args.n}, {args.reps} runs per variant, back-end {args.backend}; {numba_note}; "
        f"load average {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
    )
    rows = []
    for dtype in args.dtypes.split(","):
        rows += measure(np.dtype(dtype.strip()), args, numba_fns, numba_note)
    print_table(rows)
    if args.csv:
        write_csv(args.csv, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
