// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Loops over elements that every back-end maps well: on a GPU consecutive threads take consecutive elements, on a
//! CPU each thread takes one contiguous run of elements, which the compiler sees as a counted loop and vectorizes
//! (see detail/ThreadElementRange.hpp for the exact mapping).
//!
//! - uniformElements(acc, [first,] extent): the indices of [first, extent) this thread owns; the whole grid covers
//!   each index once, looping if the grid is smaller than the extent (a grid-stride loop).
//! - uniformElementsND(acc, extent): the same over an N-D extent, yielding Vecs.
//! - uniformGroups(acc, extent) / uniformGroupElements(acc, group, extent): two nested loops, over the blocks
//!   (groups) of elements and over the elements of a group; every thread of a block runs the same group iterations,
//!   so syncBlockThreads may be called between them.
//! - ...Along<I>, ...AlongX/Y/Z: the same along one dimension of a multi-dimensional accelerator.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/exec/ElementIndex.hpp"
#include "alpaka/exec/detail/ContiguousRange.hpp"
#include "alpaka/exec/detail/NdRange.hpp"
#include "alpaka/exec/detail/StridedChunkRange.hpp"
#include "alpaka/exec/detail/ThreadElementRange.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/Traits.hpp"

#include <cstddef>

namespace alpaka
{
    namespace detail
    {
        //! The elements of group `group` along dimension I, as ElementIndex{global, local}. A thread's elements of a
        //! group are one contiguous run on every back-end: the group is one block's elements, so the grid-stride loop
        //! over it would never take a second chunk.
        template<typename TIdx>
        class GroupElementRange
        {
        public:
            class const_iterator
            {
            public:
                ALPAKA_FN_ACC constexpr const_iterator(TIdx local, TIdx first)
                    : m_local(local)
                    , m_first(first)
                {
                }

                ALPAKA_FN_ACC constexpr auto operator*() const -> ElementIndex<TIdx>
                {
                    return {static_cast<TIdx>(m_first + m_local), m_local};
                }

                ALPAKA_FN_ACC constexpr auto operator++() -> const_iterator&
                {
                    ++m_local;
                    return *this;
                }

                ALPAKA_FN_ACC constexpr auto operator==(const_iterator const& other) const -> bool
                {
                    return m_local == other.m_local;
                }

                ALPAKA_FN_ACC constexpr auto operator!=(const_iterator const& other) const -> bool
                {
                    return m_local != other.m_local;
                }

            private:
                TIdx m_local;
                TIdx m_first;
            };

            ALPAKA_FN_ACC constexpr GroupElementRange(ContiguousRange<TIdx> local, TIdx first)
                : m_local(local)
                , m_first(first)
            {
            }

            ALPAKA_FN_ACC constexpr auto begin() const -> const_iterator
            {
                return {*m_local.begin(), m_first};
            }

            ALPAKA_FN_ACC constexpr auto end() const -> const_iterator
            {
                return {*m_local.end(), m_first};
            }

        private:
            ContiguousRange<TIdx> m_local;
            TIdx m_first;
        };

        template<std::size_t TDimIdx, typename TAcc>
        ALPAKA_FN_ACC constexpr auto uniformElementsRange(TAcc const& acc, Idx<TAcc> first, Idx<TAcc> extent)
        {
            return threadElementRange<TAcc>(
                getIdx<Grid, Threads>(acc)[TDimIdx],
                getWorkDiv<Grid, Threads>(acc)[TDimIdx],
                getWorkDiv<Thread, Elems>(acc)[TDimIdx],
                first,
                extent);
        }

        template<std::size_t TDimIdx, typename TAcc>
        ALPAKA_FN_ACC constexpr auto uniformGroupsRange(TAcc const& acc, Idx<TAcc> groups)
        {
            using TIdx = Idx<TAcc>;
            return StridedChunkRange<TIdx>(
                getIdx<Grid, Blocks>(acc)[TDimIdx], TIdx{1}, getWorkDiv<Grid, Blocks>(acc)[TDimIdx], groups);
        }

        template<std::size_t TDimIdx, typename TAcc>
        ALPAKA_FN_ACC constexpr auto uniformGroupElementsRange(TAcc const& acc, Idx<TAcc> group, Idx<TAcc> extent)
        {
            using TIdx = Idx<TAcc>;
            TIdx const elems = getWorkDiv<Thread, Elems>(acc)[TDimIdx];
            TIdx const blockElems = getWorkDiv<Block, Elems>(acc)[TDimIdx];
            TIdx const first = static_cast<TIdx>(group * blockElems);
            TIdx const rest = extent > first ? static_cast<TIdx>(extent - first) : TIdx{0};
            TIdx const localExtent = rest < blockElems ? rest : blockElems;
            TIdx const threadBegin = static_cast<TIdx>(getIdx<Block, Threads>(acc)[TDimIdx] * elems);
            TIdx const localBegin = threadBegin < localExtent ? threadBegin : localExtent;
            TIdx const localEnd
                = localExtent - localBegin < elems ? localExtent : static_cast<TIdx>(localBegin + elems);
            return GroupElementRange<TIdx>(ContiguousRange<TIdx>(localBegin, localEnd), first);
        }

        template<typename TAcc>
        inline constexpr std::size_t accDim = Dim<TAcc>::value;
    } // namespace detail

    // ---- uniformElements -----------------------------------------------------------------------------------------

    //! The indices of [first, extent) this thread owns along dimension TDimIdx.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlong(TAcc const& acc, Idx<TAcc> first, Idx<TAcc> extent)
    {
        return detail::uniformElementsRange<TDimIdx>(acc, first, extent);
    }

    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlong(TAcc const& acc, Idx<TAcc> extent)
    {
        return detail::uniformElementsRange<TDimIdx>(acc, Idx<TAcc>{0}, extent);
    }

    //! Without an extent: exactly the elements of the work division.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlong(TAcc const& acc)
    {
        return detail::uniformElementsRange<TDimIdx>(acc, Idx<TAcc>{0}, getWorkDiv<Grid, Elems>(acc)[TDimIdx]);
    }

    //! 1-D accelerators: uniformElements(acc, [first,] extent).
    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value == 1 && sizeof...(TArgs) <= 2)
    ALPAKA_FN_ACC constexpr auto uniformElements(TAcc const& acc, TArgs... args)
    {
        return uniformElementsAlong<0>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlongX(TAcc const& acc, TArgs... args)
    {
        return uniformElementsAlong<Dim<TAcc>::value - 1>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 2)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlongY(TAcc const& acc, TArgs... args)
    {
        return uniformElementsAlong<Dim<TAcc>::value - 2>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 3)
    ALPAKA_FN_ACC constexpr auto uniformElementsAlongZ(TAcc const& acc, TArgs... args)
    {
        return uniformElementsAlong<Dim<TAcc>::value - 3>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    //! The N-D indices of extent this thread owns, the last dimension fastest.
    template<typename TAcc>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto uniformElementsND(TAcc const& acc, Vec<Dim<TAcc>, Idx<TAcc>> const& extent)
    {
        using TIdx = Idx<TAcc>;
        constexpr std::size_t dim = Dim<TAcc>::value;
        auto const elems = getWorkDiv<Thread, Elems>(acc);
        auto const thread = getIdx<Grid, Threads>(acc);
        auto const threads = getWorkDiv<Grid, Threads>(acc);
        using Range = decltype(detail::threadElementRange<TAcc>(TIdx{}, TIdx{}, TIdx{}, TIdx{}, TIdx{}));
        Range ranges[dim];
        for(std::size_t i = 0; i != dim; ++i)
            ranges[i] = detail::threadElementRange<TAcc>(thread[i], threads[i], elems[i], TIdx{0}, extent[i]);
        return detail::NdRange<Vec<Dim<TAcc>, TIdx>, Range>(ranges);
    }

    template<typename TAcc>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto uniformElementsND(TAcc const& acc)
    {
        return uniformElementsND(acc, getWorkDiv<Grid, Elems>(acc));
    }

    // ---- uniformGroups -------------------------------------------------------------------------------------------

    //! The groups (blocks of elements, getWorkDiv<Block, Elems> long) this block owns, for an extent in elements.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformGroupsAlong(TAcc const& acc, Idx<TAcc> extent)
    {
        using TIdx = Idx<TAcc>;
        TIdx const blockElems = getWorkDiv<Block, Elems>(acc)[TDimIdx];
        return detail::uniformGroupsRange<TDimIdx>(acc, static_cast<TIdx>((extent + blockElems - 1) / blockElems));
    }

    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformGroupsAlong(TAcc const& acc)
    {
        return detail::uniformGroupsRange<TDimIdx>(acc, getWorkDiv<Grid, Blocks>(acc)[TDimIdx]);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value == 1 && sizeof...(TArgs) <= 1)
    ALPAKA_FN_ACC constexpr auto uniformGroups(TAcc const& acc, TArgs... args)
    {
        return uniformGroupsAlong<0>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto uniformGroupsAlongX(TAcc const& acc, TArgs... args)
    {
        return uniformGroupsAlong<Dim<TAcc>::value - 1>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 2)
    ALPAKA_FN_ACC constexpr auto uniformGroupsAlongY(TAcc const& acc, TArgs... args)
    {
        return uniformGroupsAlong<Dim<TAcc>::value - 2>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 3)
    ALPAKA_FN_ACC constexpr auto uniformGroupsAlongZ(TAcc const& acc, TArgs... args)
    {
        return uniformGroupsAlong<Dim<TAcc>::value - 3>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    // ---- uniformGroupElements ------------------------------------------------------------------------------------

    //! The elements of group `group` this thread owns, as ElementIndex{global, local}, clipped to extent.
    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformGroupElementsAlong(TAcc const& acc, Idx<TAcc> group, Idx<TAcc> extent)
    {
        return detail::uniformGroupElementsRange<TDimIdx>(acc, group, extent);
    }

    template<std::size_t TDimIdx, typename TAcc>
        requires(isAccelerator<TAcc> && TDimIdx < Dim<TAcc>::value)
    ALPAKA_FN_ACC constexpr auto uniformGroupElementsAlong(TAcc const& acc, Idx<TAcc> group)
    {
        using TIdx = Idx<TAcc>;
        TIdx const blockElems = getWorkDiv<Block, Elems>(acc)[TDimIdx];
        return detail::uniformGroupElementsRange<TDimIdx>(acc, group, static_cast<TIdx>((group + 1) * blockElems));
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value == 1 && sizeof...(TArgs) >= 1 && sizeof...(TArgs) <= 2)
    ALPAKA_FN_ACC constexpr auto uniformGroupElements(TAcc const& acc, TArgs... args)
    {
        return uniformGroupElementsAlong<0>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 1)
    ALPAKA_FN_ACC constexpr auto uniformGroupElementsAlongX(TAcc const& acc, TArgs... args)
    {
        return uniformGroupElementsAlong<Dim<TAcc>::value - 1>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 2)
    ALPAKA_FN_ACC constexpr auto uniformGroupElementsAlongY(TAcc const& acc, TArgs... args)
    {
        return uniformGroupElementsAlong<Dim<TAcc>::value - 2>(acc, static_cast<Idx<TAcc>>(args)...);
    }

    template<typename TAcc, typename... TArgs>
        requires(isAccelerator<TAcc> && Dim<TAcc>::value >= 3)
    ALPAKA_FN_ACC constexpr auto uniformGroupElementsAlongZ(TAcc const& acc, TArgs... args)
    {
        return uniformGroupElementsAlong<Dim<TAcc>::value - 3>(acc, static_cast<Idx<TAcc>>(args)...);
    }
} // namespace alpaka
