// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Dot: *sum += the dot product of a and b, one atomic add per block.

#include <alpaka/alpaka.hpp>

#include <cstddef>

#include "detail/BlockReduce.hpp"
#include "detail/ThreadSum.hpp"

namespace pyalpaka::kernels
{
    //! *sum += a[0] * b[0] + ... + a[n-1] * b[n-1]; the caller zeroes *sum first. Each thread sums its share (in
    //! several partial sums on a CPU, see detail/ThreadSum.hpp), the block adds the threads' sums in dynamic shared
    //! memory (one T per thread), then one atomic add per block. Any 1-D work division.
    struct Dot
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* a, T const* b, T* sum, std::size_t n) const
        {
            T const partial = detail::threadSum<T>(acc, n, [&](std::size_t i) { return a[i] * b[i]; });
            T const blockSum = detail::blockReduceAdd(acc, alpaka::getDynSharedMem<T>(acc), partial);
            if(detail::linearBlockThreadIdx(acc) == 0u)
                alpaka::atomicAdd(acc, sum, blockSum, alpaka::hierarchy::Grids{});
        }
    };
} // namespace pyalpaka::kernels

namespace alpaka::trait
{
    //! One element of the arguments' type per block thread.
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<pyalpaka::kernels::Dot, TAcc>
        : pyalpaka::kernels::detail::OneSharedElementPerThread<pyalpaka::kernels::Dot, TAcc>
    {
    };
} // namespace alpaka::trait
