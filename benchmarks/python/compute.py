# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The compute program's kernels from Python (benchmarks/cpp/src/compute.cpp): the same C++ kernels compiled at run time
(``pk.Kernel.from_file`` on benchmarks/cpp/src/ComputeKernels.hpp) and the shipped ones (``pk.kernels``, compiled ahead
of time; the ``pk.Kernel`` rows of those compile the same sources at run time, for this machine's processor), next to
NumPy and Numba (``@njit(parallel=True)``, skipped with a note where it is not installed), on the same arrays. The work
division is the one ``pk.valid_workdiv`` chooses. Every variant's result is checked against NumPy. One program (about
500 lines), as compute.cpp: each kernel next to its peers and its check.

Rates (GFLOP/s, GB/s, interactions or pixels per second), median and best of --reps runs per variant after one dropped
run, the variants interleaved round by round; "vs peer" is the ratio to NumPy.

    python benchmarks/python/compute.py [--backend cpu_omp2_blocks] [--reps 10] [--only horner,matmul] [--csv FILE]
        [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import pyalpaka as pk

from rows import Row, print_table, write_csv
from settle import settle

KERNELS_HPP = Path(__file__).resolve().parents[1] / "cpp" / "src" / "ComputeKernels.hpp"
GROUPS = ("horner", "nbody", "mandelbrot", "stencil", "matmul", "dot")


def numba_module():
    try:
        import numba
    except ImportError as error:
        return None, f"Numba not importable ({error}); pip install numba"
    return numba, f"Numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads"


def timed(calls: list, reps: int) -> list[list[float]]:
    """Seconds per run of each call: one dropped run each, then reps rounds, the order rotating round by round. Each
    turn settles (see settle), runs the call once untimed (it wakes its own workers) and then once timed: the steady
    state of a loop of calls, alike for every variant."""
    for call in calls:
        call()
    samples: list[list[float]] = [[] for _ in calls]
    for round_index in range(reps):
        for k in range(len(calls)):
            index = (round_index + k) % len(calls)
            settle()
            calls[index]()
            start = time.perf_counter()
            calls[index]()
            samples[index].append(time.perf_counter() - start)
    return samples


def rows_of(
    section: str,
    metric: str,
    work: float,
    labels: list[str],
    samples: list[list[float]],
    notes: dict[str, str],
    target: dict[str, float] | None = None,
) -> list[Row]:
    """Rows in the metric's unit (work / seconds / 1e9), each against NumPy."""
    rates = [[work / s / 1e9 for s in sample] for sample in samples]
    numpy_rate = statistics.median(rates[labels.index("NumPy")])
    rows = []
    for label, rate in zip(labels, rates):
        row = Row(section, label, metric, statistics.median(rate), max(rate), notes=notes.get(label, ""))
        if label != "NumPy":
            row.peer, row.peer_value = "NumPy", numpy_rate
        if target and label in target:
            row.target = f">= {target[label]}x"
            row.status = "met" if row.value / numpy_rate >= target[label] else "missed"
        rows.append(row)
    return rows


def check(label: str, got, expected, rtol: float, what: str) -> None:
    if not np.allclose(got, expected, rtol=rtol, atol=rtol):
        worst = np.max(np.abs(np.asarray(got, np.float64) - np.asarray(expected, np.float64)))
        raise SystemExit(f"compute.py: {label}, {what}: wrong result (largest difference {worst})")


class Bench:
    def __init__(self, args):
        self.args = args
        self.dev = pk.device(args.backend)
        self.q = pk.Queue(self.dev, blocking=True)
        self.numba, self.numba_note = numba_module()
        self.rows: list[Row] = []

    def workdiv_note(self, wd: pk.WorkDiv) -> str:
        return f"{wd.grid_blocks} blocks x {wd.block_threads} threads x {wd.thread_elems} elem"

    def jit(self, name: str) -> pk.Kernel:
        return pk.Kernel.from_file(KERNELS_HPP, name)

    def run(
        self,
        section: str,
        metric: str,
        work: float,
        variants: list[tuple[str, object]],
        result,
        reference,
        rtol: float,
        notes: dict[str, str],
        target: dict[str, float] | None = None,
    ) -> None:
        """variants: (label, call); result(): the output to check after each variant runs once more."""
        labels = [label for label, _ in variants]
        samples = timed([call for _, call in variants], self.args.reps)
        for label, call in variants:
            call()
            check(label, result(), reference, rtol, section)
        self.rows += rows_of(section, metric, work, labels, samples, notes, target)

    def horner(self) -> None:
        n = self.args.n
        x = pk.asarray((0.5 + 0.5 * (np.arange(n) % 1000) / 1000).astype(np.float32), device=self.dev)
        y = pk.zeros(self.dev, n, np.float32)
        xn, yn = np.asarray(x), np.asarray(y)
        wd = pk.valid_workdiv(self.dev, n)
        tmp = np.empty(n, np.float32)
        for degree in (1, 8, 32):
            kernel = self.jit(f"bench::kernels::Horner<{degree}>")

            def numpy_horner(degree=degree):
                yn.fill(1.0)
                for _ in range(degree):
                    np.multiply(yn, xn, out=tmp)
                    np.add(tmp, np.float32(0.5), out=yn)

            variants = [("pk.Kernel JIT", lambda k=kernel: k(self.q, wd, x, y, np.uint64(n))), ("NumPy", numpy_horner)]
            if self.numba:
                variants.append(("Numba parallel", self.numba_horner(degree, xn, yn)))
            reference = np.ones(n, np.float64)
            for _ in range(degree):
                reference = reference * xn + 0.5
            self.run(
                f"horner{degree}",
                "GFLOP/s",
                2.0 * degree * n,
                variants,
                lambda: yn,
                reference,
                1e-4,
                {
                    "pk.Kernel JIT": self.workdiv_note(wd),
                    "NumPy": f"{degree} passes of two ufuncs",
                    "Numba parallel": self.numba_note,
                },
            )

    def numba_horner(self, degree: int, xn, yn):
        numba = self.numba

        @numba.njit(parallel=True, fastmath=False)
        def horner(x, y):
            for i in numba.prange(x.shape[0]):
                v = x[i]
                r = np.float32(1.0)
                for _ in range(degree):
                    r = r * v + np.float32(0.5)
                y[i] = r

        return lambda: horner(xn, yn)

    def nbody(self) -> None:
        n = self.args.nbody_n
        i = np.arange(n)
        px, py, pz = ((i * p % 1000 / 100).astype(np.float32) for p in (7919, 104729, 1299709))
        mass = (1 + i % 7).astype(np.float32)
        soft = np.float32(1e-3)
        inputs = [pk.asarray(a, device=self.dev) for a in (px, py, pz, mass)]
        outputs = [pk.zeros(self.dev, n, np.float32) for _ in range(3)]
        outn = [np.asarray(o) for o in outputs]
        wd = pk.valid_workdiv(self.dev, n)
        kernel = self.jit("bench::kernels::NBody")

        def numpy_nbody():
            dx = px[None, :] - px[:, None]
            dy = py[None, :] - py[:, None]
            dz = pz[None, :] - pz[:, None]
            inv = 1.0 / np.sqrt(dx * dx + dy * dy + dz * dz + soft)
            s = mass[None, :] * inv * inv * inv
            np.sum(dx * s, axis=1, out=outn[0])
            np.sum(dy * s, axis=1, out=outn[1])
            np.sum(dz * s, axis=1, out=outn[2])

        variants = [
            ("pk.Kernel JIT", lambda: kernel(self.q, wd, *inputs, *outputs, np.uint64(n), soft)),
            ("NumPy", numpy_nbody),
        ]
        if self.numba:
            numba = self.numba

            @numba.njit(parallel=True)
            def nbody(px, py, pz, m, ax, ay, az, soft):
                for k in numba.prange(px.shape[0]):
                    sx = sy = sz = np.float32(0.0)
                    for j in range(px.shape[0]):
                        dx, dy, dz = px[j] - px[k], py[j] - py[k], pz[j] - pz[k]
                        inv = np.float32(1.0) / np.sqrt(dx * dx + dy * dy + dz * dz + soft)
                        s = m[j] * inv * inv * inv
                        sx += dx * s
                        sy += dy * s
                        sz += dz * s
                    ax[k], ay[k], az[k] = sx, sy, sz

            variants.append(("Numba parallel", lambda: nbody(px, py, pz, mass, *outn, soft)))
        numpy_nbody()
        reference = np.concatenate([o.copy() for o in outn])
        self.run(
            "nbody",
            "G interactions/s",
            float(n) * n,
            variants,
            lambda: np.concatenate(outn),
            reference,
            1e-3,
            {"pk.Kernel JIT": self.workdiv_note(wd), "NumPy": "n x n temporaries", "Numba parallel": self.numba_note},
        )

    def mandelbrot(self) -> None:
        side, max_iter = self.args.mandel_n, np.uint32(256)
        out = pk.zeros(self.dev, (side, side), np.uint32)
        outn = np.asarray(out)
        wd = pk.valid_workdiv(self.dev, (side, side))
        kernel = self.jit("bench::kernels::Mandelbrot")
        step = np.float32(3.0 / side)
        cr = (np.float32(-2.0) + np.arange(side, dtype=np.float32) * step)[None, :]
        ci = (np.float32(-1.5) + np.arange(side, dtype=np.float32) * step)[:, None]

        def numpy_mandelbrot():
            zr = np.zeros((side, side), np.float32)
            zi = np.zeros((side, side), np.float32)
            outn.fill(0)
            for _ in range(int(max_iter)):
                inside = zr * zr + zi * zi <= 4.0
                if not inside.any():
                    break
                zr, zi = np.where(inside, zr * zr - zi * zi + cr, zr), np.where(inside, 2.0 * zr * zi + ci, zi)
                outn[inside] += 1

        variants = [
            ("pk.Kernel JIT", lambda: kernel(self.q, wd, out, np.uint64(side), max_iter)),
            ("NumPy", numpy_mandelbrot),
        ]
        if self.numba:
            numba = self.numba

            @numba.njit(parallel=True)
            def mandelbrot(out, side, max_iter):
                step = np.float32(3.0) / np.float32(side)
                for row in numba.prange(side):
                    ci = np.float32(-1.5) + np.float32(row) * step
                    for col in range(side):
                        crv = np.float32(-2.0) + np.float32(col) * step
                        zr = zi = np.float32(0.0)
                        it = 0
                        while it < max_iter and zr * zr + zi * zi <= np.float32(4.0):
                            zr, zi = zr * zr - zi * zi + crv, np.float32(2.0) * zr * zi + ci
                            it += 1
                        out[row, col] = it

            variants.append(("Numba parallel", lambda: mandelbrot(outn, side, int(max_iter))))
        numpy_mandelbrot()
        reference = outn.copy()

        def result():
            # Pixels on the edge of the set may take one iteration more or less where a multiply-add is fused.
            differ = np.count_nonzero(outn != reference)
            return np.array([0.0 if differ * 100 <= side * side else float(differ)])

        self.run(
            "mandelbrot",
            "Mpixel/s",
            side * side * 1e3,
            variants,
            result,
            np.array([0.0]),
            0.0,
            {
                "pk.Kernel JIT": self.workdiv_note(wd),
                "NumPy": "masked whole-image iterations",
                "Numba parallel": self.numba_note,
            },
        )

    def stencil(self) -> None:
        n = self.args.stencil_n
        grid = pk.asarray((np.arange(n * n) % 13).astype(np.float64).reshape(n, n), device=self.dev)
        out = pk.zeros(self.dev, (n, n), np.float64)
        gn, on = np.asarray(grid), np.asarray(out)
        wd = pk.valid_workdiv(self.dev, (n, n))
        jit = pk.Kernel.from_file(pk.kernels.source("stencil"), "pyalpaka::kernels::Stencil")

        def numpy_stencil():
            on[0, :], on[-1, :], on[:, 0], on[:, -1] = gn[0, :], gn[-1, :], gn[:, 0], gn[:, -1]
            np.add(gn[:-2, 1:-1], gn[2:, 1:-1], out=on[1:-1, 1:-1])
            on[1:-1, 1:-1] += gn[1:-1, :-2]
            on[1:-1, 1:-1] += gn[1:-1, 2:]
            on[1:-1, 1:-1] *= 0.25

        variants = [
            ("pk.kernels", lambda: pk.kernels.stencil(self.q, wd, grid, out, n, n)),
            ("pk.Kernel JIT", lambda: jit(self.q, wd, grid, out, np.uint64(n), np.uint64(n))),
            ("NumPy", numpy_stencil),
        ]
        if self.numba:
            numba = self.numba

            @numba.njit(parallel=True)
            def stencil(a, b):
                ny, nx = a.shape
                for y in numba.prange(ny):
                    if y == 0 or y == ny - 1:
                        b[y, :] = a[y, :]
                        continue
                    b[y, 0], b[y, nx - 1] = a[y, 0], a[y, nx - 1]
                    for x in range(1, nx - 1):
                        b[y, x] = 0.25 * (a[y - 1, x] + a[y + 1, x] + a[y, x - 1] + a[y, x + 1])

            variants.append(("Numba parallel", lambda: stencil(gn, on)))
        numpy_stencil()
        reference = on.copy()
        self.run(
            "stencil",
            "GB/s",
            16.0 * n * n,
            variants,
            lambda: on,
            reference,
            0.0,
            {"pk.kernels": self.workdiv_note(wd), "NumPy": "four slice operations", "Numba parallel": self.numba_note},
        )

    def matmul(self) -> None:
        n = self.args.mat_n
        for dtype in (np.float32, np.float64):
            i = np.arange(n)
            a = pk.asarray(((i[:, None] + i[None, :]) % 4).astype(dtype), device=self.dev)
            b = pk.asarray(((i[:, None] + 2 * i[None, :]) % 3).astype(dtype), device=self.dev)
            c = pk.zeros(self.dev, (n, n), dtype)
            an, bn, cn = np.asarray(a), np.asarray(b), np.asarray(c)
            wd = pk.valid_workdiv(self.dev, (n, n))
            jit = pk.Kernel.from_file(pk.kernels.source("matmul"), "pyalpaka::kernels::MatMul")
            size = np.uint64(n)
            variants = [
                ("pk.kernels", lambda: pk.kernels.matmul(self.q, wd, a, b, c, n, n, n)),
                ("pk.Kernel JIT", lambda: jit(self.q, wd, a, b, c, size, size, size)),
                ("NumPy", lambda: np.matmul(an, bn, out=cn)),
            ]
            if self.numba:
                numba = self.numba

                @numba.njit(parallel=True)
                def matmul(a, b, c):
                    m, k = a.shape
                    for y in numba.prange(m):
                        c[y, :] = 0
                        for kk in range(k):
                            c[y, :] += a[y, kk] * b[kk, :]

                variants.append(("Numba parallel", lambda: matmul(an, bn, cn)))
            reference = an.astype(np.float64) @ bn.astype(np.float64)
            name = np.dtype(dtype).name
            self.run(
                f"matmul {name}",
                "GFLOP/s",
                2.0 * n**3,
                variants,
                lambda: cn,
                reference,
                0.0,
                {
                    "pk.kernels": self.workdiv_note(wd),
                    "NumPy": "BLAS (np.matmul)",
                    "Numba parallel": self.numba_note + ", i-k-j rows",
                },
                target={"pk.kernels": 0.5},
            )

    def dot(self) -> None:
        n = self.args.reduce_n
        i = np.arange(n)
        a = pk.asarray((i % 2).astype(np.float32), device=self.dev)
        b = pk.asarray((i // 2 % 2).astype(np.float32), device=self.dev)
        total = pk.zeros(self.dev, 1, np.float32)
        an, bn, tn = np.asarray(a), np.asarray(b), np.asarray(total)
        wd = pk.valid_workdiv(self.dev, n)
        for name, arrays in (("dot", 2), ("reduce", 1)):
            expected = float(np.sum(an * bn) if name == "dot" else np.sum(an))
            results = {}

            def shipped(name=name):
                tn[0] = 0
                if name == "dot":
                    pk.kernels.dot(self.q, wd, a, b, total, n)
                else:
                    pk.kernels.reduce(self.q, wd, a, total, n)
                results["last"] = float(tn[0])

            def numpy_sum(name=name):
                results["last"] = float(np.dot(an, bn) if name == "dot" else np.sum(an))

            variants = [("pk.kernels", shipped), ("NumPy", numpy_sum)]
            if self.numba:
                numba = self.numba

                @numba.njit(parallel=True)
                def numba_dot(x, y):
                    s = np.float32(0.0)
                    for k in numba.prange(x.shape[0]):
                        s += x[k] * y[k]
                    return s

                @numba.njit(parallel=True)
                def numba_sum(x):
                    s = np.float32(0.0)
                    for k in numba.prange(x.shape[0]):
                        s += x[k]
                    return s

                def numba_call(name=name):
                    results["last"] = float(numba_dot(an, bn) if name == "dot" else numba_sum(an))

                variants.append(("Numba parallel", numba_call))
            self.run(
                name,
                "GB/s",
                4.0 * arrays * n,
                variants,
                lambda: np.array([results["last"]]),
                np.array([expected]),
                0.0,
                {
                    "pk.kernels": self.workdiv_note(wd),
                    "NumPy": "BLAS / pairwise sum",
                    "Numba parallel": self.numba_note,
                },
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", default="cpu_omp2_blocks", help="pyalpaka back-end (default cpu_omp2_blocks)")
    parser.add_argument("--reps", type=int, help="timed runs per variant (default 10; --quick 2)")
    parser.add_argument("--only", default=",".join(GROUPS), help=f"comma-separated groups of {', '.join(GROUPS)}")
    parser.add_argument("--csv", help="also write the rows as CSV")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    args = parser.parse_args()
    args.reps = args.reps or (2 if args.quick else 10)
    args.n = 1 << 14 if args.quick else 1 << 22
    args.nbody_n = 256 if args.quick else 4096
    args.mandel_n = 64 if args.quick else 1024
    args.stencil_n = 128 if args.quick else 2048
    args.mat_n = 64 if args.quick else 1024
    args.reduce_n = 1 << 14 if args.quick else 1 << 24
    bench = Bench(args)
    print(
        f"compute.py: back-end {args.backend}, {args.reps} runs per variant; {bench.numba_note}; "
        f"load average {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
    )
    for group in args.only.split(","):
        group = group.strip()
        if group not in GROUPS:
            raise SystemExit(f"compute.py: unknown group {group!r}; the groups are {', '.join(GROUPS)}")
        getattr(bench, group)()
    if not bench.numba:
        bench.rows.append(Row("python compute", "Numba parallel", "skipped", notes=bench.numba_note))
    print_table(bench.rows)
    if args.csv:
        write_csv(args.csv, bench.rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
