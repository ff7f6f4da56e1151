// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A block-wide sum through dynamic block shared memory, shared by the reduction kernels (Dot, Reduce), and the
//! shared-memory size it needs. On GPUs, warp shuffles where the block is whole warps (see blockReduceAdd).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>

#include "BlockThreads.hpp"
#include "Pointee.hpp"

namespace pyalpaka::kernels::detail
{
    //! Bytes of dynamic shared memory blockReduceAdd<T> needs: one T per thread of the block.
    template<typename T, typename TDim, typename TIdx>
    ALPAKA_FN_HOST_ACC auto blockReduceSharedBytes(alpaka::Vec<TDim, TIdx> const& blockThreadExtent) -> std::size_t
    {
        return static_cast<std::size_t>(blockThreadExtent.prod()) * sizeof(T);
    }

    //! The sum of `value` over the threads of a warp, in its lane 0 (the other lanes hold partial sums).
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto warpReduceAdd(TAcc const& acc, T value, std::uint32_t warpSize) -> T
    {
        for(std::uint32_t offset = warpSize / 2u; offset > 0u; offset /= 2u)
            value += alpaka::warp::shfl_down(acc, value, offset);
        return value;
    }

    //! The sum of `value` over the threads of the block; the result is valid in block thread 0 only. Every thread of
    //! the block must call it (it contains barriers); `shared` is the block's dynamic shared memory of at least
    //! blockReduceSharedBytes<T> bytes. It ends with a barrier, so the shared memory may be reused right after.
    //!
    //! GPUs, where the block is whole warps and at most warpSize of them: each warp adds its values by register
    //! shuffles, the warps' sums meet in shared memory, and the first warp adds those: two barriers instead of one per
    //! halving round of a tree through shared memory (ten for 1024 threads), in 32-bit index arithmetic. The sum is
    //! taken in another order than by the tree, so a floating-point result may differ in the last bits.
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto blockReduceAdd(TAcc const& acc, T* shared, T value) -> T
    {
        auto const thread = static_cast<std::uint32_t>(detail::linearBlockThreadIdx(acc));
        auto const count = static_cast<std::uint32_t>(detail::blockThreadCount(acc));
        if constexpr(!alpaka::elementLoopsAreContiguous<TAcc>)
        {
            auto const warpSize = static_cast<std::uint32_t>(alpaka::warp::getSize(acc));
            if(warpSize > 1u && count % warpSize == 0u && count / warpSize <= warpSize)
            {
                std::uint32_t const warps = count / warpSize;
                value = warpReduceAdd(acc, value, warpSize);
                if(thread % warpSize == 0u)
                    shared[thread / warpSize] = value;
                alpaka::syncBlockThreads(acc);
                if(thread < warpSize)
                    value = warpReduceAdd(acc, thread < warps ? shared[thread] : T{0}, warpSize);
                alpaka::syncBlockThreads(acc);
                return value;
            }
        }
        shared[thread] = value;
        alpaka::syncBlockThreads(acc);
        // Pairwise tree that halves the active range rounding up, so any thread count works, not only powers of two:
        // the first `active - half` threads fold in the upper part, a middle thread of an odd range waits a round.
        for(std::uint32_t active = count; active > 1u;)
        {
            std::uint32_t const half = (active + 1u) / 2u;
            if(thread + half < active)
                shared[thread] += shared[thread + half];
            alpaka::syncBlockThreads(acc);
            active = half;
        }
        T const sum = shared[0];
        alpaka::syncBlockThreads(acc);
        return sum;
    }

    //! BlockSharedMemDynSizeBytes of a kernel that reduces through blockReduceAdd: one element of its first
    //! argument's pointee type per block thread (the kernel's T is only known from the arguments).
    template<typename TKernel, typename TAcc>
    struct OneSharedElementPerThread
    {
        template<typename TDim, typename TFirst, typename... TRest>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            TKernel const&,
            alpaka::Vec<TDim, alpaka::Idx<TAcc>> const& blockThreadExtent,
            alpaka::Vec<TDim, alpaka::Idx<TAcc>> const&,
            TFirst const&,
            TRest const&...) -> std::size_t
        {
            return blockReduceSharedBytes<PointeeOf<TFirst>>(blockThreadExtent);
        }
    };
} // namespace pyalpaka::kernels::detail
