// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! fill of views of the CPU device: a task that assigns a value to every element, block by block.

#include "alpaka/core/Debug.hpp"
#include "alpaka/detail/mem/ExtentFits.hpp"
#include "alpaka/detail/mem/StridedRows.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"
#include "alpaka/trace/Trace.hpp"

#include <cstddef>

namespace alpaka
{
    namespace detail
    {
        template<typename TElem, std::size_t TDim>
        struct TaskFillCpu
        {
            void operator()() const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("fill task");
                std::size_t const count = m_rows.width / sizeof(TElem);
                forEachRow(
                    m_rows,
                    [&](std::size_t const* offsets)
                    {
                        // A plain loop, not std::fill_n: <algorithm> (with C++20's ranges algorithms) would be
                        // compiled in every unit (docs/dev/measurements.md#headers-left-out), and GCC and clang turn
                        // this loop into the same code.
                        auto* const first = reinterpret_cast<TElem*>(m_dst + offsets[0]);
                        for(std::size_t i = 0; i < count; ++i)
                            first[i] = m_value;
                    });
            }

            std::byte* m_dst;
            StridedRows<TDim, 1> m_rows;
            TElem m_value;
            detail::MemoryOwner m_owner;
        };
    } // namespace detail

    namespace trait
    {
        template<typename TDim>
        struct CreateTaskFill<TDim, DevCpu>
        {
            template<typename TViewFwd, typename TElem, typename TExtent>
            static auto createTaskFill(TViewFwd&& view, TElem const& value, TExtent const& extent)
            {
                auto const extentVec = getExtents(extent);
                ALPAKA_DEBUG_FULL_LOG("fill on the CPU: extent " << extentVec);
                detail::checkExtentFits(view, extentVec, "fill", "destination");
                return detail::TaskFillCpu<TElem, TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(view)),
                    detail::makeStridedRowsOf(extentVec, sizeof(TElem), getPitchesInBytes(view)),
                    value,
                    detail::ownerOf(view)};
            }
        };
    } // namespace trait
    template<typename TElem, std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::TaskFillCpu<TElem, TDim>>
    {
        static auto describe(alpaka::detail::TaskFillCpu<TElem, TDim> const& task) -> Description
        {
            return {Op::Fill, "fill", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka
