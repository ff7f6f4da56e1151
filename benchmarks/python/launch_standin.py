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
import subprocess
import sys
import tempfile
from pathlib import Path

# The same kernel and measurements as the GPU benchmark (this folder is on the path of its scripts).
from gpu import AXPY, burst_launch_us, per_argument_lines, per_argument_us

# The stand-in library of each back-end (under tests/python) and the variable that selects it.
STANDINS = {
    "cuda": ("fake_cuda/fake_libcuda.c", "PYALPAKA_CUDA_DRIVER"),
    "hip": ("fake_hip/fake_libamdhip64.c", "PYALPAKA_HIP_LIBRARY"),
}


def measure(backend: str, bursts: int, burst: int, per_argument: bool) -> None:
    import numpy as np

    import pyalpaka as pk

    dev = pk.device(backend)
    q = pk.Queue(dev, blocking=False)
    x, y = pk.zeros(dev, (1024,), np.float32, queue=q), pk.zeros(dev, (1024,), np.float32, queue=q)
    wd, a, n = pk.WorkDiv(1, 256, 1), np.float32(2), np.uint64(1024)
    axpy_us = burst_launch_us(pk.Kernel(AXPY, "Axpy"), q, wd, (a, x, y, n), bursts, burst)
    print(
        f"launch of a cached kernel on a non-blocking {backend} queue, stand-in library: "
        f"{axpy_us:.2f} µs per launch (median of {bursts} bursts of {burst})"
    )
    if per_argument:
        for what, figures in per_argument_lines(per_argument_us(dev, q, bursts, burst)):
            print(f"  {what}: {figures}")


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
