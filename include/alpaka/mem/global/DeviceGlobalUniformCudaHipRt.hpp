// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Static device memory on CUDA/HIP: ALPAKA_STATIC_ACC_MEM_GLOBAL / _CONSTANT declare the variable __device__ /
//! __constant__ (core/Common.hpp); kernels use var<TAcc>.get(), the host copies to and from it with memcpy, which
//! finds the variable's device address with cudaGetSymbolAddress.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Common.hpp"
#    include "alpaka/mem/global/Traits.hpp"

#    include <type_traits>

namespace alpaka::detail
{
    template<typename TTag>
    inline constexpr bool isUniformCudaHipTag = std::is_same_v<TTag, TagGpuCudaRt> || std::is_same_v<TTag, TagGpuHipRt>;

    template<typename TTag, typename T>
    struct DevGlobalTrait<TTag, T, std::enable_if_t<isUniformCudaHipTag<TTag>>>
    {
        using Type = DevGlobalImplGeneric<TTag, T>;
    };
} // namespace alpaka::detail

#    if ALPAKA_GPU_LANG_ACTIVE && !ALPAKA_RTC

#        include "alpaka/detail/cudaHip/Check.hpp"
#        include "alpaka/dev/DevUniformCudaHipRt.hpp"
#        include "alpaka/mem/view/Traits.hpp"
#        include "alpaka/mem/view/ViewPlainPtr.hpp"

#        include <cstddef>
#        include <stdexcept>
#        include <string>
#        include <utility>

namespace alpaka
{
    namespace detail
    {
        //! A view of the device variable's memory on the queue's device.
        template<typename TQueue, typename TTag, typename T, typename TExtent>
        auto viewOfDevGlobalGpu(TQueue const& queue, DevGlobalImplGeneric<TTag, T>& variable, TExtent const& extent)
        {
            using Dev = alpaka::Dev<TQueue>;
            using Api = typename Dev::Api;
            using Elem = std::remove_const_t<std::remove_all_extents_t<T>>;
            auto const extentVec = getExtents(extent);
            std::size_t const bytes = static_cast<std::size_t>(extentVec.prod()) * sizeof(Elem);
            if(bytes > sizeof(T))
                throw std::runtime_error(
                    "memcpy: the extent " + toString(extentVec) + " covers " + std::to_string(bytes)
                    + " bytes, the device variable has " + std::to_string(sizeof(T)));
            auto const dev = getDev(queue);
            dev.makeCurrent();
            void* ptr = nullptr;
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(Api, Api::getSymbolAddress(&ptr, variable));
            return ViewPlainPtr<Dev, Elem, Dim<TExtent>, Idx<TExtent>>(static_cast<Elem*>(ptr), dev, extentVec);
        }
    } // namespace detail

    template<typename TTag, typename TViewSrc, typename TTypeDst, typename TQueue>
        requires(detail::isUniformCudaHipTag<TTag>)
    ALPAKA_FN_HOST auto
    memcpy(TQueue& queue, detail::DevGlobalImplGeneric<TTag, TTypeDst>& viewDst, TViewSrc const& viewSrc) -> void
    {
        auto view = detail::viewOfDevGlobalGpu(queue, viewDst, getExtents(viewSrc));
        enqueue(queue, createTaskMemcpy(view, viewSrc, getExtents(viewSrc)));
    }

    template<typename TTag, typename TTypeSrc, typename TViewDstFwd, typename TQueue>
        requires(detail::isUniformCudaHipTag<TTag>)
    ALPAKA_FN_HOST auto
    memcpy(TQueue& queue, TViewDstFwd&& viewDst, detail::DevGlobalImplGeneric<TTag, TTypeSrc>& viewSrc) -> void
    {
        auto const extent = getExtents(viewDst);
        auto const view = detail::viewOfDevGlobalGpu(queue, viewSrc, extent);
        enqueue(queue, createTaskMemcpy(std::forward<TViewDstFwd>(viewDst), view, extent));
    }

    template<typename TTag, typename TExtent, typename TViewSrc, typename TTypeDst, typename TQueue>
        requires(detail::isUniformCudaHipTag<TTag>)
    ALPAKA_FN_HOST auto memcpy(
        TQueue& queue,
        detail::DevGlobalImplGeneric<TTag, TTypeDst>& viewDst,
        TViewSrc const& viewSrc,
        TExtent const& extent) -> void
    {
        auto view = detail::viewOfDevGlobalGpu(queue, viewDst, extent);
        enqueue(queue, createTaskMemcpy(view, viewSrc, extent));
    }

    template<typename TTag, typename TExtent, typename TTypeSrc, typename TViewDstFwd, typename TQueue>
        requires(detail::isUniformCudaHipTag<TTag>)
    ALPAKA_FN_HOST auto memcpy(
        TQueue& queue,
        TViewDstFwd&& viewDst,
        detail::DevGlobalImplGeneric<TTag, TTypeSrc>& viewSrc,
        TExtent const& extent) -> void
    {
        auto const view = detail::viewOfDevGlobalGpu(queue, viewSrc, extent);
        enqueue(queue, createTaskMemcpy(std::forward<TViewDstFwd>(viewDst), view, extent));
    }
} // namespace alpaka

#    endif
#endif
