// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! submdspan(m, slices...) and full_extent of the own mdspan (C++26's submdspan, as Kokkos' mdspan offers it to
//! upstream alpaka). One slice per dimension: an index (the dimension goes away), full_extent (kept whole), or a pair
//! {first, last} (kept, [first, last)). The result is a layout_stride mdspan with dynamic extents over the same
//! elements, through the accessor's offset policy.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/mdspan/Config.hpp"
#include "alpaka/core/mdspan/Extents.hpp"
#include "alpaka/core/mdspan/Layouts.hpp"
#include "alpaka/core/mdspan/Mdspan.hpp"

#if !ALPAKA_MDSPAN_STD

#    include <array>
#    include <cstddef>
#    include <tuple>
#    include <type_traits>
#    include <utility>

namespace alpaka::experimental
{
    //! The slice that keeps a whole dimension.
    struct full_extent_t
    {
        explicit full_extent_t() = default;
    };

    inline constexpr full_extent_t full_extent{};

    namespace detail
    {
        //! A slice {first, last}: std::pair, std::tuple of two, or any type with std::get<0/1>.
        template<typename TSlice>
        concept PairSlice = requires(TSlice const& slice) {
            std::tuple_size<TSlice>::value;
            std::get<0>(slice);
            std::get<1>(slice);
        } && std::tuple_size<TSlice>::value == 2;

        template<typename TSlice>
        inline constexpr bool isIndexSlice = !std::is_same_v<TSlice, full_extent_t> && !PairSlice<TSlice>
                                             && std::is_convertible_v<TSlice, std::size_t>;

        template<typename... TSlices>
        inline constexpr std::size_t keptDimensions = (std::size_t{0} + ... + (isIndexSlice<TSlices> ? 0u : 1u));

        //! The first index a slice selects.
        template<typename TIndex, typename TSlice>
        ALPAKA_FN_HOST_ACC constexpr auto sliceFirst(TSlice const& slice) -> TIndex
        {
            if constexpr(std::is_same_v<TSlice, full_extent_t>)
                return 0;
            else if constexpr(PairSlice<TSlice>)
                return static_cast<TIndex>(std::get<0>(slice));
            else
                return static_cast<TIndex>(slice);
        }

        //! The extent a slice leaves of a dimension of `extent` (0 for an index, which removes the dimension).
        template<typename TIndex, typename TSlice>
        ALPAKA_FN_HOST_ACC constexpr auto sliceExtent(TSlice const& slice, TIndex extent) -> TIndex
        {
            if constexpr(std::is_same_v<TSlice, full_extent_t>)
                return extent;
            else if constexpr(PairSlice<TSlice>)
                return static_cast<TIndex>(
                    static_cast<TIndex>(std::get<1>(slice)) - static_cast<TIndex>(std::get<0>(slice)));
            else
                return 0;
        }

        template<typename TIndex, typename TMdspan, std::size_t... TRanks, typename... TSlices>
        ALPAKA_FN_HOST_ACC constexpr auto
        slicedExtents(TMdspan const& m, std::index_sequence<TRanks...>, TSlices const&... slices)
            -> std::array<TIndex, sizeof...(TSlices)>
        {
            return {sliceExtent<TIndex>(slices, static_cast<TIndex>(m.extent(TRanks)))...};
        }

        template<typename TMapping, typename TIndex, std::size_t TRank, std::size_t... TRanks>
        ALPAKA_FN_HOST_ACC constexpr auto
        offsetOf(TMapping const& mapping, std::array<TIndex, TRank> const& firsts, std::index_sequence<TRanks...>)
        {
            return mapping(firsts[TRanks]...);
        }
    } // namespace detail

    template<typename TElement, typename TExtents, typename TLayout, typename TAccessor, typename... TSlices>
        requires(sizeof...(TSlices) == TExtents::rank())
    ALPAKA_FN_HOST_ACC constexpr auto
    submdspan(mdspan<TElement, TExtents, TLayout, TAccessor> const& m, TSlices... slices)
    {
        using Index = typename TExtents::index_type;
        constexpr std::size_t rank = TExtents::rank();
        constexpr std::size_t subRank = detail::keptDimensions<TSlices...>;
        using SubExtents = dextents<Index, subRank>;

        std::array<Index, rank> const firsts{detail::sliceFirst<Index>(slices)...};
        auto const extents = detail::slicedExtents<Index>(m, std::make_index_sequence<rank>{}, slices...);
        bool const kept[] = {!detail::isIndexSlice<TSlices>..., false}; // + false: an array cannot be empty
        std::array<Index, subRank> subExtents{};
        std::array<Index, subRank> subStrides{};
        std::size_t k = 0;
        for(std::size_t r = 0; r != rank; ++r)
            if(kept[r])
            {
                subExtents[k] = extents[r];
                subStrides[k] = static_cast<Index>(m.stride(r));
                ++k;
            }
        using Policy = typename TAccessor::offset_policy;
        auto const offset = detail::offsetOf(m.mapping(), firsts, std::make_index_sequence<rank>{});
        return mdspan<TElement, SubExtents, layout_stride, Policy>(
            m.accessor().offset(m.data_handle(), static_cast<std::size_t>(offset)),
            typename layout_stride::template mapping<SubExtents>(SubExtents(subExtents), subStrides),
            Policy(m.accessor()));
    }
} // namespace alpaka::experimental

#endif
