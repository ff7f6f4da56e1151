// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! WorkDivMembers<TDim, TIdx>: a work division stored as three extents (blocks per grid, threads per block,
//! elements per thread), each a Vec in [z][y][x] order.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/Traits.hpp"

#include <cstddef>
#include <type_traits>
#if !ALPAKA_RTC
#    include <ostream>
#endif

namespace alpaka
{
    namespace detail
    {
        //! Anything getExtents() accepts: Vecs, scalars, views.
        template<typename T>
        concept ExtentLike = requires(T const& x) { trait::GetExtents<T>{}(x); };

        //! The last TDim::value extents of x, padded in front with 1: a scalar 5 becomes (1, 1, 5) in 3-D, and a 3-D
        //! extent in a 2-D work division keeps its y and x.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TDim, typename TIdx, typename TExtent>
        ALPAKA_FN_HOST_ACC constexpr auto extentsToEnd(TExtent const& extent) -> Vec<TDim, TIdx>
        {
            auto const in = getExtents(extent);
            constexpr std::size_t dimIn = Dim<TExtent>::value;
            constexpr std::size_t dimOut = TDim::value;
            Vec<TDim, TIdx> result = Vec<TDim, TIdx>::ones();
            for(std::size_t i = 0; i != dimOut && i != dimIn; ++i)
                result[dimOut - 1 - i] = static_cast<TIdx>(in[dimIn - 1 - i]);
            return result;
        }
    } // namespace detail

    template<typename TDim, typename TIdx>
    class WorkDivMembers : public concepts::Implements<ConceptWorkDiv, WorkDivMembers<TDim, TIdx>>
    {
    public:
        using Dim = TDim;
        using Idx = TIdx;
        using Vec = alpaka::Vec<TDim, TIdx>;

        //! From three Vecs; elements per thread default to 1.
        ALPAKA_FN_HOST_ACC constexpr WorkDivMembers(
            Vec const& gridBlockExtent, Vec const& blockThreadExtent, Vec const& threadElemExtent = Vec::ones())
            : m_gridBlockExtent(gridBlockExtent)
            , m_blockThreadExtent(blockThreadExtent)
            , m_threadElemExtent(threadElemExtent)
        {
        }

        //! From scalars or lower-dimensional extents, which fill the fast end and leave 1 in front.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TGridBlockExtent, typename TBlockThreadExtent, typename TThreadElemExtent = Vec>
            requires(detail::ExtentLike<TGridBlockExtent> && detail::ExtentLike<TBlockThreadExtent>
                     && detail::ExtentLike<TThreadElemExtent>
                     && !(
                         std::is_same_v<TGridBlockExtent, Vec> && std::is_same_v<TBlockThreadExtent, Vec>
                         && std::is_same_v<TThreadElemExtent, Vec>))
        ALPAKA_FN_HOST_ACC constexpr WorkDivMembers(
            TGridBlockExtent const& gridBlockExtent,
            TBlockThreadExtent const& blockThreadExtent,
            TThreadElemExtent const& threadElemExtent = Vec::ones())
            : m_gridBlockExtent(detail::extentsToEnd<TDim, TIdx>(gridBlockExtent))
            , m_blockThreadExtent(detail::extentsToEnd<TDim, TIdx>(blockThreadExtent))
            , m_threadElemExtent(detail::extentsToEnd<TDim, TIdx>(threadElemExtent))
        {
        }

        //! From any other work division (an accelerator included) of the same dimensionality.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TWorkDiv>
            requires(!std::is_same_v<std::remove_cvref_t<TWorkDiv>, WorkDivMembers>
                     && requires(TWorkDiv const& w) { alpaka::getWorkDiv<origin::Grid, unit::Blocks>(w); })
        ALPAKA_FN_HOST_ACC explicit WorkDivMembers(TWorkDiv const& other)
            : m_gridBlockExtent(alpaka::getWorkDiv<origin::Grid, unit::Blocks>(other))
            , m_blockThreadExtent(alpaka::getWorkDiv<origin::Block, unit::Threads>(other))
            , m_threadElemExtent(alpaka::getWorkDiv<origin::Thread, unit::Elems>(other))
        {
        }

        ALPAKA_FN_HOST_ACC friend constexpr auto operator==(WorkDivMembers const& a, WorkDivMembers const& b) -> bool
        {
            return a.m_gridBlockExtent == b.m_gridBlockExtent && a.m_blockThreadExtent == b.m_blockThreadExtent
                   && a.m_threadElemExtent == b.m_threadElemExtent;
        }

        ALPAKA_FN_HOST_ACC friend constexpr auto operator!=(WorkDivMembers const& a, WorkDivMembers const& b) -> bool
        {
            return !(a == b);
        }

#if !ALPAKA_RTC
        //! Prints `{gridBlockExtent: (..), blockThreadExtent: (..), threadElemExtent: (..)}`.
        friend auto operator<<(std::ostream& os, WorkDivMembers const& workDiv) -> std::ostream&
        {
            return os << "{gridBlockExtent: " << workDiv.m_gridBlockExtent
                      << ", blockThreadExtent: " << workDiv.m_blockThreadExtent
                      << ", threadElemExtent: " << workDiv.m_threadElemExtent << "}";
        }
#endif

        Vec m_gridBlockExtent;
        Vec m_blockThreadExtent;
        Vec m_threadElemExtent;
    };

    //! CTAD from Vecs: WorkDivMembers{Vec{4, 8}, Vec{1, 1}, Vec{1, 1}} is a 2-D work division.
    template<typename TDim, typename TIdx>
    ALPAKA_FN_HOST_ACC WorkDivMembers(Vec<TDim, TIdx> const&, Vec<TDim, TIdx> const&, Vec<TDim, TIdx> const&)
        -> WorkDivMembers<TDim, TIdx>;

    template<typename TDim, typename TIdx>
    ALPAKA_FN_HOST_ACC WorkDivMembers(Vec<TDim, TIdx> const&, Vec<TDim, TIdx> const&) -> WorkDivMembers<TDim, TIdx>;

    //! CTAD from scalars: a 1-D work division with the scalars' type as index type.
    template<typename TIdx>
        requires std::is_integral_v<TIdx>
    ALPAKA_FN_HOST_ACC WorkDivMembers(TIdx, TIdx, TIdx) -> WorkDivMembers<DimInt<1>, TIdx>;

    template<typename TIdx>
        requires std::is_integral_v<TIdx>
    ALPAKA_FN_HOST_ACC WorkDivMembers(TIdx, TIdx) -> WorkDivMembers<DimInt<1>, TIdx>;

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<WorkDivMembers<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<WorkDivMembers<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivMembers<TDim, TIdx>, origin::Grid, unit::Blocks>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto
            getWorkDiv(WorkDivMembers<TDim, TIdx> const& workDiv) -> Vec<TDim, TIdx>
            {
                return workDiv.m_gridBlockExtent;
            }
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivMembers<TDim, TIdx>, origin::Block, unit::Threads>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto
            getWorkDiv(WorkDivMembers<TDim, TIdx> const& workDiv) -> Vec<TDim, TIdx>
            {
                return workDiv.m_blockThreadExtent;
            }
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivMembers<TDim, TIdx>, origin::Thread, unit::Elems>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto
            getWorkDiv(WorkDivMembers<TDim, TIdx> const& workDiv) -> Vec<TDim, TIdx>
            {
                return workDiv.m_threadElemExtent;
            }
        };
    } // namespace trait
} // namespace alpaka
