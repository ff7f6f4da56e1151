// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ndLoopIncIdx: calls f(idx) for every index idx of an N-dimensional extent, in row-major order, as N nested loops
//! the compiler can optimize (the innermost loop runs over x); ndLoop: the same with the loops nested in an order of
//! one's choice.

#include "alpaka/core/Common.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <utility>

namespace alpaka::meta
{
    namespace detail
    {
        ALPAKA_NO_HOST_ACC_WARNING
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

        //! The loops of ndLoop: TFirst outermost.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TDim, typename TIdx, typename TFnObj>
        ALPAKA_FN_HOST_ACC constexpr void
        ndLoopOrdered(std::index_sequence<>, Vec<TDim, TIdx>& idx, Vec<TDim, TIdx> const&, TFnObj&& f)
        {
            f(static_cast<Vec<TDim, TIdx> const&>(idx));
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<std::size_t TFirst, std::size_t... TRest, typename TDim, typename TIdx, typename TFnObj>
        ALPAKA_FN_HOST_ACC constexpr void ndLoopOrdered(
            std::index_sequence<TFirst, TRest...>, Vec<TDim, TIdx>& idx, Vec<TDim, TIdx> const& extent, TFnObj&& f)
        {
            for(idx[TFirst] = 0; idx[TFirst] < extent[TFirst]; ++idx[TFirst])
                ndLoopOrdered(std::index_sequence<TRest...>{}, idx, extent, f);
        }

        template<std::size_t TDimCount, std::size_t... TOrder>
        constexpr auto isPermutation() -> bool
        {
            bool seen[TDimCount + 1]{};
            std::size_t const order[] = {TOrder..., 0}; // + 0: an array cannot be empty
            for(std::size_t i = 0; i != sizeof...(TOrder); ++i)
            {
                if(order[i] >= TDimCount || seen[order[i]])
                    return false;
                seen[order[i]] = true;
            }
            return sizeof...(TOrder) == TDimCount;
        }
    } // namespace detail

    //! Calls f(Vec const& idx) for every idx in [0, extent), the loops nested in the order of `order` (a permutation
    //! of 0 ... N-1): its first dimension outermost, its last innermost (upstream's ndLoop).
    ALPAKA_NO_HOST_ACC_WARNING
    template<std::size_t... TOrder, typename TDim, typename TIdx, typename TFnObj>
    ALPAKA_FN_HOST_ACC constexpr void
    ndLoop(std::index_sequence<TOrder...> order, Vec<TDim, TIdx> const& extent, TFnObj&& f)
    {
        static_assert(
            detail::isPermutation<TDim::value, TOrder...>(),
            "ndLoop: the order must name every dimension of the extent exactly once");
        Vec<TDim, TIdx> idx = Vec<TDim, TIdx>::zeros();
        detail::ndLoopOrdered(order, idx, extent, f);
    }

    //! Calls f(Vec const& idx) for every idx in [0, extent) (a 0-D extent has exactly one index).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TDim, typename TIdx, typename TFnObj>
    ALPAKA_FN_HOST_ACC constexpr void ndLoopIncIdx(Vec<TDim, TIdx> const& extent, TFnObj&& f)
    {
        Vec<TDim, TIdx> idx = Vec<TDim, TIdx>::zeros();
        detail::ndLoopLevel<0>(idx, extent, f);
    }
} // namespace alpaka::meta
