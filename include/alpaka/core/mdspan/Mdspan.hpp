// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! default_accessor and mdspan of the mdspan here, as C++23 specifies them ([mdspan.accessor], [mdspan.mdspan]), for
//! C++20 and device code. C++20 has no multidimensional operator[], so elements are reached as Kokkos' reference
//! mdspan offers them in C++20: mds(i, j, k), mds(array), mds(span); mds[i] for rank 1; mds[i, j, k] where the
//! compiler has it (__cpp_multidimensional_subscript). An mdspan is trivially copyable where its data handle,
//! mapping and accessor are, so kernels take it by value. Empty where the standard library's mdspan is used
//! (core/mdspan/Config.hpp).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/mdspan/Config.hpp"
#include "alpaka/core/mdspan/Extents.hpp"
#include "alpaka/core/mdspan/Layouts.hpp"

#if !ALPAKA_MDSPAN_STD

#    include <array>
#    include <cstddef>
#    include <span>
#    include <type_traits>
#    include <utility>

namespace alpaka::experimental
{
    //! Plain pointer access: access(p, i) is p[i].
    template<typename TElement>
    struct default_accessor
    {
        static_assert(
            std::is_object_v<TElement> && !std::is_abstract_v<TElement> && !std::is_array_v<TElement>,
            "default_accessor: the element type must be a complete object type that is neither abstract nor an array");

        using offset_policy = default_accessor;
        using element_type = TElement;
        using reference = TElement&;
        using data_handle_type = TElement*;

        constexpr default_accessor() noexcept = default;

        //! From the accessor of a type whose pointers convert to ours (T to T const).
        template<typename TOther>
            requires std::is_convertible_v<TOther (*)[], TElement (*)[]>
        ALPAKA_FN_HOST_ACC constexpr default_accessor(default_accessor<TOther>) noexcept
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto access(data_handle_type p, std::size_t i) const noexcept -> reference
        {
            return p[i];
        }

        ALPAKA_FN_HOST_ACC constexpr auto offset(data_handle_type p, std::size_t i) const noexcept -> data_handle_type
        {
            return p + i;
        }
    };

    //! A multidimensional view of memory: a data handle, a layout mapping (index -> offset) and an accessor
    //! (data handle and offset -> reference). Does not own the memory.
    template<
        typename TElement,
        typename TExtents,
        typename TLayout = layout_right,
        typename TAccessor = default_accessor<TElement>>
    class mdspan
    {
        static_assert(detail::isExtents<TExtents>, "mdspan: the second argument must be an extents type");
        static_assert(
            std::is_same_v<TElement, typename TAccessor::element_type>,
            "mdspan: the element type must be the accessor's element_type");

    public:
        using extents_type = TExtents;
        using layout_type = TLayout;
        using accessor_type = TAccessor;
        using mapping_type = typename layout_type::template mapping<extents_type>;
        using element_type = TElement;
        using value_type = std::remove_cv_t<element_type>;
        using index_type = typename extents_type::index_type;
        using size_type = typename extents_type::size_type;
        using rank_type = typename extents_type::rank_type;
        using data_handle_type = typename accessor_type::data_handle_type;
        using reference = typename accessor_type::reference;

        ALPAKA_FN_HOST_ACC static constexpr auto rank() noexcept -> rank_type
        {
            return extents_type::rank();
        }

        ALPAKA_FN_HOST_ACC static constexpr auto rank_dynamic() noexcept -> rank_type
        {
            return extents_type::rank_dynamic();
        }

        ALPAKA_FN_HOST_ACC static constexpr auto static_extent(rank_type r) noexcept -> std::size_t
        {
            return extents_type::static_extent(r);
        }

        ALPAKA_FN_HOST_ACC constexpr auto extent(rank_type r) const noexcept -> index_type
        {
            return m_map.extents().extent(r);
        }

        //! A null data handle and dynamic extents of 0.
        constexpr mdspan()
            requires(TExtents::rank_dynamic() > 0 && std::is_default_constructible_v<data_handle_type>
                     && std::is_default_constructible_v<mapping_type> && std::is_default_constructible_v<accessor_type>)
        = default;

        //! From a data handle and all extents or the dynamic ones.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename... TOther>
            requires((std::is_convertible_v<TOther, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TOther> && ...)
                     && (sizeof...(TOther) == TExtents::rank() || sizeof...(TOther) == TExtents::rank_dynamic())
                     && std::is_constructible_v<mapping_type, extents_type>
                     && std::is_default_constructible_v<accessor_type>)
        ALPAKA_FN_HOST_ACC constexpr explicit mdspan(data_handle_type p, TOther... exts)
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(extents_type(static_cast<index_type>(exts)...))
        {
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther, std::size_t TCount>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>
                     && (TCount == TExtents::rank() || TCount == TExtents::rank_dynamic())
                     && std::is_constructible_v<mapping_type, extents_type>
                     && std::is_default_constructible_v<accessor_type>)
        ALPAKA_FN_HOST_ACC constexpr explicit(TCount != TExtents::rank_dynamic())
            mdspan(data_handle_type p, std::span<TOther, TCount> exts)
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(extents_type(exts))
        {
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther, std::size_t TCount>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>
                     && (TCount == TExtents::rank() || TCount == TExtents::rank_dynamic())
                     && std::is_constructible_v<mapping_type, extents_type>
                     && std::is_default_constructible_v<accessor_type>)
        ALPAKA_FN_HOST_ACC constexpr explicit(TCount != TExtents::rank_dynamic())
            mdspan(data_handle_type p, std::array<TOther, TCount> const& exts)
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(extents_type(exts))
        {
        }

        ALPAKA_FN_HOST_ACC constexpr mdspan(data_handle_type p, extents_type const& ext)
            requires(std::is_constructible_v<mapping_type, extents_type const&>
                     && std::is_default_constructible_v<accessor_type>)
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(ext)
        {
        }

        ALPAKA_FN_HOST_ACC constexpr mdspan(data_handle_type p, mapping_type const& m)
            requires std::is_default_constructible_v<accessor_type>
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(m)
        {
        }

        ALPAKA_FN_HOST_ACC constexpr mdspan(data_handle_type p, mapping_type const& m, accessor_type const& a)
            : m_ptr(static_cast<data_handle_type&&>(p))
            , m_map(m)
            , m_acc(a)
        {
        }

        //! From another mdspan whose mapping and accessor convert (T to T const, static to dynamic extents, ...).
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOtherElement, typename TOtherExtents, typename TOtherLayout, typename TOtherAccessor>
            requires(std::
                         is_constructible_v<mapping_type, typename TOtherLayout::template mapping<TOtherExtents> const&>
                     && std::is_constructible_v<accessor_type, TOtherAccessor const&>)
        ALPAKA_FN_HOST_ACC constexpr explicit(
            !std::is_convertible_v<typename TOtherLayout::template mapping<TOtherExtents> const&, mapping_type>
            || !std::is_convertible_v<TOtherAccessor const&, accessor_type>)
            mdspan(mdspan<TOtherElement, TOtherExtents, TOtherLayout, TOtherAccessor> const& other)
            : m_ptr(other.data_handle())
            , m_map(other.mapping())
            , m_acc(other.accessor())
        {
            static_assert(
                std::is_constructible_v<data_handle_type, typename TOtherAccessor::data_handle_type const&>,
                "mdspan: the other mdspan's data handle does not convert to this one's");
            static_assert(
                std::is_constructible_v<extents_type, TOtherExtents>,
                "mdspan: the other mdspan's extents do not convert to this one's");
        }

        //! The element at (i, j, k, ...): the C++20 form of C++23's mds[i, j, k].
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename... TIndices>
            requires(sizeof...(TIndices) == TExtents::rank() && (std::is_convertible_v<TIndices, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TIndices> && ...))
        ALPAKA_FN_HOST_ACC constexpr auto operator()(TIndices... indices) const -> reference
        {
            return m_acc.access(m_ptr, static_cast<std::size_t>(m_map(static_cast<index_type>(indices)...)));
        }

        //! The element at the indices of an array, as alpaka::toArray(vec) gives them.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr auto
        operator()(std::array<TOther, TExtents::rank()> const& indices) const -> reference
        {
            return fromArray(indices, std::make_index_sequence<TExtents::rank()>{});
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr auto operator()(std::span<TOther, TExtents::rank()> indices) const -> reference
        {
            return fromArray(indices, std::make_index_sequence<TExtents::rank()>{});
        }

#    if defined(__cpp_multidimensional_subscript)
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename... TIndices>
            requires(sizeof...(TIndices) == TExtents::rank() && (std::is_convertible_v<TIndices, index_type> && ...)
                     && (std::is_nothrow_constructible_v<index_type, TIndices> && ...))
        ALPAKA_FN_HOST_ACC constexpr auto operator[](TIndices... indices) const -> reference
        {
            return (*this)(indices...);
        }
#    else
        //! One index: rank 1 only before C++23.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TIndex>
            requires(TExtents::rank() == 1 && std::is_convertible_v<TIndex, index_type>
                     && std::is_nothrow_constructible_v<index_type, TIndex>)
        ALPAKA_FN_HOST_ACC constexpr auto operator[](TIndex index) const -> reference
        {
            return (*this)(index);
        }
#    endif

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr auto
        operator[](std::array<TOther, TExtents::rank()> const& indices) const -> reference
        {
            return fromArray(indices, std::make_index_sequence<TExtents::rank()>{});
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TOther>
            requires(std::is_convertible_v<TOther const&, index_type>
                     && std::is_nothrow_constructible_v<index_type, TOther const&>)
        ALPAKA_FN_HOST_ACC constexpr auto operator[](std::span<TOther, TExtents::rank()> indices) const -> reference
        {
            return fromArray(indices, std::make_index_sequence<TExtents::rank()>{});
        }

        //! The number of elements: the product of the extents (1 for rank 0).
        ALPAKA_FN_HOST_ACC constexpr auto size() const noexcept -> size_type
        {
            return static_cast<size_type>(detail::extentProduct(extents(), 0, TExtents::rank()));
        }

        ALPAKA_FN_HOST_ACC constexpr auto empty() const noexcept -> bool
        {
            for(rank_type r = 0; r != TExtents::rank(); ++r)
                if(extent(r) == 0)
                    return true;
            return false;
        }

        ALPAKA_NO_HOST_ACC_WARNING
        ALPAKA_FN_HOST_ACC friend constexpr void swap(mdspan& x, mdspan& y) noexcept
        {
            mdspan const previous = x;
            x = y;
            y = previous;
        }

        ALPAKA_FN_HOST_ACC constexpr auto extents() const noexcept -> extents_type const&
        {
            return m_map.extents();
        }

        ALPAKA_FN_HOST_ACC constexpr auto data_handle() const noexcept -> data_handle_type const&
        {
            return m_ptr;
        }

        ALPAKA_FN_HOST_ACC constexpr auto mapping() const noexcept -> mapping_type const&
        {
            return m_map;
        }

        ALPAKA_FN_HOST_ACC constexpr auto accessor() const noexcept -> accessor_type const&
        {
            return m_acc;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_unique() -> bool
        {
            return mapping_type::is_always_unique();
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_exhaustive() -> bool
        {
            return mapping_type::is_always_exhaustive();
        }

        ALPAKA_FN_HOST_ACC static constexpr auto is_always_strided() -> bool
        {
            return mapping_type::is_always_strided();
        }

        ALPAKA_FN_HOST_ACC constexpr auto is_unique() const -> bool
        {
            return m_map.is_unique();
        }

        ALPAKA_FN_HOST_ACC constexpr auto is_exhaustive() const -> bool
        {
            return m_map.is_exhaustive();
        }

        ALPAKA_FN_HOST_ACC constexpr auto is_strided() const -> bool
        {
            return m_map.is_strided();
        }

        ALPAKA_FN_HOST_ACC constexpr auto stride(rank_type r) const -> index_type
        {
            return m_map.stride(r);
        }

    private:
        template<typename TArray, std::size_t... TRanks>
        ALPAKA_FN_HOST_ACC constexpr auto
        fromArray(TArray const& indices, std::index_sequence<TRanks...>) const -> reference
        {
            return (*this)(static_cast<index_type>(detail::asConst(indices[TRanks]))...);
        }

        data_handle_type m_ptr{};
        mapping_type m_map{};
        accessor_type m_acc{};
    };

    template<typename TArray>
        requires(std::is_array_v<TArray> && std::rank_v<TArray> == 1)
    mdspan(TArray&) -> mdspan<std::remove_all_extents_t<TArray>, extents<std::size_t, std::extent_v<TArray, 0>>>;

    template<typename TPointer>
        requires(std::is_pointer_v<std::remove_reference_t<TPointer>>)
    mdspan(TPointer&&) -> mdspan<std::remove_pointer_t<std::remove_reference_t<TPointer>>, extents<std::size_t>>;

    template<typename TElement, typename... TIntegrals>
        requires((std::is_convertible_v<TIntegrals, std::size_t> && ...) && sizeof...(TIntegrals) > 0)
    explicit mdspan(TElement*, TIntegrals...) -> mdspan<TElement, dextents<std::size_t, sizeof...(TIntegrals)>>;

    template<typename TElement, typename TOther, std::size_t TCount>
    mdspan(TElement*, std::span<TOther, TCount>) -> mdspan<TElement, dextents<std::size_t, TCount>>;

    template<typename TElement, typename TOther, std::size_t TCount>
    mdspan(TElement*, std::array<TOther, TCount> const&) -> mdspan<TElement, dextents<std::size_t, TCount>>;

    template<typename TElement, typename TIndex, std::size_t... TExtents>
    mdspan(TElement*, extents<TIndex, TExtents...> const&) -> mdspan<TElement, extents<TIndex, TExtents...>>;

    template<typename TElement, typename TMapping>
    mdspan(TElement*, TMapping const&)
        -> mdspan<TElement, typename TMapping::extents_type, typename TMapping::layout_type>;

    template<typename TMapping, typename TAccessor>
    mdspan(typename TAccessor::data_handle_type const&, TMapping const&, TAccessor const&)
        -> mdspan<
            typename TAccessor::element_type,
            typename TMapping::extents_type,
            typename TMapping::layout_type,
            TAccessor>;
} // namespace alpaka::experimental

#endif
