// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Reduce: *sum += the sum of x, one atomic add per block.

#include <alpaka/alpaka.hpp>

#include <cstddef>

#include "detail/BlockReduce.hpp"
#include "detail/ThreadSum.hpp"

namespace pyalpaka::kernels
{
    //! *sum += x[0] + ... + x[n-1]; the caller zeroes *sum first. Each thread sums its share (in several partial
    //! sums on a CPU, see detail/ThreadSum.hpp), the block adds the threads' sums in dynamic shared memory (one T per
    //! thread), then one atomic add per block. Any 1-D work division.
    struct Reduce
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* x, T* sum, std::size_t n) const
        {
            T const partial = detail::threadSum<T>(acc, n, [&](std::size_t i) { return x[i]; });
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
    struct BlockSharedMemDynSizeBytes<pyalpaka::kernels::Reduce, TAcc>
        : pyalpaka::kernels::detail::OneSharedElementPerThread<pyalpaka::kernels::Reduce, TAcc>
    {
    };
} // namespace alpaka::trait
