# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A first kernel from Python (the script of notebooks/01_first_kernel.ipynb): one alpaka C++ kernel, compiled at run
time for every available back-end, each result checked against NumPy.

    python examples/python/first_kernel.py
"""

import time

import numpy as np

import pyalpaka as pk

# A kernel is a C++ function object; `acc` tells it where it runs (back-end, indices, work division).
SOURCE = r"""
struct Saxpy
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, std::size_t n) const
    {
        // The indices of [0, n) that belong to this thread, whatever the back-end and work division.
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};
"""


def main() -> int:
    saxpy = pk.Kernel(SOURCE, "Saxpy")
    n = 100_000
    x_host = np.linspace(0.0, 1.0, n, dtype=np.float32)
    y_host = np.ones(n, dtype=np.float32)
    a = np.float32(2.0)
    expected = a * x_host + y_host
    wrong = []
    for backend in pk.backends():
        if not backend.available:
            print(f"{backend.name:<17} skipped: {backend.reason}")
            continue
        dev = pk.device(backend.name)
        start = time.perf_counter()
        with pk.Queue(dev) as queue:
            x = pk.asarray(x_host, device=dev, queue=queue)
            y = pk.asarray(y_host.copy(), device=dev, queue=queue)  # a copy: the kernel writes y
            workdiv = pk.valid_workdiv(dev, n, thread_elems=64, block_threads_must_divide=False)
            saxpy(queue, workdiv, a, x, y, np.uint64(n))  # compiled for this back-end on first use
        seconds = time.perf_counter() - start
        ok = np.allclose(y.to_numpy(), expected, rtol=1e-6)
        print(f"{backend.name:<17} {'ok' if ok else 'WRONG'}  {workdiv}  ({seconds:.2f} s with compiling)")
        if not ok:
            wrong.append(backend.name)
    if wrong:
        print(f"first_kernel: wrong results on {', '.join(wrong)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
