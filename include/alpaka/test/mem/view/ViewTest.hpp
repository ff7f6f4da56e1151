// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Host-side helpers for memory tests: fill a view with 0, 1, 2, ... and compare views or bytes element by element,
//! through a host copy so that they work for views of any device.

#include "alpaka/alpaka.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace alpaka::test
{
    namespace detail
    {
        //! The view's elements, copied to a dense host vector in row-major order.
        template<typename TQueue, typename TView>
        auto toHostVector(TQueue& queue, TView const& view)
        {
            using Elem = std::remove_const_t<alpaka::Elem<TView>>;
            using Idx = alpaka::Idx<TView>;
            auto const extent = getExtents(view);
            std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
            auto hostView = createView(getDevByIdx(PlatformCpu{}, 0), host.data(), extent);
            memcpy(queue, hostView, view, extent);
            wait(queue);
            (void)sizeof(Idx);
            return host;
        }
    } // namespace detail

    //! view[i] = i in row-major order (as the element type).
    template<typename TQueue, typename TView>
    auto iotaFillView(TQueue& queue, TView& view) -> void
    {
        using Elem = alpaka::Elem<TView>;
        auto const extent = getExtents(view);
        std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
        for(std::size_t i = 0; i < host.size(); ++i)
            host[i] = static_cast<Elem>(i);
        auto hostView = createView(getDevByIdx(PlatformCpu{}, 0), host.data(), extent);
        memcpy(queue, view, hostView, extent);
        wait(queue);
    }

    //! Whether every byte of the view's elements equals byte.
    template<typename TQueue, typename TView>
    auto bytesAllEqual(TQueue& queue, TView const& view, std::uint8_t byte) -> bool
    {
        auto const host = detail::toHostVector(queue, view);
        auto const* bytes = reinterpret_cast<std::uint8_t const*>(host.data());
        for(std::size_t i = 0; i < host.size() * sizeof(host[0]); ++i)
            if(bytes[i] != byte)
                return false;
        return true;
    }

    //! Whether two views of equal extent hold equal elements.
    template<typename TQueue, typename TViewA, typename TViewB>
    auto viewsEqual(TQueue& queue, TViewA const& a, TViewB const& b) -> bool
    {
        return detail::toHostVector(queue, a) == detail::toHostVector(queue, b);
    }
} // namespace alpaka::test
