// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Checking a work division against what an accelerator supports. One function finds the first violated limit and
//! describes it; isValidWorkDiv and the kernel launches of every back-end use it, so the messages are the same
//! everywhere.

#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/workdiv/Traits.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace alpaka
{
    //! Whether the limits are usable: every count and maximal extent is at least 1.
    template<typename TDim, typename TIdx>
    [[nodiscard]] ALPAKA_FN_HOST auto isValidAccDevProps(AccDevProps<TDim, TIdx> const& props) -> bool
    {
        // Not a generic lambda: GCC would warn (-Wtype-limits) about `i < 0` in its 0-D instantiation.
        auto const positive = [](Vec<TDim, TIdx> const& vec)
        {
            for(std::size_t i = 0; i != TDim::value; ++i)
                if(!(vec[i] >= 1))
                    return false;
            return true;
        };
        return props.m_gridBlockCountMax >= 1 && props.m_blockThreadCountMax >= 1 && props.m_threadElemCountMax >= 1
               && positive(props.m_gridBlockExtentMax) && positive(props.m_blockThreadExtentMax)
               && positive(props.m_threadElemExtentMax);
    }

    namespace detail
    {
        //! Sets zero when a component of extent is 0, negative when one is below 0 (a function, not a generic lambda:
        //! nvcc's front end refuses `if constexpr` in the latter).
        template<typename TVec>
        ALPAKA_FN_HOST void scanExtentSigns(TVec const& extent, bool& zero, bool& negative)
        {
            if constexpr(TVec::Dim::value > 0) // no `i < 0` loop to warn about in 0-D
            {
                for(std::size_t i = 0; i < TVec::Dim::value; ++i)
                {
                    if(extent[i] == 0)
                        zero = true;
                    if constexpr(std::is_signed_v<typename TVec::Val>)
                    {
                        if(extent[i] < 0)
                            negative = true;
                    }
                }
            }
        }

        //! Whether a launch with workDiv runs nothing: a component of 0 in the grid, the block or the elements per
        //! thread, and none negative. Upstream's CPU back-ends run such a launch as a no-op (their loops find no block)
        //! and its GPU back-ends skip it, since the GPU runtimes reject empty grids; so do all back-ends here. Negative
        //! components stay an error.
        template<typename TWorkDiv>
        [[nodiscard]] ALPAKA_FN_HOST auto isEmptyWorkDiv(TWorkDiv const& workDiv) -> bool
        {
            bool zero = false;
            bool negative = false;
            scanExtentSigns(getWorkDiv<Grid, Blocks>(workDiv), zero, negative);
            scanExtentSigns(getWorkDiv<Block, Threads>(workDiv), zero, negative);
            scanExtentSigns(getWorkDiv<Thread, Elems>(workDiv), zero, negative);
            return zero && !negative;
        }

        //! Why workDiv violates props (or a kernel's thread limit, 0 for none); empty when it is valid.
        template<typename TDim, typename TIdx, typename TWorkDiv>
        auto describeInvalidWorkDiv(
            AccDevProps<TDim, TIdx> const& props,
            TWorkDiv const& workDiv,
            TIdx kernelBlockThreadCountMax = 0) -> std::string
        {
            auto const gridBlocks = getWorkDiv<Grid, Blocks>(workDiv);
            auto const blockThreads = getWorkDiv<Block, Threads>(workDiv);
            auto const threadElems = getWorkDiv<Thread, Elems>(workDiv);

            struct Level
            {
                char const* name;
                Vec<TDim, TIdx> extent;
                Vec<TDim, TIdx> extentMax;
                TIdx countMax;
                char const* unit;
            };

            TIdx blockThreadCountMax = props.m_blockThreadCountMax;
            if(kernelBlockThreadCountMax > 0 && kernelBlockThreadCountMax < blockThreadCountMax)
                blockThreadCountMax = kernelBlockThreadCountMax;
            Level const levels[]
                = {{"gridBlockExtent",
                    castVec<TIdx>(gridBlocks),
                    props.m_gridBlockExtentMax,
                    props.m_gridBlockCountMax,
                    "blocks in the grid"},
                   {"blockThreadExtent",
                    castVec<TIdx>(blockThreads),
                    props.m_blockThreadExtentMax,
                    blockThreadCountMax,
                    "threads per block"},
                   {"threadElemExtent",
                    castVec<TIdx>(threadElems),
                    props.m_threadElemExtentMax,
                    props.m_threadElemCountMax,
                    "elements per thread"}};

            for(auto const& level : levels)
            {
                for(std::size_t i = 0; i != TDim::value; ++i)
                {
                    if(!(level.extent[i] >= 1))
                        return formatMessage(
                            "%s %s has a component below 1; every extent of a work division must be at least 1",
                            level.name,
                            toString(level.extent).c_str());
                    if(level.extent[i] > level.extentMax[i])
                        return formatMessage(
                            "%s %s exceeds the maximum %s in dimension %zu",
                            level.name,
                            toString(level.extent).c_str(),
                            toString(level.extentMax).c_str(),
                            i);
                }
                // The product of extents that are each within TIdx can still overflow TIdx: compare in long double.
                long double count = 1;
                for(std::size_t i = 0; i != TDim::value; ++i)
                    count *= static_cast<long double>(level.extent[i]);
                if(count > static_cast<long double>(level.countMax))
                {
                    // A count beyond 2**64 has no integer to print (and converting it to one is undefined).
                    bool const huge = count >= 18446744073709551616.0L;
                    return formatMessage(
                        "%s %s has %s%s %s, at most %s are supported",
                        level.name,
                        toString(level.extent).c_str(),
                        huge ? "more than " : "",
                        huge ? "2**64" : intText(static_cast<unsigned long long>(count)).text,
                        level.unit,
                        intText(level.countMax).text);
                }
            }
            return {};
        }

        //! Throws std::runtime_error naming the accelerator (accName(), asked for only then: building the name on
        //! every launch was a measurable part of a CPU launch, docs/dev/measurements.md#code-per-launched-kernel), the
        //! work division and the violated limit.
        //! accName is a function pointer, not a template parameter: a lambda per launch site would instantiate this
        //! function once per kernel.
        template<typename TDim, typename TIdx, typename TWorkDiv>
        void throwIfInvalidWorkDiv(
            AccDevProps<TDim, TIdx> const& props,
            TWorkDiv const& workDiv,
            std::string (*accName)(),
            TIdx kernelBlockThreadCountMax = 0)
        {
            auto const problem = describeInvalidWorkDiv(props, workDiv, kernelBlockThreadCountMax);
            if(!problem.empty())
                throwRuntimeError(
                    "invalid work division for %s: %s (gridBlockExtent %s, blockThreadExtent %s, threadElemExtent %s)",
                    accName().c_str(),
                    problem.c_str(),
                    toString(getWorkDiv<Grid, Blocks>(workDiv)).c_str(),
                    toString(getWorkDiv<Block, Threads>(workDiv)).c_str(),
                    toString(getWorkDiv<Thread, Elems>(workDiv)).c_str());
        }
    } // namespace detail

    //! Whether workDiv respects the limits props.
    template<typename TDim, typename TIdx, typename TWorkDiv>
    [[nodiscard]] ALPAKA_FN_HOST auto
    isValidWorkDiv(AccDevProps<TDim, TIdx> const& props, TWorkDiv const& workDiv) -> bool
    {
        return detail::describeInvalidWorkDiv(props, workDiv).empty();
    }
} // namespace alpaka
