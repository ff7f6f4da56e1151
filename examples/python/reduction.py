# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A sum reduction written in alpaka C++ and compiled at run time: each thread sums its elements, the block combines
the threads' sums in block shared memory (with barriers), and one thread per block adds the block's sum to the result
with an atomic. Runs on every available back-end and is checked against NumPy.

    python examples/python/reduction.py [--backend NAME]
"""

import argparse

import numpy as np

import pyalpaka as pk

SOURCE = r"""
template<std::size_t TMaxBlockThreads>
struct BlockSum
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* x, T* sum, std::size_t n) const
    {
        // One slot per thread of the block, shared by the block; uninitialised until written.
        auto& partial = alpaka::declareSharedVar<T[TMaxBlockThreads], __COUNTER__>(acc);
        auto const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
        auto const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];

        T mine = 0;
        for(auto i : alpaka::uniformElements(acc, n))
            mine += x[i];
        partial[thread] = mine;
        alpaka::syncBlockThreads(acc);

        // Tree reduction: every thread reaches every barrier, also those with nothing to add.
        for(std::size_t stride = 1; stride < threads; stride *= 2)
        {
            if(thread % (2 * stride) == 0 && thread + stride < threads)
                partial[thread] += partial[thread + stride];
            alpaka::syncBlockThreads(acc);
        }
        if(thread == 0)
            alpaka::atomicAdd(acc, sum, partial[0], alpaka::hierarchy::Grids{});
    }
};
"""

MAX_BLOCK_THREADS = 1024  # the most any back-end allows (GPUs, the fiber back-end)
block_sum = pk.Kernel(SOURCE, f"BlockSum<{MAX_BLOCK_THREADS}>")


def run(backend: str, x_host: np.ndarray) -> float:
    dev = pk.device(backend)
    n = x_host.size
    workdiv = pk.valid_workdiv(dev, n, thread_elems=256, block_threads_must_divide=False)
    assert workdiv.block_threads[0] <= MAX_BLOCK_THREADS
    with pk.Queue(dev) as queue:
        x = pk.asarray(x_host, device=dev, queue=queue)
        total = pk.zeros(dev, 1, x_host.dtype, queue=queue)
        block_sum(queue, workdiv, x, total, np.uint64(n))  # (double*, double*, std::uint64_t)
    return float(total.to_numpy()[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", help="one back-end (default: every available one)")
    backend = parser.parse_args().backend
    names = [backend] if backend else [b.name for b in pk.backends() if b.available]
    x_host = np.random.default_rng(2).random(1 << 20)
    expected = float(np.sum(x_host))
    failed = []
    for name in names:
        got = run(name, x_host)
        # The order of the additions differs between back-ends and from NumPy's: equal up to rounding.
        ok = abs(got - expected) <= 1e-9 * abs(expected)
        print(f"reduction {name:<17} {'ok' if ok else 'WRONG'}  sum={got:.10g} (NumPy {expected:.10g})")
        if not ok:
            failed.append(name)
    if failed:
        print(f"reduction: wrong results on {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
