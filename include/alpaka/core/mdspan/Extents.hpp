// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! dynamic_extent, extents and dextents of the mdspan here, as C++23 specifies them ([mdspan.extents]), for C++20
//! and device code: every member is constexpr and ALPAKA_FN_HOST_ACC, the storage is plain arrays (std::array's
//! members are host functions to nvcc) holding the dynamic extents only. Preconditions are not checked. Empty where
//! the standard library's mdspan is used (core/mdspan/Config.hpp).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/mdspan/Config.hpp"

#if !ALPAKA_MDSPAN_STD

#    include <array>
#    include <cstddef>
#    include <limits>
#    include <span>
#    include <type_traits>
#    include <utility>

namespace alpaka::experimental
{
    //! An extent known only at run time (the value of std::dynamic_extent).
    inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);

    template<typename TIndex, std::size_t... TExtents>
    class extents;

    namespace detail
    {
        //! TCount values in a plain array; empty for none, so that all-static extents take no room.
        template<typename TValue, std::size_t TCount>
        struct MdArray
        {
            TValue m_values[TCount];

            ALPAKA_FN_HOST_ACC constexpr auto operator[](std::size_t i) noexcept -> TValue&
            {
                return m_values[i];
            }

            ALPAKA_FN_HOST_ACC constexpr auto operator[](std::size_t i) const noexcept -> TValue const&
            {
                return m_values[i];
            }
        };

        template<typename TValue>
        struct MdArray<TValue, 0>
        {
        };

        //! TExtents[r]; a local array, not a static one, so that device code may index it.
        template<std::size_t... TExtents>
        ALPAKA_FN_HOST_ACC constexpr auto staticExtent(std::size_t r) noexcept -> std::size_t
        {
            std::size_t const values[] = {TExtents..., 0u};
            return values[r];
        }

        template<std::size_t... TExtents>
        ALPAKA_FN_HOST_ACC constexpr auto countDynamic() noexcept -> std::size_t
        {
            return ((TExtents == dynamic_extent ? std::size_t{1} : std::size_t{0}) + ... + std::size_t{0});
        }

        //! Where rank r's extent lies among the stored (dynamic) ones: the number of dynamic extents before r.
        template<std::size_t... TExtents>
        ALPAKA_FN_HOST_ACC constexpr auto dynamicIndex(std::size_t r) noexcept -> std::size_t
        {
            std::size_t const values[] = {TExtents..., 0u};
            std::size_t count = 0;
            for(std::size_t k = 0; k != r; ++k)
                count += values[k] == dynamic_extent ? 1u : 0u;
            return count;
        }

        //! a == b for integers of any signedness, as std::cmp_equal (a host function to nvcc).
        template<typename TA, typename TB>
        ALPAKA_FN_HOST_ACC constexpr auto cmpEqual(TA a, TB b) noexcept -> bool
        {
            if constexpr(std::is_signed_v<TA> == std::is_signed_v<TB>)
                return a == b;
            else if constexpr(std::is_signed_v<TA>)
                return a >= 0 && static_cast<std::make_unsigned_t<TA>>(a) == b;
            else
                return b >= 0 && a == static_cast<std::make_unsigned_t<TB>>(b);
        }

        template<typename TValue>
        ALPAKA_FN_HOST_ACC constexpr auto asConst(TValue const& value) noexcept -> TValue const&
        {
            return value;
        }

        template<typename TIndex>
        constexpr auto representable(std::size_t value) noexcept -> bool
        {
            return static_cast<unsigned long long>(value)
                   <= static_cast<unsigned long long>(std::numeric_limits<TIndex>::max());
        }

        template<std::size_t...>
        struct SizeList
        {
        };

        //! Whether extents with static extents TFrom may become extents with TTo: same rank, equal where both static.
        template<typename TTo, typename TFrom>
        inline constexpr bool staticExtentsCompatible = false;

        template<std::size_t... TTo, std::size_t... TFrom>
            requires(sizeof...(TTo) == sizeof...(TFrom))
        inline constexpr bool staticExtentsCompatible<SizeList<TTo...>, SizeList<TFrom...>>
            = ((TTo == dynamic_extent || TFrom == dynamic_extent || TTo == TFrom) && ...);

        //! Whether that conversion must be explicit: it turns a dynamic extent into a static one.
        template<typename TTo, typename TFrom>
        inline constexpr bool staticExtentsNarrow = false;

        template<std::size_t... TTo, std::size_t... TFrom>
            requires(sizeof...(TTo) == sizeof...(TFrom))
        inline constexpr bool staticExtentsNarrow<SizeList<TTo...>, SizeList<TFrom...>>
            = ((TTo != dynamic_extent && TFrom == dynamic_extent) || ...);

        template<typename TType>
        inline constexpr bool isExtents = false;

        template<typename TIndex, std::size_t... TExtents>
        inline constexpr bool isExtents<extents<TIndex, TExtents...>> = true;

        template<std::size_t>
        inline constexpr std::size_t dynamicExtentFor = dynamic_extent;

        template<typename>
        inline constexpr std::size_t dynamicExtentForType = dynamic_extent;

        template<typename TIndex, typename TSequence>
        struct Dextents;

        template<typename TIndex, std::size_t... TRanks>
        struct Dextents<TIndex, std::index_sequence<TRanks...>>
        {
            using type = extents<TIndex, dynamicExtentFor<TRanks>...>;
        };
    } // namespace detail

    //! The extents of a multidimensional index space: one per rank, each fixed at compile time or dynamic_extent
    //! (then given at run time). Only the dynamic ones are stored.
    template<typename TIndex, std::size_t... TExtents>
    class extents : private detail::MdArray<TIndex, detail::countDynamic<TExtents...>()>
    {
        //! The dynamic extents; a base, not a member, so that all-static extents are an empty class.
        using Storage = detail::MdArray<TIndex, detail::countDynamic<TExtents...>()>;

        static_assert(
            std::is_integral_v<TIndex> && !std::is_same_v<std::remove_cv_t<TIndex>, bool>,
            "extents: the index type must be a signed or unsigned integer type");
        static_assert(
            ((TExtents == dynamic_extent || detail::representable<TIndex>(TExtents)) && ...),
            "extents: every static extent must be representable as the index type");

    public:
        using index_type = TIndex;
        using size_type = std::make_unsigned_t<TIndex>;
        using rank_type = std::size_t;

        ALPAKA_FN_HOST_ACC static constexpr auto rank() noexcept -> rank_type
        {
            return sizeof...(TExtents);
        }

        ALPAKA_FN_HOST_ACC static constexpr auto rank_dynamic() noexcept -> rank_type
        {
            return detail::countDynamic<TExtents...>();
        }

        //! The compile-time extent of rank r, or dynamic_extent.
        ALPAKA_FN_HOST_ACC static constexpr auto static_extent(rank_type r) noexcept -> std::size_t
        {
            return detail::staticExtent<TExtents...>(r);
        }

        ALPAKA_FN_HOST_ACC constexpr auto extent(rank_type r) const noexcept -> index_type
        {
            std::size_t const fixed = static_extent(r);
            if constexpr(detail::countDynamic<TExtents...>() > 0)
            {
                if(fixed == dynamic_extent)
                    return Storage::operator[](detail::dynamicIndex<TExtents...>(r));
            }
            return static_cast<index_type>(fixed);
        }

        //! Dynamic extents are 0.
        ALPAKA_FN_HOST_ACC constexpr extents() noexcept
            : Storage{}
        {
        }

        //! From extents of another index type or with other static extents: equal where both are static.
        template<typename TOtherIndex, std::size_t... TOtherExtents>
            requires detail::staticExtentsCompatible<detail::SizeList<TExtents...>, detail::SizeList<TOtherExtents...>>
        ALPAKA_FN_HOST_ACC constexpr explicit(
            detail::staticExtentsNarrow<detail::SizeList<TExtents...>, detail::SizeList<TOtherExtents...>>
            || !detail::representable<index_type>(static_cast<std::size_t>(std::numeric_limits<TOtherIndex>::max())))
            extents(extents<TOtherIndex, TOtherExtents...> const& other) noexcept
            : Storage{}
        {
            if constexpr(sizeof...(TExtents) > 0)
            {
                index_type values[sizeof...(TExtents)]{};
                for(rank_type r = 0; r != rank(); ++r)
                    values[r] = static_cast<index_type>(other.extent(r));
                init(values, rank());
            }
        }

        //! From all extents or from the dynamic ones only (a static extent given must equal its value).
        template<typename... TOther>
            requires(
                (std::is_convertible_v<TOther, index_type> && ...)
                && (std::is_nothrow_constructible_v<index_type, TOther> && ...)
                && (sizeof...(TOther) == detail::countDynamic<TExtents...>()
                    || sizeof...(TOther) == sizeof...(TExtents)))
        ALPAKA_FN_HOST_ACC constexpr explicit extents(TOther... exts) noexcept
            : Storage{}
        {
            index_type const values[] = {static_cast<index_type>(exts)..., index_type{}};
            init(values, sizeof...(TOther));
        }

        template<typename TOther, std::size_t TCount>
            requires(
                std::is_convertible_v<TOther const&, index_type>
                && std::is_nothrow_constructible_v<index_type, TOther const&>
                && (TCount == detail::countDynamic<TExtents...>() || TCount == sizeof...(TExtents)))
        ALPAKA_FN_HOST_ACC constexpr explicit(TCount != detail::countDynamic<TExtents...>())
            extents(std::span<TOther, TCount> exts) noexcept
            : Storage{}
        {
            initFrom<TCount>(exts);
        }

        template<typename TOther, std::size_t TCount>
            requires(
                std::is_convertible_v<TOther const&, index_type>
                && std::is_nothrow_constructible_v<index_type, TOther const&>
                && (TCount == detail::countDynamic<TExtents...>() || TCount == sizeof...(TExtents)))
        ALPAKA_FN_HOST_ACC constexpr explicit(TCount != detail::countDynamic<TExtents...>())
            extents(std::array<TOther, TCount> const& exts) noexcept
            : Storage{}
        {
            initFrom<TCount>(exts);
        }

        //! Equal ranks and equal extents, whatever the index types and which extents are static.
        template<typename TOtherIndex, std::size_t... TOtherExtents>
        ALPAKA_FN_HOST_ACC friend constexpr auto
        operator==(extents const& lhs, extents<TOtherIndex, TOtherExtents...> const& rhs) noexcept -> bool
        {
            if constexpr(sizeof...(TExtents) != sizeof...(TOtherExtents))
                return false;
            else
            {
                for(rank_type r = 0; r != rank(); ++r)
                    if(!detail::cmpEqual(lhs.extent(r), rhs.extent(r)))
                        return false;
                return true;
            }
        }

    private:
        //! values holds all extents (count == rank()) or the dynamic ones (count == rank_dynamic()).
        ALPAKA_FN_HOST_ACC constexpr void
        init([[maybe_unused]] index_type const* values, [[maybe_unused]] std::size_t count) noexcept
        {
            if constexpr(detail::countDynamic<TExtents...>() > 0)
            {
                std::size_t d = 0;
                for(rank_type r = 0; r != rank(); ++r)
                {
                    if(static_extent(r) == dynamic_extent)
                    {
                        Storage::operator[](d) = values[count == rank() ? r : d];
                        ++d;
                    }
                }
            }
        }

        template<std::size_t TCount, typename TArray>
        ALPAKA_FN_HOST_ACC constexpr void initFrom([[maybe_unused]] TArray const& exts) noexcept
        {
            if constexpr(TCount > 0)
            {
                index_type values[TCount]{};
                for(std::size_t i = 0; i != TCount; ++i)
                    values[i] = static_cast<index_type>(detail::asConst(exts[i]));
                init(values, TCount);
            }
        }
    };

    //! extents(3, 4) has the dynamic extents 3 and 4 of type std::size_t.
    template<typename... TIntegrals>
        requires(std::is_convertible_v<TIntegrals, std::size_t> && ...)
    explicit extents(TIntegrals...) -> extents<std::size_t, detail::dynamicExtentForType<TIntegrals>...>;

    //! Extents of rank TRank, all dynamic.
    template<typename TIndex, std::size_t TRank>
    using dextents = typename detail::Dextents<TIndex, std::make_index_sequence<TRank>>::type;
} // namespace alpaka::experimental

#endif
