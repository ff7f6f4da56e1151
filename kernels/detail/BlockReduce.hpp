// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A block-wide sum through dynamic block shared memory, shared by the reduction kernels (Dot, Reduce), and the
//! shared-memory size it needs.

#include <alpaka/alpaka.hpp>

#include <cstddef>

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

    //! The sum of `value` over the threads of the block; the result is valid in block thread 0 only. Every thread of
    //! the block must call it (it contains barriers); `shared` is the block's dynamic shared memory of at least
    //! blockReduceSharedBytes<T> bytes. It ends with a barrier, so the shared memory may be reused right after.
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto blockReduceAdd(TAcc const& acc, T* shared, T value) -> T
    {
        std::size_t const thread = detail::linearBlockThreadIdx(acc);
        shared[thread] = value;
        alpaka::syncBlockThreads(acc);
        // Pairwise tree that halves the active range rounding up, so any thread count works, not only powers of two:
        // the first `active - half` threads fold in the upper part, a middle thread of an odd range waits a round.
        for(std::size_t active = detail::blockThreadCount(acc); active > 1u;)
        {
            std::size_t const half = (active + 1u) / 2u;
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
