# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""What the CUDA driver costs to load a cached kernel, the part of a cache hit in a fresh process that is not
pyalpaka's lookup: cuModuleLoadData plus cuModuleGetFunction (which, with the driver's lazy loading, loads the
function's code) plus cuModuleUnload, for

- the CUBIN pyalpaka's JIT makes of the axpy of gpu.py (alpaka's headers and CCCL's, through NVRTC), and
- the same axpy written as plain CUDA C++, compiled by NVRTC without any header (what CuPy's RawKernel loads).

The difference is what the alpaka/CCCL headers add to a module: their constexpr members, device variables under
NVRTC, made it 2152 µs against 34 µs on an H200 until the JIT removed the unused ones (pyalpaka/_ptx.py). Median of
--reps loads each, times in microseconds. Without a CUDA GPU it prints "no GPU: skipped".

    python benchmarks/python/module_load.py [--reps 50]
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gpu import AXPY, CUPY_AXPY  # the kernels of the GPU benchmark (this folder is on the path of its scripts)


def nvrtc_cubin(source: str, arch: str) -> bytes:
    """`source` compiled by NVRTC (the one pyalpaka uses) with no options but the architecture."""
    from pyalpaka import _rtc

    result = _rtc.nvrtc().compile(source, "axpy.cu", [f"--gpu-architecture={arch}"])
    assert result.ok, f"NVRTC failed on the plain axpy: {result.log}"
    return result.code


def load_microseconds(cuda: ctypes.CDLL, image: bytes, name: bytes, reps: int) -> float:
    samples = []
    for _ in range(reps):
        module, function = ctypes.c_void_p(), ctypes.c_void_p()
        start = time.perf_counter()
        assert cuda.cuModuleLoadData(ctypes.byref(module), image) == 0
        assert cuda.cuModuleGetFunction(ctypes.byref(function), module, name) == 0
        assert cuda.cuModuleUnload(module) == 0
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=50)
    args = parser.parse_args()
    os.environ["PYALPAKA_CACHE_DIR"] = tempfile.mkdtemp(prefix="pyalpaka-module-load-")
    import pyalpaka as pk

    backend = {b.name: b for b in pk.backends()}["cuda"]
    if not backend.available:
        print(f"no GPU: skipped ({backend.reason})")
        return 0
    dev = pk.device("cuda")  # creates the primary context, which the loads below use
    compiled = pk.Kernel(AXPY, "Axpy").compile(dev, 1, ["float", "float*", "float*", "std::uint64_t"])
    alpaka_image = Path(compiled.path).read_bytes()
    plain_image = nvrtc_cubin(CUPY_AXPY, dev.arch)

    cuda = ctypes.CDLL(os.environ.get("PYALPAKA_CUDA_DRIVER", "libcuda.so.1"))  # the driver pyalpaka uses
    context, device = ctypes.c_void_p(), ctypes.c_int()
    assert cuda.cuDeviceGet(ctypes.byref(device), 0) == 0
    assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) == 0
    assert cuda.cuCtxPushCurrent_v2(context) == 0
    rows = [
        ("pyalpaka JIT axpy (alpaka + CCCL headers)", alpaka_image, b"pyalpaka_kernel"),
        ("plain CUDA axpy, no headers", plain_image, b"axpy"),
    ]
    for label, image, name in rows:
        load_microseconds(cuda, image, name, 3)  # the driver's first load of a module type
        print(
            f"module load + get function + unload, {label}: {load_microseconds(cuda, image, name, args.reps):.0f} µs "
            f"({len(image)} bytes)"
        )
    cuda.cuCtxPopCurrent_v2(ctypes.byref(context))
    cuda.cuDevicePrimaryCtxRelease_v2(device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
