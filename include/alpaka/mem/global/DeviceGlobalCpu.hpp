// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Static device variables of the CPU back-ends: plain host variables, copied with memcpy through a view over them.

#include "alpaka/acc/Tag.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/global/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewPlainPtr.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace alpaka
{
    namespace detail
    {
        template<typename TTag>
        inline constexpr bool isCpuTag = std::is_same_v<TTag, TagCpuSerial> || std::is_same_v<TTag, TagCpuThreads>
                                         || std::is_same_v<TTag, TagCpuFibers> || std::is_same_v<TTag, TagCpuOmp2Blocks>
                                         || std::is_same_v<TTag, TagCpuOmp2Threads>
                                         || std::is_same_v<TTag, TagCpuTbbBlocks> || std::is_same_v<TTag, TagOmp5>;

        template<typename TTag, typename T>
        struct DevGlobalTrait<TTag, T, std::enable_if_t<isCpuTag<TTag>>>
        {
            using Type = DevGlobalImplGeneric<TTag, T>;
        };

        //! A view over the variable with the extent of the copy; throws if the extent needs more than the variable.
        template<typename TTag, typename T, typename TExtent>
        auto viewOfDevGlobal(DevCpu const& dev, DevGlobalImplGeneric<TTag, T>& variable, TExtent const& extent)
        {
            using Elem = std::remove_const_t<std::remove_all_extents_t<T>>;
            auto const extentVec = getExtents(extent);
            std::size_t const bytes = static_cast<std::size_t>(extentVec.prod()) * sizeof(Elem);
            if(bytes > sizeof(T))
                throw std::runtime_error(
                    "memcpy: the extent " + toString(extentVec) + " covers " + std::to_string(bytes)
                    + " bytes, the device variable has " + std::to_string(sizeof(T)));
            auto* const ptr = reinterpret_cast<Elem*>(&variable.value);
            return ViewPlainPtr<DevCpu, Elem, Dim<TExtent>, Idx<TExtent>>(ptr, dev, extentVec);
        }
    } // namespace detail

    //! Copies viewSrc into a static device variable.
    template<typename TTag, typename TViewSrc, typename TTypeDst, typename TQueue>
        requires(detail::isCpuTag<TTag>)
    ALPAKA_FN_HOST auto
    memcpy(TQueue& queue, detail::DevGlobalImplGeneric<TTag, TTypeDst>& viewDst, TViewSrc const& viewSrc) -> void
    {
        auto view = detail::viewOfDevGlobal(getDev(queue), viewDst, getExtents(viewSrc));
        enqueue(queue, createTaskMemcpy(view, viewSrc, getExtents(viewSrc)));
    }

    //! Copies a static device variable into viewDst.
    template<typename TTag, typename TTypeSrc, typename TViewDstFwd, typename TQueue>
        requires(detail::isCpuTag<TTag>)
    ALPAKA_FN_HOST auto
    memcpy(TQueue& queue, TViewDstFwd&& viewDst, detail::DevGlobalImplGeneric<TTag, TTypeSrc>& viewSrc) -> void
    {
        auto const extent = getExtents(viewDst);
        auto const view = detail::viewOfDevGlobal(getDev(queue), viewSrc, extent);
        enqueue(queue, createTaskMemcpy(std::forward<TViewDstFwd>(viewDst), view, extent));
    }

    //! Copies the first `extent` elements of viewSrc into a static device variable.
    template<typename TTag, typename TExtent, typename TViewSrc, typename TTypeDst, typename TQueue>
        requires(detail::isCpuTag<TTag>)
    ALPAKA_FN_HOST auto memcpy(
        TQueue& queue,
        detail::DevGlobalImplGeneric<TTag, TTypeDst>& viewDst,
        TViewSrc const& viewSrc,
        TExtent const& extent) -> void
    {
        auto view = detail::viewOfDevGlobal(getDev(queue), viewDst, extent);
        enqueue(queue, createTaskMemcpy(view, viewSrc, extent));
    }

    //! Copies the first `extent` elements of a static device variable into viewDst.
    template<typename TTag, typename TExtent, typename TTypeSrc, typename TViewDstFwd, typename TQueue>
        requires(detail::isCpuTag<TTag>)
    ALPAKA_FN_HOST auto memcpy(
        TQueue& queue,
        TViewDstFwd&& viewDst,
        detail::DevGlobalImplGeneric<TTag, TTypeSrc>& viewSrc,
        TExtent const& extent) -> void
    {
        auto const view = detail::viewOfDevGlobal(getDev(queue), viewSrc, extent);
        enqueue(queue, createTaskMemcpy(std::forward<TViewDstFwd>(viewDst), view, extent));
    }
} // namespace alpaka
