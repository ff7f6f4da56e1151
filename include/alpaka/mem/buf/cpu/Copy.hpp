// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! memcpy between views of the CPU device: a task that copies contiguous blocks (whole rows, or the whole region
//! where both views are dense) with memmove. The task holds the views' memory alive until it has run.

#include "alpaka/core/Debug.hpp"
#include "alpaka/detail/mem/ExtentFits.hpp"
#include "alpaka/detail/mem/StridedRows.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"
#include "alpaka/trace/Trace.hpp"

#include <cstddef>
#include <cstring>
#include <utility>

namespace alpaka
{
    namespace detail
    {
        template<std::size_t TDim>
        struct TaskCopyCpu
        {
            void operator()() const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("memcpy task");
                forEachRow(
                    m_rows,
                    [&](std::size_t const* offsets)
                    { std::memmove(m_dst + offsets[0], m_src + offsets[1], m_rows.width); });
            }

            std::byte* m_dst;
            std::byte const* m_src;
            StridedRows<TDim, 2> m_rows;
            detail::MemoryOwner m_dstOwner;
            detail::MemoryOwner m_srcOwner;
        };
    } // namespace detail

    namespace trait
    {
        template<typename TDim>
        struct CreateTaskMemcpy<TDim, DevCpu, DevCpu>
        {
            template<typename TViewDstFwd, typename TViewSrc, typename TExtent>
            static auto createTaskMemcpy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
            {
                auto const extentVec = getExtents(extent);
                ALPAKA_DEBUG_FULL_LOG("memcpy on the CPU: extent " << extentVec);
                detail::checkExtentFits(viewDst, extentVec, "memcpy", "destination");
                detail::checkExtentFits(viewSrc, extentVec, "memcpy", "source");
                using Elem = alpaka::Elem<std::remove_cvref_t<TViewDstFwd>>;
                return detail::TaskCopyCpu<TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(viewDst)),
                    reinterpret_cast<std::byte const*>(getPtrNative(viewSrc)),
                    detail::makeStridedRowsOf(
                        extentVec, sizeof(Elem), getPitchesInBytes(viewDst), getPitchesInBytes(viewSrc)),
                    detail::ownerOf(viewDst),
                    detail::ownerOf(viewSrc)};
            }
        };
    } // namespace trait
    template<std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::TaskCopyCpu<TDim>>
    {
        static auto describe(alpaka::detail::TaskCopyCpu<TDim> const& task) -> Description
        {
            return {Op::Copy, "copy", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka
