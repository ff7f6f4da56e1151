# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Two queues in a pipeline, traced: a transfer queue copies chunks in, a compute queue waits for each copy (an
event) and runs a kernel compiled at run time and a shipped one. The trace (pk.trace) shows both queues' tracks, the
allocations and the compilation; the summary table is printed. Checked against NumPy.

    python examples/python/trace_pipeline.py [--backend NAME] [--trace FILE]

Open the file in https://ui.perfetto.dev or chrome://tracing, or as a page: python -m pyalpaka trace-html FILE.
"""  # fmt: skip  # the formatter would dedent the usage lines

import argparse
import os
import tempfile

import numpy as np

import pyalpaka as pk

SCALE = r"""
struct Scale
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* x, float factor, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            x[i] *= factor;
    }
};
"""


def run(backend: str, chunks: list[np.ndarray]) -> list[np.ndarray]:
    """y = 3 * (2 * chunk) for each chunk, through two queues."""
    dev = pk.device(backend)
    scale = pk.Kernel(SCALE, "Scale")
    transfer, compute = pk.Queue(dev, blocking=False), pk.Queue(dev, blocking=False)
    results = []
    for chunk in chunks:
        n = chunk.size
        x = pk.empty(dev, n, np.float32)
        pk.memcpy(transfer, x, chunk)
        copied = pk.Event(dev)
        transfer.enqueue(copied)
        compute.wait_for(copied)  # the compute queue goes on once this chunk is in
        y = pk.zeros(dev, n, np.float32, queue=compute)
        workdiv = pk.valid_workdiv(dev, n, thread_elems=256, block_threads_must_divide=False)
        scale(compute, workdiv, x, np.float32(2), n)
        pk.kernels.axpy(compute, workdiv, np.float32(3), x, y, n)
        results.append(y)
    transfer.wait()
    compute.wait()
    return [y.to_numpy() for y in results]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", help="one back-end (default: every available one)")
    default = os.path.join(tempfile.gettempdir(), "trace_pipeline.json")
    parser.add_argument("--trace", default=default, help="the trace file (default: %(default)s)")
    arguments = parser.parse_args()
    names = [arguments.backend] if arguments.backend else [b.name for b in pk.backends() if b.available]
    rng = np.random.default_rng(7)
    chunks = [rng.random(n, dtype=np.float32) for n in (200_000, 300_000, 250_000)]
    failed = []
    with pk.trace(arguments.trace) as trace:
        for name in names:
            ok = all(np.array_equal(y, 6 * c) for y, c in zip(run(name, chunks), chunks))  # 2x is exact: one rounding
            print(f"trace_pipeline {name:<17} {'ok' if ok else 'WRONG'}")
            if not ok:
                failed.append(name)
    print(f"\n{len(trace.events)} operations traced into {arguments.trace}:\n")
    print(trace.summary())
    if failed:
        print(f"trace_pipeline: wrong results on {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
