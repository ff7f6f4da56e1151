# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The Python tutorial's kernels (docs/tutorial-python.md) timed as a reader runs them, next to the fast forms the
tutorial leads to and NumPy, on every CPU back-end: the figures the tutorial quotes.

- sum of 10^6 float32: the tutorial's BlockSum (one running float per thread, in order), pk.kernels.reduce (each
  thread's run in independent partial sums), np.sum (pairwise); microseconds per call on a blocking queue with the
  work division pk.valid_workdiv gives, and the relative error against a float64 sum;
- 5-point stencil on 2048 x 2048 float32: the tutorial's form (one loop per dimension, the interior without
  branches), the same with one uniformElementsND loop and an edge test per element, NumPy slicing; milliseconds.

Median and best of --reps rounds in which the forms take turns.

    python benchmarks/python/tutorial_kernels.py [--reps 15] [--backend cpu_serial ...]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import pyalpaka as pk

from settle import settle

BLOCK_SUM = r"""
struct BlockSum {
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* sum, std::size_t n) const {
        auto& partial = alpaka::declareSharedVar<float[1024], __COUNTER__>(acc);
        auto const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
        auto const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
        float mine = 0.0f;
        for(auto i : alpaka::uniformElements(acc, n)) mine += x[i];
        partial[thread] = mine;
        alpaka::syncBlockThreads(acc);
        if(thread == 0) {
            float blockSum = 0.0f;
            for(std::size_t t = 0; t < threads; ++t) blockSum += partial[t];
            alpaka::atomicAdd(acc, sum, blockSum, alpaka::hierarchy::Grids{});
        }
    }
};"""

# The tutorial's stencil (section 5), and the same written with one N-D loop and an edge test.
STENCIL = r"""
struct Jacobi {
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* in, float* out, std::size_t pitch, std::size_t ny,
                                  std::size_t nx) const {
        for(auto y : alpaka::uniformElementsAlongY(acc, ny - 2))
            for(auto x : alpaka::uniformElementsAlongX(acc, nx - 2)) {
                std::size_t const i = (y + 1) * pitch + (x + 1);
                out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - pitch] + in[i + pitch]);
            }
    }
};
struct JacobiND {
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* in, float* out, std::size_t pitch, std::size_t ny,
                                  std::size_t nx) const {
        for(auto idx : alpaka::uniformElementsND(acc, alpaka::Vec<alpaka::DimInt<2>, std::size_t>{ny, nx})) {
            auto const y = idx[0], x = idx[1];
            if(y == 0 || x == 0 || y == ny - 1 || x == nx - 1) continue;
            std::size_t const i = y * pitch + x;
            out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - pitch] + in[i + pitch]);
        }
    }
};"""


def timed(call, reps: int) -> list[float]:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def sums(dev: pk.Device, reps: int) -> None:
    n = 10**6
    x = np.random.default_rng(0).random(n, dtype=np.float32)
    x.flags.writeable = False
    exact = x.sum(dtype=np.float64)
    queue = pk.Queue(dev, blocking=True)
    wd = pk.valid_workdiv(dev, n)
    block_sum = pk.Kernel(BLOCK_SUM, "BlockSum")
    total = np.zeros(1, np.float32)
    forms = {
        "tutorial BlockSum": lambda: block_sum(queue, wd, x, total, np.uint64(n)),
        "pk.kernels.reduce": lambda: pk.kernels.reduce(queue, wd, x, total, n),
        "numpy sum": lambda: total.__setitem__(0, x.sum()),
    }
    for name, call in forms.items():
        total[0] = 0
        call()
        error = abs(float(total[0]) - exact) / exact
        times = [t for _ in range(3) for t in timed(call, reps)]
        print(
            f"{dev.backend:18s} sum  {name:20s} {statistics.median(times) * 1e6:9.0f} us "
            f"(best {min(times) * 1e6:7.0f})  rel. error {error:.1e}"
        )


def stencils(dev: pk.Device, reps: int) -> None:
    ny = nx = 2048
    grid = np.random.default_rng(1).random((ny, nx), dtype=np.float32)
    queue = pk.Queue(dev, blocking=True)
    wd = pk.valid_workdiv(dev, (ny, nx))
    kernels = {name: pk.Kernel(STENCIL, name) for name in ("Jacobi", "JacobiND")}
    reference = grid.copy()
    reference[1:-1, 1:-1] = 0.25 * (grid[1:-1, :-2] + grid[1:-1, 2:] + grid[:-2, 1:-1] + grid[2:, 1:-1])
    out = grid.copy()

    def numpy_form() -> None:
        out[1:-1, 1:-1] = grid[1:-1, :-2]
        out[1:-1, 1:-1] += grid[1:-1, 2:]
        out[1:-1, 1:-1] += grid[:-2, 1:-1]
        out[1:-1, 1:-1] += grid[2:, 1:-1]
        out[1:-1, 1:-1] *= 0.25

    sizes = (np.uint64(nx), np.uint64(ny), np.uint64(nx))  # pitch, ny, nx
    forms = {
        "tutorial (nested)": lambda: kernels["Jacobi"](queue, wd, grid, out, *sizes),
        "uniformElementsND": lambda: kernels["JacobiND"](queue, wd, grid, out, *sizes),
        "numpy slices": numpy_form,
    }
    for name, call in forms.items():
        call()
        np.testing.assert_allclose(out, reference, rtol=1e-6)
        times = [t for _ in range(3) for t in timed(call, reps)]
        print(
            f"{dev.backend:18s} 2-D  {name:20s} {statistics.median(times) * 1e3:9.2f} ms (best {min(times) * 1e3:7.2f})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--backend", action="append")
    args = parser.parse_args()
    names = args.backend or [b.name for b in pk.backends() if b.available and b.name.startswith("cpu")]
    settle()
    for name in names:
        dev = pk.device(name)
        sums(dev, args.reps)
        stencils(dev, args.reps)


if __name__ == "__main__":
    main()
