// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the loop tests: accelerators of one dimensionality, work divisions within an accelerator's limits, and
//! device buffers of visit counters read back on the host.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/KernelIndices.hpp"

namespace exectest
{
    using alpaka_test::firstDev;
    using alpaka_test::linearBlockIdx;
    using alpaka_test::linearGridThreadIdx;
    using alpaka_test::toHost;

    template<std::size_t TDim>
    struct HasDim
    {
        template<typename TAcc>
        using Fn = std::bool_constant<alpaka::Dim<TAcc>::value == TDim>;
    };

    //! The enabled accelerators of dimensionality TDim, for every test Idx type.
    template<std::size_t TDim>
    using AccsOfDim = alpaka::meta::Filter<alpaka::test::TestAccs, HasDim<TDim>::template Fn>;

    using Accs1D = AccsOfDim<1u>;
    //! The GPU-only matrix (alpaka_TEST_GPU_ONLY) has no 2-D pair: then every enabled 2-D accelerator with int (an
    //! empty list would be a zero-length array in Catch2's registration).
    using Accs2D = std::conditional_t<
        std::tuple_size_v<AccsOfDim<2u>> == 0,
        alpaka::test::EnabledAccs<alpaka::DimInt<2u>, int>,
        AccsOfDim<2u>>;
    using Accs3D = AccsOfDim<3u>;

    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    //! The given extents (3 components: z, y, x; the last Dim of them are used), with the threads per block and the
    //! elements per thread clipped to TAcc's limits.
    template<typename TAcc>
    auto makeWorkDiv(
        alpaka::Vec<alpaka::DimInt<3u>, std::size_t> const& blocks,
        alpaka::Vec<alpaka::DimInt<3u>, std::size_t> const& threads,
        alpaka::Vec<alpaka::DimInt<3u>, std::size_t> const& elems)
        -> alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>
    {
        using Dim = alpaka::Dim<TAcc>;
        using Idx = alpaka::Idx<TAcc>;
        constexpr std::size_t dim = Dim::value;
        auto const props = alpaka::getAccDevProps<TAcc>(firstDev<TAcc>());
        VecOf<TAcc> b;
        VecOf<TAcc> t;
        VecOf<TAcc> e;
        for(std::size_t i = 0; i != dim; ++i)
        {
            b[i] = static_cast<Idx>(blocks[3u - dim + i]);
            t[i] = static_cast<Idx>(threads[3u - dim + i]);
            e[i] = static_cast<Idx>(elems[3u - dim + i]);
        }
        t = alpaka::elementwise_min(t, props.m_blockThreadExtentMax);
        e = alpaka::elementwise_min(e, props.m_threadElemExtentMax);
        auto const halveLargest = [](VecOf<TAcc>& v)
        {
            std::size_t largest = 0;
            for(std::size_t i = 0; i != dim; ++i)
                if(v[i] > v[largest])
                    largest = i;
            v[largest] = static_cast<Idx>(v[largest] / 2);
        };
        while(t.prod() > props.m_blockThreadCountMax)
            halveLargest(t);
        while(e.prod() > props.m_threadElemCountMax)
            halveLargest(e);
        return alpaka::WorkDivMembers<Dim, Idx>(b, t, e);
    }

    using Vec3 = alpaka::Vec<alpaka::DimInt<3u>, std::size_t>;

    //! Work divisions for the loop tests, {blocks, threads, elements} per dimension (z, y, x): one or many
    //! elements per thread, few and many threads, extents that divide nothing.
    struct WorkDivSpec
    {
        Vec3 blocks;
        Vec3 threads;
        Vec3 elems;
    };

    inline auto workDivSpecs() -> std::vector<WorkDivSpec>
    {
        return {
            {{1u, 1u, 1u}, {1u, 1u, 1u}, {1u, 1u, 1u}},
            {{1u, 1u, 1u}, {1u, 2u, 4u}, {1u, 1u, 1u}},
            {{2u, 2u, 3u}, {2u, 1u, 2u}, {1u, 3u, 5u}},
            {{1u, 3u, 7u}, {1u, 1u, 1u}, {2u, 1u, 3u}},
            {{3u, 1u, 2u}, {2u, 2u, 8u}, {1u, 2u, 4u}},
            {{1u, 2u, 5u}, {3u, 1u, 3u}, {1u, 1u, 1u}},
            {{2u, 1u, 16u}, {1u, 2u, 32u}, {3u, 1u, 2u}},
            {{1u, 4u, 4u}, {2u, 4u, 4u}, {1u, 1u, 16u}}};
    }

    //! The thread (of `threads`, `elems` elements each) that an element loop over [begin, end) gives `index` to:
    //! grid-strided chunks on GPUs; on CPUs, where element loops are contiguous, the same chunks while the threads'
    //! elements cover the range, otherwise one run of ceil(count / threads) indices per thread.
    template<typename TAcc, typename TIdx>
    ALPAKA_FN_HOST_ACC constexpr auto expectedOwner(TIdx index, TIdx begin, TIdx end, TIdx elems, TIdx threads) -> TIdx
    {
        if constexpr(alpaka::elementLoopsAreContiguous<TAcc>)
        {
            TIdx const count = static_cast<TIdx>(end - begin);
            TIdx const run = static_cast<TIdx>(
                threads * elems >= count ? elems : count / threads + (count % threads != 0 ? 1 : 0));
            return static_cast<TIdx>((index - begin) / run);
        }
        else
            return static_cast<TIdx>((index - begin) / elems % threads);
    }

    template<typename TWorkDiv>
    auto describe(TWorkDiv const& workDiv) -> std::string
    {
        std::ostringstream os;
        os << workDiv;
        return os.str();
    }

    //! A zeroed device buffer of count elements (at least one, so that a zero-length test still has a pointer).
    template<typename T, typename TAcc, typename TQueue>
    auto zeroedBuf(TQueue& queue, std::size_t count)
    {
        using Idx = alpaka::Idx<TAcc>;
        auto buf = alpaka::allocBuf<T, Idx>(firstDev<TAcc>(), static_cast<Idx>(count == 0u ? 1u : count));
        alpaka::memset(queue, buf, 0u);
        return buf;
    }

} // namespace exectest
