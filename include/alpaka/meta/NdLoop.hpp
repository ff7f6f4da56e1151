// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ndLoop: calls f(idx) for every index idx of an N-dimensional extent, in row-major order, as N nested loops the
//! compiler can optimize (the innermost loop runs over x).

#include "alpaka/core/Common.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka::meta
{
    namespace detail
    {
        template<std::size_t TLevel, typename TDim, typename TIdx, typename TFnObj>
        ALPAKA_FN_HOST_ACC constexpr void ndLoopLevel(Vec<TDim, TIdx>& idx, Vec<TDim, TIdx> const& extent, TFnObj&& f)
        {
            if constexpr(TLevel == TDim::value)
            {
                f(static_cast<Vec<TDim, TIdx> const&>(idx));
            }
            else
            {
                for(idx[TLevel] = 0; idx[TLevel] < extent[TLevel]; ++idx[TLevel])
                    ndLoopLevel<TLevel + 1>(idx, extent, f);
            }
        }
    } // namespace detail

    //! Calls f(Vec const& idx) for every idx in [0, extent) (a 0-D extent has exactly one index).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TDim, typename TIdx, typename TFnObj>
    ALPAKA_FN_HOST_ACC constexpr void ndLoopIncIdx(Vec<TDim, TIdx> const& extent, TFnObj&& f)
    {
        Vec<TDim, TIdx> idx = Vec<TDim, TIdx>::zeros();
        detail::ndLoopLevel<0>(idx, extent, f);
    }
} // namespace alpaka::meta
