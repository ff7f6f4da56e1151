// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the block tests: work divisions with several threads per block where the accelerator allows it, and
//! linear block and thread indices inside kernels.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/KernelIndices.hpp"

namespace blocktest
{
    using alpaka_test::firstDev;
    using alpaka_test::linearBlockIdx;
    using alpaka_test::linearThreadIdx;
    using alpaka_test::toHost;

    //! The most threads per block any test kernel here uses (their shared arrays are this long).
    inline constexpr std::size_t maxBlockThreads = 64u;

    //! The 1-D accelerators tests that do not depend on the dimensionality run on.
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::size_t>;

    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    //! Up to perDim threads per dimension, within TAcc's limits and maxBlockThreads in total.
    template<typename TAcc>
    auto blockThreadsUpTo(alpaka::Idx<TAcc> perDim) -> VecOf<TAcc>
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const props = alpaka::getAccDevProps<TAcc>(firstDev<TAcc>());
        auto extent = alpaka::elementwise_min(VecOf<TAcc>::all(perDim), props.m_blockThreadExtentMax);
        Idx countMax = props.m_blockThreadCountMax;
        if(countMax > static_cast<Idx>(maxBlockThreads))
            countMax = static_cast<Idx>(maxBlockThreads);
        while(extent.prod() > countMax)
        {
            std::size_t largest = 0;
            for(std::size_t i = 0; i != alpaka::Dim<TAcc>::value; ++i)
                if(extent[i] > extent[largest])
                    largest = i;
            extent[largest] = static_cast<Idx>(extent[largest] / 2);
        }
        return extent;
    }

    //! blocksPerDim^Dim blocks of up to threadsPerDim^Dim threads, one element per thread.
    template<typename TAcc>
    auto makeWorkDiv(alpaka::Idx<TAcc> blocksPerDim, alpaka::Idx<TAcc> threadsPerDim)
        -> alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>
    {
        return alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>(
            VecOf<TAcc>::all(blocksPerDim), blockThreadsUpTo<TAcc>(threadsPerDim), VecOf<TAcc>::ones());
    }

    template<typename TAcc>
    ALPAKA_FN_ACC auto blockThreadCount(TAcc const& acc) -> alpaka::Idx<TAcc>
    {
        return alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc).prod();
    }

    //! Whether two address ranges [begin, begin + bytes) do not overlap.
    ALPAKA_FN_HOST_ACC inline auto
    disjoint(void const* a, std::size_t aBytes, void const* b, std::size_t bBytes) -> bool
    {
        auto const a0 = reinterpret_cast<std::uintptr_t>(a);
        auto const b0 = reinterpret_cast<std::uintptr_t>(b);
        return a0 + aBytes <= b0 || b0 + bBytes <= a0;
    }

    ALPAKA_FN_HOST_ACC inline auto alignedTo(void const* p, std::size_t alignment) -> bool
    {
        return reinterpret_cast<std::uintptr_t>(p) % alignment == 0u;
    }

} // namespace blocktest
