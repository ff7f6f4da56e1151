// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Buffers: reference-counted memory owned by the library. allocBuf on a device, allocAsyncBuf in queue order,
//! allocMappedBuf as host memory a platform's devices can access, and the IfSupported forms that fall back to
//! allocBuf. Copies of a buffer share its memory; the last one frees it.

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/platform/Traits.hpp"
#include "alpaka/queue/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! The buffer type of a device for an element type, dimensionality and index type.
        template<typename TDev, typename TElem, typename TDim, typename TIdx, typename TSfinae = void>
        struct BufType;

        //! Static allocBuf(dev, extent).
        template<typename TElem, typename TDim, typename TIdx, typename TDev, typename TSfinae = void>
        struct BufAlloc;

        //! Static allocAsyncBuf(queue, extent): allocation and release ordered with the queue's work.
        template<typename TElem, typename TDim, typename TIdx, typename TDev, typename TSfinae = void>
        struct AsyncBufAlloc;

        //! Whether devices of TDev support allocAsyncBuf for TDim.
        template<typename TDim, typename TDev, typename TSfinae = void>
        struct HasAsyncBufSupport : std::false_type
        {
        };

        //! Static allocMappedBuf(host, platform, extent): host memory the platform's devices can access.
        template<typename TPlatform, typename TElem, typename TDim, typename TIdx, typename TSfinae = void>
        struct BufAllocMapped;

        //! Whether TPlatform supports allocMappedBuf.
        template<typename TPlatform, typename TSfinae = void>
        struct HasMappedBufSupport : std::false_type
        {
        };
    } // namespace trait

    template<typename TDev, typename TElem, typename TDim, typename TIdx>
    using Buf = typename trait::BufType<alpaka::Dev<TDev>, TElem, TDim, TIdx>::type;

    //! A buffer of `extent` elements of TElem on dev (CPU buffers are dense, GPU buffers may be pitched).
    template<typename TElem, typename TIdx, typename TExtent, typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto allocBuf(TDev const& dev, TExtent const& extent = TExtent())
    {
        return trait::BufAlloc<TElem, Dim<TExtent>, TIdx, TDev>::allocBuf(dev, extent);
    }

    //! A buffer whose allocation and release are ordered with queue: it is freed once the work enqueued before its
    //! last handle went away has finished.
    template<typename TElem, typename TIdx, typename TExtent, typename TQueue>
    [[nodiscard]] ALPAKA_FN_HOST auto allocAsyncBuf(TQueue queue, TExtent const& extent = TExtent())
    {
        return trait::AsyncBufAlloc<TElem, Dim<TExtent>, TIdx, alpaka::Dev<TQueue>>::allocAsyncBuf(queue, extent);
    }

    template<typename TDev, typename TDim>
    inline constexpr bool hasAsyncBufSupport = trait::HasAsyncBufSupport<TDim, TDev>::value;

    //! allocAsyncBuf where the device supports it, allocBuf otherwise.
    template<typename TElem, typename TIdx, typename TExtent, typename TQueue>
    [[nodiscard]] ALPAKA_FN_HOST auto allocAsyncBufIfSupported(TQueue queue, TExtent const& extent = TExtent())
    {
        if constexpr(hasAsyncBufSupport<alpaka::Dev<TQueue>, Dim<TExtent>>)
            return allocAsyncBuf<TElem, TIdx>(queue, extent);
        else
            return allocBuf<TElem, TIdx>(getDev(queue), extent);
    }

    template<typename TPlatform>
    inline constexpr bool hasMappedBufSupport = trait::HasMappedBufSupport<Platform<TPlatform>>::value;

    //! Host memory that the devices of platform can access directly (pinned and mapped for GPUs).
    template<typename TElem, typename TIdx, typename TExtent, typename TPlatform, typename TDevHost>
        requires(!isPlatform<TElem>)
    [[nodiscard]] ALPAKA_FN_HOST auto
    allocMappedBuf(TDevHost const& host, TPlatform const& platform, TExtent const& extent = TExtent())
    {
        return trait::BufAllocMapped<Platform<TPlatform>, TElem, Dim<TExtent>, TIdx>::allocMappedBuf(
            host, platform, extent);
    }

    //! The same with the platform type first (upstream 1.0's template parameter order).
    template<typename TPlatform, typename TElem, typename TIdx, typename TExtent, typename TDevHost>
        requires(isPlatform<TPlatform>)
    [[nodiscard]] ALPAKA_FN_HOST auto
    allocMappedBuf(TDevHost const& host, TPlatform const& platform, TExtent const& extent = TExtent())
    {
        return trait::BufAllocMapped<Platform<TPlatform>, TElem, Dim<TExtent>, TIdx>::allocMappedBuf(
            host, platform, extent);
    }

    //! allocMappedBuf where the platform supports it, a host buffer otherwise.
    template<typename TElem, typename TIdx, typename TExtent, typename TPlatform, typename TDevHost>
    [[nodiscard]] ALPAKA_FN_HOST auto
    allocMappedBufIfSupported(TDevHost const& host, TPlatform const& platform, TExtent const& extent = TExtent())
    {
        if constexpr(hasMappedBufSupport<TPlatform>)
            return allocMappedBuf<TElem, TIdx>(host, platform, extent);
        else
            return allocBuf<TElem, TIdx>(host, extent);
    }

    //! Seed API: pins host memory for faster GPU copies where that helps; a no-op for CPU buffers.
    template<typename TBuf>
    ALPAKA_FN_HOST auto prepareForAsyncCopy(TBuf&) -> void
    {
    }
} // namespace alpaka
