// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! memset of views of the CPU device: a task that sets contiguous blocks with std::memset.

#include "alpaka/core/Debug.hpp"
#include "alpaka/detail/mem/ExtentFits.hpp"
#include "alpaka/detail/mem/StridedRows.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"
#include "alpaka/trace/Trace.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace alpaka
{
    namespace detail
    {
        template<std::size_t TDim>
        struct TaskSetCpu
        {
            void operator()() const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("memset task");
                forEachRow(
                    m_rows, [&](std::size_t const* offsets) { std::memset(m_dst + offsets[0], m_byte, m_rows.width); });
            }

            std::byte* m_dst;
            StridedRows<TDim, 1> m_rows;
            std::uint8_t m_byte;
            detail::MemoryOwner m_owner;
        };
    } // namespace detail

    namespace trait
    {
        template<typename TDim>
        struct CreateTaskMemset<TDim, DevCpu>
        {
            template<typename TViewFwd, typename TExtent>
            static auto createTaskMemset(TViewFwd&& view, std::uint8_t const& byte, TExtent const& extent)
            {
                auto const extentVec = getExtents(extent);
                ALPAKA_DEBUG_FULL_LOG("memset on the CPU: extent " << extentVec);
                detail::checkExtentFits(view, extentVec, "memset", "destination");
                using Elem = alpaka::Elem<std::remove_cvref_t<TViewFwd>>;
                return detail::TaskSetCpu<TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(view)),
                    detail::makeStridedRowsOf(extentVec, sizeof(Elem), getPitchesInBytes(view)),
                    byte,
                    detail::ownerOf(view)};
            }
        };
    } // namespace trait
    template<std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::TaskSetCpu<TDim>>
    {
        static auto describe(alpaka::detail::TaskSetCpu<TDim> const& task) -> Description
        {
            return {Op::Memset, "memset", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka
