# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A kernel as its author writes it, without `__restrict`, launched from Python next to the same kernel with
`__restrict`, on every CPU back-end (benchmarks/RESULTS.md; issue 42's target: >= 0.9x).

The kernel is the README's shape (`float const* x, float* y`, `uniformElements`, the work division pk.valid_workdiv
gives with 64 elements per thread) with an inner loop, a 32-term Horner polynomial, over 2^22 floats. A launch with
separate buffers runs the no-alias variant (src/jit/EntryCpu.hpp); for reference, the plain variant (what every
launch ran before) is timed through an in-place launch (x and y one buffer), which overlaps and so takes it.
Milliseconds per launch on a blocking queue, median and best of --reps rounds in which the variants take turns, every
result checked against NumPy.

    python benchmarks/python/no_alias.py [--n 4194304] [--reps 15] [--backend cpu_serial ...] [--csv FILE]
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

BODY = r"""
        for(auto i : alpaka::uniformElements(acc, n))
        {
            float const v = x[i];
            float r = 0.0f;
            for(int k = 0; k < 32; ++k)
                r = r * v + static_cast<float>(k + 1) * 0.03125f;
            y[i] = r;
        }
"""
SOURCE = f"""
struct Horner
{{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* y, std::uint64_t n) const
    {{{BODY}    }}
}};
struct HornerRestrict
{{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* __restrict x, float* __restrict y, std::uint64_t n)
        const
    {{{BODY}    }}
}};
"""


def reference(x: np.ndarray) -> np.ndarray:
    r = np.zeros_like(x)
    for k in range(32):
        r = r * x + np.float32(k + 1) * np.float32(0.03125)
    return r


def measure(variants: dict, reps: int) -> dict[str, tuple[float, float]]:
    """Median and best ms of each variant, the variants taking turns round by round (the machine's load drifts)."""
    samples: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(reps):
        for name, run in variants.items():
            settle()
            start = time.perf_counter()
            run()
            samples[name].append((time.perf_counter() - start) * 1e3)
    return {name: (statistics.median(s), min(s)) for name, s in samples.items()}


def rows_for(backend: str, args: argparse.Namespace) -> list[Row]:
    dev = pk.device(backend)
    q = pk.Queue(dev, blocking=True)  # each launch's time is the kernel's
    n = args.n
    host = np.random.default_rng(1).uniform(-1, 1, n).astype(np.float32)
    x = pk.asarray(host, device=dev)
    y = pk.zeros(dev, n, np.float32)
    inplace = pk.asarray(host.copy(), device=dev)
    wd = pk.valid_workdiv(dev, n, 64)
    count = np.uint64(n)
    plain, restrict = pk.Kernel(SOURCE, "Horner"), pk.Kernel(SOURCE, "HornerRestrict")
    expected = reference(host)
    variants = {
        "as written (no __restrict), separate buffers": lambda: plain(q, wd, x, y, count),
        "with __restrict (the peer)": lambda: restrict(q, wd, x, y, count),
        "as written, in place (the plain variant)": lambda: plain(q, wd, inplace, inplace, count),
    }
    for name, run in variants.items():
        run()  # compiles; checked
        if "in place" in name:
            np.testing.assert_allclose(np.asarray(inplace), expected, rtol=1e-4, atol=1e-5)
        else:
            np.testing.assert_allclose(np.asarray(y), expected, rtol=1e-4, atol=1e-5)
    times = measure(variants, args.reps)
    peer = times["with __restrict (the peer)"][0]
    section = "32-term Horner over 2^22 floats, ms per launch (ratio = this time / the peer's; notes: speed)"
    rows = []
    for name, (median, best) in times.items():
        row = Row(section, backend, name, median, best, peer="with __restrict", peer_value=peer)
        row.notes = f"speed {peer / median:.2f}x"
        if name.startswith("as written (no"):
            row.target = "speed >= 0.9x"
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1 << 22)
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--backend", action="append")
    parser.add_argument("--csv")
    args = parser.parse_args()
    backends = args.backend or [b.name for b in pk.backends() if b.available and pk.device(b.name).is_host]
    rows = [row for backend in backends for row in rows_for(backend, args)]
    print_table(rows)
    if args.csv:
        write_csv(args.csv, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
