// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Shared pieces of the memory tests: the type lists they run over, index iteration, host copies of views of any
//! device, and a message matcher that works with Catch2 v2 and v3.

#include <alpaka/alpaka.hpp>
#include <alpaka/meta/CartesianProduct.hpp>
#include <alpaka/test/idx/TestIdxs.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

namespace memtest
{
    //! Memory is dimension-generic up to any N; 0 and 4 are the edges that a 1..3 suite would miss.
    using Dims = std::
        tuple<alpaka::DimInt<0u>, alpaka::DimInt<1u>, alpaka::DimInt<2u>, alpaka::DimInt<3u>, alpaka::DimInt<4u>>;

    //! (Dim, Idx) pairs for tests that need no queue.
    using DimsIdxs = alpaka::meta::CartesianProduct<std::tuple, Dims, alpaka::test::TestIdxs>;

    //! ((Dev, Queue), Dim, Idx) triples: every queue kind of every enabled back-end, for every Dim and Idx.
    using QueuesDimsIdxs
        = alpaka::meta::CartesianProduct<std::tuple, alpaka::test::TestQueues, Dims, alpaka::test::TestIdxs>;

    template<typename TTuple, std::size_t TIndex>
    using At = std::tuple_element_t<TIndex, TTuple>;

    inline auto devHost() -> alpaka::DevCpu
    {
        return alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    }

    //! Matches exception messages that contain text.
    inline auto contains(std::string const& text)
    {
        return alpaka_test::containsSubstring(text);
    }

    //! Calls f(index) for every index of extent in row-major order (once for a 0-D extent, never for an empty one).
    template<typename TDim, typename TIdx, typename TFn>
    void forEachIndex(alpaka::Vec<TDim, TIdx> const& extent, TFn&& f)
    {
        if(extent.prod() == 0)
            return;
        auto index = alpaka::Vec<TDim, TIdx>::zeros();
        for(;;)
        {
            f(index);
            std::size_t d = TDim::value;
            for(;;)
            {
                if(d == 0)
                    return;
                --d;
                if(++index[d] < extent[d])
                    break;
                index[d] = 0;
            }
        }
    }

    //! Position of index in a dense row-major array of extent.
    template<typename TDim, typename TIdx>
    auto linearIndex(alpaka::Vec<TDim, TIdx> const& index, alpaka::Vec<TDim, TIdx> const& extent) -> std::size_t
    {
        std::size_t linear = 0;
        for(std::size_t i = 0; i != TDim::value; ++i)
            linear = linear * static_cast<std::size_t>(extent[i]) + static_cast<std::size_t>(index[i]);
        return linear;
    }

    //! Whether offset <= index < offset + extent in every dimension.
    template<typename TDim, typename TIdx>
    auto isInside(
        alpaka::Vec<TDim, TIdx> const& index,
        alpaka::Vec<TDim, TIdx> const& offset,
        alpaka::Vec<TDim, TIdx> const& extent) -> bool
    {
        for(std::size_t i = 0; i != TDim::value; ++i)
            if(index[i] < offset[i] || index[i] >= offset[i] + extent[i])
                return false;
        return true;
    }

    //! The view's elements in a dense host vector, row-major; goes through memcpy so that it works for any device.
    template<typename TQueue, typename TView>
    auto toHost(TQueue& queue, TView const& view)
    {
        using Elem = std::remove_const_t<alpaka::Elem<TView>>;
        auto const extent = alpaka::getExtents(view);
        std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
        auto hostView = alpaka::createView(devHost(), host.data(), extent);
        alpaka::memcpy(queue, hostView, view, extent);
        alpaka::wait(queue);
        return host;
    }

    //! Writes host (dense, row-major, extent of the view) into the view through memcpy.
    template<typename TQueue, typename TView, typename TElem>
    void fromHost(TQueue& queue, TView& view, std::vector<TElem>& host)
    {
        auto const extent = alpaka::getExtents(view);
        REQUIRE(host.size() == static_cast<std::size_t>(extent.prod()));
        auto hostView = alpaka::createView(devHost(), host.data(), extent);
        alpaka::memcpy(queue, view, hostView, extent);
        alpaka::wait(queue);
    }

    //! A value per linear position that differs from the sentinels the tests use (which are negative).
    template<typename TElem>
    auto valueAt(std::size_t linear) -> TElem
    {
        return static_cast<TElem>(linear + 1u);
    }
} // namespace memtest
