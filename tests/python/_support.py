# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Helpers the test modules share: the supported dtypes and sample values."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

#: Every dtype buffers support, in the order the documentation lists them.
DTYPES = [
    np.bool_,
    np.int8,
    np.uint8,
    np.int16,
    np.uint16,
    np.int32,
    np.uint32,
    np.int64,
    np.uint64,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
]


def sample(shape, dtype, seed: int = 0) -> np.ndarray:
    """Distinct-looking values of `dtype` (random bits for bool, small integers otherwise) for round trips."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    values = rng.integers(0, 100, size=shape)
    if dtype.kind == "c":
        return (values + 1j * rng.integers(0, 100, size=shape)).astype(dtype)
    return values.astype(dtype)


#: y = a*x + y over n elements, a template over the element type (the run-time compiled kernel most tests use).
AXPY = r"""
struct Axpy
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};
"""
#: AXPY's argument types for float, as Kernel.compile takes them.
AXPY_TYPES = ["float", "float const*", "float*", "std::size_t"]


#: A run-time compiled kernel with dynamic shared memory, per-block sums. Its BlockSharedMemDynSizeBytes
#: specialization sits next to it, host-and-device code as the GPU back-ends need; a last argument above 2^30 asks for
#: that much more, to test the limit.
BLOCK_SUM = r"""
struct BlockSum
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, std::int64_t const* x, std::int64_t* sums, std::uint64_t n) const
    {
        auto* const shared = alpaka::getDynSharedMem<std::int64_t>(acc);
        auto const t = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
        auto const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
        auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
        auto const i = block * threads + t;
        shared[t] = i < n ? x[i] : 0;
        alpaka::syncBlockThreads(acc);
        if(t == 0)
        {
            std::int64_t sum = 0;
            for(std::size_t k = 0; k < threads; ++k)
                sum += shared[k];
            sums[block] = sum;
        }
    }
};

namespace alpaka::trait
{
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<BlockSum, TAcc>
    {
        template<typename TVec, typename... TArgs>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(BlockSum const&, TVec const& blockThreads,
                                                  TVec const&, TArgs const&... args) -> std::size_t
        {
            // One element per block thread; the last argument can ask for more, to test the limit.
            return static_cast<std::size_t>(blockThreads.prod()) * sizeof(std::int64_t) + (0 + ... + extra(args));
        }

        template<typename T>
        ALPAKA_FN_HOST_ACC static auto extra(T const& value) -> std::size_t
        {
            if constexpr(std::is_same_v<T, std::uint64_t>)
                return value > (1u << 30) ? static_cast<std::size_t>(value - (1u << 30)) : 0u;
            else
                return 0u;
        }
    };
} // namespace alpaka::trait
"""

# Phase 1: each block adds its elements into partial[block]; phase 2, after the grid barrier: every block reads every
# block's partial sum. Without the barrier (or with blocks that did not all run), a block reads sums not yet written.
GRID_SUM = r"""
#include <alpaka/alpaka.hpp>
#include <cstdint>

struct GridSum
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(
        TAcc const& acc, double const* x, double* partial, double* total, std::int64_t n) const
    {
        auto const blocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc).prod();
        auto const block = alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc),
            alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc))[0];
        double sum = 0;
        for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(n)))
            sum += x[i];
        alpaka::atomicAdd(acc, &partial[block], sum, alpaka::hierarchy::Threads{});
        alpaka::syncGridThreads(acc);
        if(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc).prod() == 0)
        {
            double all = 0;
            for(std::size_t b = 0; b < blocks; ++b)
                all += partial[b];
            total[block] = all;
        }
    }
};
"""


def gpu_compiler_missing(backend: str) -> str:
    """Why the run-time compiler of GPU back-end `backend` cannot be used here (NVRTC with CCCL's headers for cuda,
    hiprtc for hip), or '' where it can."""
    import pyalpaka as pk
    from pyalpaka import _rtc

    try:
        if backend == "cuda":
            _rtc.nvrtc()
            _rtc.cccl_include()
        else:
            _rtc.hiprtc()
    except pk.BackendUnavailableError as error:
        return f"{backend}: no run-time compiler here: {error}"
    return ""


def shared_kernel_cache() -> Path | None:
    """The kernel cache that tests needing no empty cache of their own share across runs, where the test command
    names one (PYALPAKA_TEST_KERNEL_CACHE: the emulator stage, so that its chaos runs compile nothing again)."""
    folder = os.environ.get("PYALPAKA_TEST_KERNEL_CACHE")
    return Path(folder) if folder else None
