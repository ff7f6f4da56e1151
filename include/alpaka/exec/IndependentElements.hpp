// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Loops where blocks work independently: independentGroups(acc, groups) gives the groups this block handles (a
//! block-stride loop over [0, groups)), independentGroupElements(acc, [first,] extent) the indices of [first, extent)
//! this thread handles within its block (a block-stride loop on GPUs, one contiguous run per thread on CPUs, as for
//! uniformElements). Along<I> and AlongX/Y/Z as for uniformElements.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/exec/detail/StridedChunkRange.hpp"
#include "alpaka/exec/detail/ThreadElementRange.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/workdiv/Traits.hpp"

#include <cstddef>

namespace alpaka
{
    //! The groups in [0, groups) this block handles along TDimIdx (default: one per block of the grid).
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto independentGroupsAlong(TAcc const& acc, Idx<TAcc> groups)
    {
        using TIdx = Idx<TAcc>;
        return detail::StridedChunkRange<TIdx>(
            getIdx<Grid, Blocks>(acc)[TDimIdx], TIdx{1}, getWorkDiv<Grid, Blocks>(acc)[TDimIdx], groups);
    }

    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto independentGroupsAlong(TAcc const& acc)
    {
        return independentGroupsAlong<TDimIdx>(acc, getWorkDiv<Grid, Blocks>(acc)[TDimIdx]);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value == 1 && sizeof...(TArgs) <= 1)
    ALPAKA_FN_ACC constexpr auto independentGroups(TAcc const& acc, TArgs... args)
    {
        return independentGroupsAlong<0>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto independentGroupsAlongX(TAcc const& acc, TArgs... args)
    {
        return independentGroupsAlong<Dim<TAcc>::value - 1>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 2)
    ALPAKA_FN_ACC constexpr auto independentGroupsAlongY(TAcc const& acc, TArgs... args)
    {
        return independentGroupsAlong<Dim<TAcc>::value - 2>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 3)
    ALPAKA_FN_ACC constexpr auto independentGroupsAlongZ(TAcc const& acc, TArgs... args)
    {
        return independentGroupsAlong<Dim<TAcc>::value - 3>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    //! The indices of [first, extent) this thread handles inside its block along TDimIdx.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlong(TAcc const& acc, Idx<TAcc> first, Idx<TAcc> extent)
    {
        return detail::threadElementRange<TAcc>(
            getIdx<Block, Threads>(acc)[TDimIdx],
            getWorkDiv<Block, Threads>(acc)[TDimIdx],
            getWorkDiv<Thread, Elems>(acc)[TDimIdx],
            first,
            extent);
    }

    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlong(TAcc const& acc, Idx<TAcc> extent)
    {
        return independentGroupElementsAlong<TDimIdx>(acc, Idx<TAcc>{0}, extent);
    }

    //! Without an extent: the elements of one block.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlong(TAcc const& acc)
    {
        return independentGroupElementsAlong<TDimIdx>(acc, Idx<TAcc>{0}, getWorkDiv<Block, Elems>(acc)[TDimIdx]);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value == 1 && sizeof...(TArgs) <= 2)
    ALPAKA_FN_ACC constexpr auto independentGroupElements(TAcc const& acc, TArgs... args)
    {
        return independentGroupElementsAlong<0>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlongX(TAcc const& acc, TArgs... args)
    {
        return independentGroupElementsAlong<Dim<TAcc>::value - 1>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 2)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlongY(TAcc const& acc, TArgs... args)
    {
        return independentGroupElementsAlong<Dim<TAcc>::value - 2>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 3)
    ALPAKA_FN_ACC constexpr auto independentGroupElementsAlongZ(TAcc const& acc, TArgs... args)
    {
        return independentGroupElementsAlong<Dim<TAcc>::value - 3>(acc, static_cast<Idx<TAcc>>(args)...);
    }
} // namespace alpaka
