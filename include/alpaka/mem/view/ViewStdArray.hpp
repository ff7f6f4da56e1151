// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! std::array as a 1-D view of the CPU device.

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/platform/PlatformCpu.hpp"
#include "alpaka/vec/Vec.hpp"

#include <array>
#include <cstddef>

namespace alpaka::trait
{
    template<typename TElem, std::size_t TSize>
    struct DevType<std::array<TElem, TSize>>
    {
        using type = DevCpu;
    };

    template<typename TElem, std::size_t TSize>
    struct GetDev<std::array<TElem, TSize>>
    {
        static auto getDev(std::array<TElem, TSize> const&) -> DevCpu
        {
            return getDevByIdx(PlatformCpu{}, 0);
        }
    };

    template<typename TElem, std::size_t TSize>
    struct DimType<std::array<TElem, TSize>>
    {
        using type = DimInt<1u>;
    };

    template<typename TElem, std::size_t TSize>
    struct ElemType<std::array<TElem, TSize>>
    {
        using type = TElem;
    };

    template<typename TElem, std::size_t TSize>
    struct IdxType<std::array<TElem, TSize>>
    {
        using type = std::size_t;
    };

    template<typename TElem, std::size_t TSize>
    struct GetExtents<std::array<TElem, TSize>>
    {
        constexpr auto operator()(std::array<TElem, TSize> const&) const -> Vec<DimInt<1u>, std::size_t>
        {
            return {TSize};
        }
    };

    template<typename TElem, std::size_t TSize>
    struct GetPtrNative<std::array<TElem, TSize>>
    {
        static auto getPtrNative(std::array<TElem, TSize> const& array) -> TElem const*
        {
            return array.data();
        }

        static auto getPtrNative(std::array<TElem, TSize>& array) -> TElem*
        {
            return array.data();
        }
    };
} // namespace alpaka::trait
