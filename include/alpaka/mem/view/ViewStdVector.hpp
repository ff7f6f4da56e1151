// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! std::vector as a 1-D view of the CPU device: memcpy(queue, buf, vec) and createView(devHost, vec) work directly.

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/platform/PlatformCpu.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <vector>

namespace alpaka::trait
{
    template<typename TElem, typename TAllocator>
    struct DevType<std::vector<TElem, TAllocator>>
    {
        using type = DevCpu;
    };

    template<typename TElem, typename TAllocator>
    struct GetDev<std::vector<TElem, TAllocator>>
    {
        static auto getDev(std::vector<TElem, TAllocator> const&) -> DevCpu
        {
            return getDevByIdx(PlatformCpu{}, 0);
        }
    };

    template<typename TElem, typename TAllocator>
    struct DimType<std::vector<TElem, TAllocator>>
    {
        using type = DimInt<1u>;
    };

    template<typename TElem, typename TAllocator>
    struct ElemType<std::vector<TElem, TAllocator>>
    {
        using type = TElem;
    };

    template<typename TElem, typename TAllocator>
    struct IdxType<std::vector<TElem, TAllocator>>
    {
        using type = std::size_t;
    };

    template<typename TElem, typename TAllocator>
    struct GetExtents<std::vector<TElem, TAllocator>>
    {
        auto operator()(std::vector<TElem, TAllocator> const& vec) const -> Vec<DimInt<1u>, std::size_t>
        {
            return {vec.size()};
        }
    };

    template<typename TElem, typename TAllocator>
    struct GetPtrNative<std::vector<TElem, TAllocator>>
    {
        static auto getPtrNative(std::vector<TElem, TAllocator> const& vec) -> TElem const*
        {
            return vec.data();
        }

        static auto getPtrNative(std::vector<TElem, TAllocator>& vec) -> TElem*
        {
            return vec.data();
        }
    };
} // namespace alpaka::trait
