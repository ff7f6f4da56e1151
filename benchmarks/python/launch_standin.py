# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka's own host time per launch on a GPU back-end, without a GPU: the launches go to the stand-in library of
the tests (tests/python/fake_cuda/fake_libcuda.c for cuda, tests/python/fake_hip/fake_libamdhip64.c for hip, with
FAKE_CUDA_MODULES=1), whose calls cost next to nothing, so what is measured is the launch path alone (argument
classification, the variant lookup, the API calls' bookkeeping, the references kept until the kernel ran; for hip
also the adapters of src/runtime/gpu/HipApi.cpp). On a GPU machine, add the driver's own cuLaunchKernel
(benchmarks/cpp/src/cuda_launch_floor.cu) to compare with a measured launch. Needs cc and NVRTC (cuda) or hiprtc (hip).

With --per-argument it also launches kernels of 1, 4 and 16 arguments, the arguments after the first (a buffer) all
NumPy scalars, all Python numbers or all buffers, and prints what each further argument adds (target: <= 0.05 µs).

    python benchmarks/python/launch_standin.py [--backend cuda|hip] [--bursts 200] [--burst 256] [--per-argument]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gpu import AXPY  # the same kernel as the GPU benchmark (this folder is on the path of its scripts)

# The stand-in library of each back-end (under tests/python) and the variable that selects it.
STANDINS = {
    "cuda": ("fake_cuda/fake_libcuda.c", "PYALPAKA_CUDA_DRIVER"),
    "hip": ("fake_hip/fake_libamdhip64.c", "PYALPAKA_HIP_LIBRARY"),
}


def per_launch(kernel, q, wd, args, bursts: int, burst: int) -> float:
    """Median µs per launch over `bursts` bursts of `burst` launches, the queue drained between bursts."""
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


def sum_kernel(count: int, pointers: bool) -> str:
    """A kernel of `count` arguments: y, then count - 1 floats (or float pointers) it adds up."""
    terms = [f"a{i}[0]" if pointers else f"a{i}" for i in range(1, count)]
    params = ", ".join(["float* y"] + [f"float{' const*' if pointers else ''} a{i}" for i in range(1, count)])
    body = f"for(auto i : alpaka::uniformElements(acc, std::size_t{{1}})) y[i] = {' + '.join(['0.0f', *terms])};"
    return (
        f"struct Sum{count} {{ template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, {params}) const"
        f" {{ {body} }} }};"
    )


def measure(backend: str, bursts: int, burst: int, per_argument: bool) -> None:
    import numpy as np

    import pyalpaka as pk

    dev = pk.device(backend)
    q = pk.Queue(dev, blocking=False)
    x, y = pk.zeros(dev, (1024,), np.float32, queue=q), pk.zeros(dev, (1024,), np.float32, queue=q)
    wd, a, n = pk.WorkDiv(1, 256, 1), np.float32(2), np.uint64(1024)
    axpy_us = per_launch(pk.Kernel(AXPY, "Axpy"), q, wd, (a, x, y, n), bursts, burst)
    print(
        f"launch of a cached kernel on a non-blocking {backend} queue, stand-in library: "
        f"{axpy_us:.2f} µs per launch (median of {bursts} bursts of {burst})"
    )
    if not per_argument:
        return
    sources = [pk.zeros(dev, (1,), np.float32, queue=q) for _ in range(15)]
    kinds = {
        "NumPy scalars": lambda i: np.float32(i),
        "Python floats": float,
        "buffers": lambda i: sources[i - 1],
    }
    for kind, make in kinds.items():
        us = {}
        for count in (1, 4, 16):
            kernel = pk.Kernel(sum_kernel(count, kind == "buffers"), f"Sum{count}")
            us[count] = per_launch(kernel, q, wd, (y, *(make(i) for i in range(1, count))), bursts, burst)
        print(
            f"  {kind:13}: 1, 4, 16 arguments {us[1]:.2f}, {us[4]:.2f}, {us[16]:.2f} µs; "
            f"each further argument {(us[16] - us[1]) / 15:.3f} µs"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=sorted(STANDINS), default="cuda")
    parser.add_argument("--bursts", type=int, default=200)
    parser.add_argument("--burst", type=int, default=256)
    parser.add_argument("--per-argument", action="store_true", help="also 1, 4 and 16 arguments of each kind")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        measure(args.backend, args.bursts, args.burst, args.per_argument)
        return 0
    # The library is chosen when the back-ends are listed, once per process: measure in a child process.
    folder = Path(tempfile.mkdtemp(prefix="pyalpaka-standin-"))
    driver = folder / f"lib{args.backend}_standin.so"
    relative, variable = STANDINS[args.backend]
    source = Path(__file__).resolve().parents[2] / "tests" / "python" / relative
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", str(driver), str(source)], check=True)
    env = {
        **os.environ,
        variable: str(driver),
        "FAKE_CUDA_MODULES": "1",
        "PYALPAKA_CACHE_DIR": str(folder / "cache"),
    }
    child_args = ["--backend", args.backend, "--bursts", str(args.bursts), "--burst", str(args.burst)]
    if args.per_argument:
        child_args.append("--per-argument")
    return subprocess.run(
        [sys.executable, __file__, "--child", *child_args],
        env=env,
        check=False,
    ).returncode


if __name__ == "__main__":
    sys.exit(main())
