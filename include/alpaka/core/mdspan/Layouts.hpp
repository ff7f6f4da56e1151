// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! layout_right, layout_left and layout_stride of the mdspan here, as C++23 specifies them ([mdspan.layout]): a
//! mapping turns a multidimensional index into an offset. Constexpr and ALPAKA_FN_HOST_ACC throughout; the strides of
//! layout_stride are a plain array. Preconditions are not checked. Empty where the standard library's mdspan is used
//! (core/mdspan/Config.hpp). Over 500 lines because the three layouts convert into one another.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/mdspan/Config.hpp"
#include "alpaka/core/mdspan/Extents.hpp"

#if !ALPAKA_MDSPAN_STD

#    include <array>
#    include <concepts>
#    include <cstddef>
#    include <span>
#    include <type_traits>
#    include <utility>

namespace alpaka::experimental
{
    //! Row-major: the last index is the fastest (C arrays, alpaka's buffers).
    struct layout_right
    {
        template<typename TExtents>
        class mapping;
    };

    //! Column-major: the first index is the fastest (Fortran arrays).
    struct layout_left
    {
        template<typename TExtents>
        class mapping;
    };

    //! Any positive stride per rank (padded rows, transposed or strided views).
    struct layout_stride
    {
        template<typename TExtents>
        class mapping;
    };

    namespace detail
    {
        //! What mdspan and layout_stride need of a mapping (the standard's layout-mapping-alike).
        template<typename TMapping>
        concept LayoutMappingAlike = requires {
            requires isExtents<typename TMapping::extents_type>;
            { TMapping::is_always_strided() } -> std::same_as<bool>;
            { TMapping::is_always_exhaustive() } -> std::same_as<bool>;
            { TMapping::is_always_unique() } -> std::same_as<bool>;
            std::bool_constant<TMapping::is_always_strided()>::value;
            std::bool_constant<TMapping::is_always_exhaustive()>::value;
            std::bool_constant<TMapping::is_always_unique()>::value;
        };

        template<typename TMapping, typename TLayout>
        inline constexpr bool isMappingOf
            = std::is_same_v<typename TLayout::template mapping<typename TMapping::extents_type>, TMapping>;

        //! The product of the extents of the ranks [begin, end).
        template<typename TExtents>
        ALPAKA_FN_HOST_ACC constexpr auto
        extentProduct(TExtents const& ext, std::size_t begin, std::size_t end) noexcept -> typename TExtents::index_type
        {
            using Index = typename TExtents::index_type;
            Index product = 1;
            for(std::size_t r = begin; r < end; ++r)
                product = static_cast<Index>(product * ext.extent(r));
            return product;
        }

        //! The offset of the index (0, ..., 0): what a strided mapping adds to every offset.
        template<typename TMapping, std::size_t... TRanks>
        ALPAKA_FN_HOST_ACC constexpr auto offsetOfZero(TMapping const& m, std::index_sequence<TRanks...>) noexcept ->
            typename TMapping::index_type
        {
            using Index = typename TMapping::index_type;
            if constexpr(sizeof...(TRanks) > 0)
                if(extentProduct(m.extents(), 0, sizeof...(TRanks)) == 0)
                    return 0;
            return static_cast<Index>(m((static_cast<void>(TRanks), Index{0})...));
        }
    } // namespace detail

    template<typename TExtents>
    class layout_right::mapping
    {
        static_assert(detail::isExtents<TExtents>, "layout_right::mapping: the argument must be an extents type");

    public:
        using extents_type = TExtents;
        using index_type = typename extents_type::index_type;
        using size_type = typename extents_type::size_type;
        using rank_type = typename extents_type::rank_type;
        using layout_type = layout_right;

        constexpr mapping() noexcept = default;

        ALPAKA_FN_HOST_ACC constexpr mapping(extents_type const& ext) noexcept
            : m_extents(ext)
        {
        }

        template<typename TOther>
            requires std::is_constructible_v<extents_type, TOther>
        ALPAKA_FN_HOST_ACC constexpr explicit(!std::is_convertible_v<TOther, extents_type>)
            mapping(mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        //! Rank 0 and 1 only, where both layouts are the same.
        template<typename TOther>
            requires(TExtents::rank() <= 1 && std::is_constructible_v<extents_type, TOther>)
        ALPAKA_FN_HOST_ACC constexpr explicit(!std::is_convertible_v<TOther, extents_type>)
            mapping(layout_left::mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        //! Precondition: other's strides are those of layout_right.
        template<typename TOther>
            requires std::is_constructible_v<extents_type, TOther>
        ALPAKA_FN_HOST_ACC constexpr explicit(TExtents::rank() > 0)
            mapping(layout_stride::mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto extents() const noexcept -> extents_type const&
        {
            return m_extents;
        }

        ALPAKA_FN_HOST_ACC constexpr auto required_span_size() const noexcept -> index_type
        {
            return detail::extentProduct(m_extents, 0, TExtents::rank());
        }

        template<typename... TIndices>
            requires(sizeof...(TIndices) == TExtents::rank() && (std::is_convertible_v<TIndices, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TIndices> && ...))
        ALPAKA_FN_HOST_ACC constexpr auto operator()(TIndices... indices) const noexcept -> index_type
        {
            return offset(std::make_index_sequence<sizeof...(TIndices)>{}, static_cast<index_type>(indices)...);
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_unique() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_exhaustive() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_strided() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_unique() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_exhaustive() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_strided() noexcept -> bool
        {
            return true;
        }

        //! The product of the extents of the ranks after r.
        ALPAKA_FN_HOST_ACC constexpr auto stride(rank_type r) const noexcept -> index_type
            requires(TExtents::rank() > 0)
        {
            return detail::extentProduct(m_extents, r + 1, TExtents::rank());
        }

        template<typename TOther>
            requires(TOther::rank() == TExtents::rank())
        ALPAKA_FN_HOST_ACC friend constexpr auto
        operator==(mapping const& lhs, mapping<TOther> const& rhs) noexcept -> bool
        {
            return lhs.extents() == rhs.extents();
        }

    private:
        //! Horner's scheme from the slowest rank: ((i0 * e1 + i1) * e2 + i2) ...
        template<std::size_t... TRanks, typename... TIndices>
        ALPAKA_FN_HOST_ACC constexpr auto
        offset(std::index_sequence<TRanks...>, TIndices... indices) const noexcept -> index_type
        {
            index_type result = 0;
            ((result = static_cast<index_type>(result * m_extents.extent(TRanks) + indices)), ...);
            return result;
        }

        extents_type m_extents{};
    };

    template<typename TExtents>
    class layout_left::mapping
    {
        static_assert(detail::isExtents<TExtents>, "layout_left::mapping: the argument must be an extents type");

    public:
        using extents_type = TExtents;
        using index_type = typename extents_type::index_type;
        using size_type = typename extents_type::size_type;
        using rank_type = typename extents_type::rank_type;
        using layout_type = layout_left;

        constexpr mapping() noexcept = default;

        ALPAKA_FN_HOST_ACC constexpr mapping(extents_type const& ext) noexcept
            : m_extents(ext)
        {
        }

        template<typename TOther>
            requires std::is_constructible_v<extents_type, TOther>
        ALPAKA_FN_HOST_ACC constexpr explicit(!std::is_convertible_v<TOther, extents_type>)
            mapping(mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        //! Rank 0 and 1 only, where both layouts are the same.
        template<typename TOther>
            requires(TExtents::rank() <= 1 && std::is_constructible_v<extents_type, TOther>)
        ALPAKA_FN_HOST_ACC constexpr explicit(!std::is_convertible_v<TOther, extents_type>)
            mapping(layout_right::mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        //! Precondition: other's strides are those of layout_left.
        template<typename TOther>
            requires std::is_constructible_v<extents_type, TOther>
        ALPAKA_FN_HOST_ACC constexpr explicit(TExtents::rank() > 0)
            mapping(layout_stride::mapping<TOther> const& other) noexcept
            : m_extents(other.extents())
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto extents() const noexcept -> extents_type const&
        {
            return m_extents;
        }

        ALPAKA_FN_HOST_ACC constexpr auto required_span_size() const noexcept -> index_type
        {
            return detail::extentProduct(m_extents, 0, TExtents::rank());
        }

        template<typename... TIndices>
            requires(sizeof...(TIndices) == TExtents::rank() && (std::is_convertible_v<TIndices, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TIndices> && ...))
        ALPAKA_FN_HOST_ACC constexpr auto operator()(TIndices... indices) const noexcept -> index_type
        {
            return offset(std::make_index_sequence<sizeof...(TIndices)>{}, static_cast<index_type>(indices)...);
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_unique() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_exhaustive() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_strided() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_unique() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_exhaustive() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_strided() noexcept -> bool
        {
            return true;
        }

        //! The product of the extents of the ranks before r.
        ALPAKA_FN_HOST_ACC constexpr auto stride(rank_type r) const noexcept -> index_type
            requires(TExtents::rank() > 0)
        {
            return detail::extentProduct(m_extents, 0, r);
        }

        template<typename TOther>
            requires(TOther::rank() == TExtents::rank())
        ALPAKA_FN_HOST_ACC friend constexpr auto
        operator==(mapping const& lhs, mapping<TOther> const& rhs) noexcept -> bool
        {
            return lhs.extents() == rhs.extents();
        }

    private:
        //! i0 + i1 * e0 + i2 * e0 * e1 ...
        template<std::size_t... TRanks, typename... TIndices>
        ALPAKA_FN_HOST_ACC constexpr auto
        offset(std::index_sequence<TRanks...>, TIndices... indices) const noexcept -> index_type
        {
            index_type result = 0;
            index_type stride = 1;
            ((result = static_cast<index_type>(result + indices * stride),
              stride = static_cast<index_type>(stride * m_extents.extent(TRanks))),
             ...);
            return result;
        }

        extents_type m_extents{};
    };

    template<typename TExtents>
    class layout_stride::mapping
    {
        static_assert(detail::isExtents<TExtents>, "layout_stride::mapping: the argument must be an extents type");

    public:
        using extents_type = TExtents;
        using index_type = typename extents_type::index_type;
        using size_type = typename extents_type::size_type;
        using rank_type = typename extents_type::rank_type;
        using layout_type = layout_stride;

        //! The strides of layout_right.
        ALPAKA_FN_HOST_ACC constexpr mapping() noexcept
        {
            if constexpr(TExtents::rank() > 0)
            {
                layout_right::mapping<extents_type> const right{};
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                    m_strides[r] = right.stride(r);
            }
        }

        //! Precondition: the strides are positive.
        template<typename TOther>
            requires(
                std::is_convertible_v<TOther const&, index_type>
                && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr mapping(
            extents_type const& ext, std::span<TOther, TExtents::rank()> strides) noexcept
            : m_extents(ext)
        {
            initStrides(strides);
        }

        template<typename TOther>
            requires(
                std::is_convertible_v<TOther const&, index_type>
                && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr mapping(
            extents_type const& ext, std::array<TOther, TExtents::rank()> const& strides) noexcept
            : m_extents(ext)
        {
            initStrides(strides);
        }

        //! From any strided, unique mapping (layout_right, layout_left, layout_stride or one of your own); implicit
        //! from the three standard layouts where the extents convert implicitly.
        template<typename TMapping>
            requires(
                detail::LayoutMappingAlike<TMapping>
                && std::is_constructible_v<extents_type, typename TMapping::extents_type>
                && TMapping::is_always_unique() && TMapping::is_always_strided())
        ALPAKA_FN_HOST_ACC constexpr explicit(
            !(std::is_convertible_v<typename TMapping::extents_type, extents_type>
              && (detail::isMappingOf<TMapping, layout_left> || detail::isMappingOf<TMapping, layout_right>
                  || detail::isMappingOf<TMapping, layout_stride>))) mapping(TMapping const& other) noexcept
            : m_extents(other.extents())
        {
            if constexpr(TExtents::rank() > 0)
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                    m_strides[r] = static_cast<index_type>(other.stride(r));
        }

        ALPAKA_FN_HOST_ACC constexpr auto extents() const noexcept -> extents_type const&
        {
            return m_extents;
        }

        //! The strides as a std::array (whose members nvcc counts as host functions: in device code use stride(r)).
        ALPAKA_FN_HOST_ACC constexpr auto strides() const noexcept -> std::array<index_type, TExtents::rank()>
        {
            std::array<index_type, TExtents::rank()> result{};
            if constexpr(TExtents::rank() > 0)
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                    result[r] = m_strides[r];
            return result;
        }

        //! 1 + the offset of the last element, 0 if an extent is 0 (1 for rank 0).
        ALPAKA_FN_HOST_ACC constexpr auto required_span_size() const noexcept -> index_type
        {
            index_type size = 1;
            if constexpr(TExtents::rank() > 0)
            {
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                {
                    if(m_extents.extent(r) == 0)
                        return 0;
                    size = static_cast<index_type>(size + (m_extents.extent(r) - 1) * m_strides[r]);
                }
            }
            return size;
        }

        template<typename... TIndices>
            requires(sizeof...(TIndices) == TExtents::rank() && (std::is_convertible_v<TIndices, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TIndices> && ...))
        ALPAKA_FN_HOST_ACC constexpr auto operator()(TIndices... indices) const noexcept -> index_type
        {
            return offset(std::make_index_sequence<sizeof...(TIndices)>{}, static_cast<index_type>(indices)...);
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_unique() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_exhaustive() noexcept -> bool
        {
            return false;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_strided() noexcept -> bool
        {
            return true;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_unique() noexcept -> bool
        {
            return true;
        }

        //! Whether the elements fill [0, required_span_size()) without gaps: some order of the ranks starts with
        //! stride 1 and each stride is the previous one times the previous extent.
        ALPAKA_FN_HOST_ACC constexpr auto is_exhaustive() const noexcept -> bool
        {
            if constexpr(TExtents::rank() == 0)
                return true;
            else
            {
                // The ranks by ascending stride; among equal strides, extents of 1 first (and 0 last), the only
                // order in which equal strides can chain.
                constexpr rank_type rank = TExtents::rank();
                rank_type order[rank]{};
                for(rank_type r = 0; r != rank; ++r)
                    order[r] = r;
                for(rank_type i = 1; i < rank; ++i)
                    for(rank_type j = i; j > 0 && comesBefore(order[j], order[j - 1]); --j)
                    {
                        rank_type const swapped = order[j];
                        order[j] = order[j - 1];
                        order[j - 1] = swapped;
                    }
                if(m_strides[order[0]] != 1)
                    return false;
                for(rank_type i = 1; i < rank; ++i)
                    if(m_strides[order[i]] != m_strides[order[i - 1]] * m_extents.extent(order[i - 1]))
                        return false;
                return true;
            }
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_strided() noexcept -> bool
        {
            return true;
        }

        //! Unconstrained, as the standard has it; precondition r < rank().
        ALPAKA_FN_HOST_ACC constexpr auto stride([[maybe_unused]] rank_type r) const noexcept -> index_type
        {
            if constexpr(TExtents::rank() > 0)
                return m_strides[r];
            else
                return 0;
        }

        //! Equal extents, the same strides and no offset in rhs.
        template<typename TMapping>
            requires(detail::LayoutMappingAlike<TMapping> && TMapping::extents_type::rank() == TExtents::rank()
                     && TMapping::is_always_strided())
        ALPAKA_FN_HOST_ACC friend constexpr auto operator==(mapping const& lhs, TMapping const& rhs) noexcept -> bool
        {
            if(!(lhs.extents() == rhs.extents()))
                return false;
            if(detail::offsetOfZero(rhs, std::make_index_sequence<TExtents::rank()>{}) != 0)
                return false;
            if constexpr(TExtents::rank() > 0)
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                    if(!detail::cmpEqual(lhs.stride(r), rhs.stride(r)))
                        return false;
            return true;
        }

    private:
        template<typename TArray>
        ALPAKA_FN_HOST_ACC constexpr void initStrides([[maybe_unused]] TArray const& strides) noexcept
        {
            if constexpr(TExtents::rank() > 0)
                for(rank_type r = 0; r != TExtents::rank(); ++r)
                    m_strides[r] = static_cast<index_type>(detail::asConst(strides[r]));
        }

        ALPAKA_FN_HOST_ACC constexpr auto comesBefore(rank_type a, rank_type b) const noexcept -> bool
        {
            if(m_strides[a] != m_strides[b])
                return m_strides[a] < m_strides[b];
            return tieRank(m_extents.extent(a)) < tieRank(m_extents.extent(b));
        }

        ALPAKA_FN_HOST_ACC static constexpr auto tieRank(index_type extent) noexcept -> int
        {
            return extent == 1 ? 0 : (extent == 0 ? 2 : 1);
        }

        template<std::size_t... TRanks, typename... TIndices>
        ALPAKA_FN_HOST_ACC constexpr auto
        offset(std::index_sequence<TRanks...>, TIndices... indices) const noexcept -> index_type
        {
            index_type result = 0;
            ((result = static_cast<index_type>(result + indices * m_strides[TRanks])), ...);
            return result;
        }

        extents_type m_extents{};
        detail::MdArray<index_type, TExtents::rank()> m_strides{};
    };
} // namespace alpaka::experimental

#endif
