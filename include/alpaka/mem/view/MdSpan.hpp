// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Views as mdspans, with upstream's names: getMdSpan(view) and getMdSpanTransposed(view) in alpaka::experimental,
//! the type MdSpan<TElem, TIdx, TDim> they return, and the trait traits::GetMdSpan a view type may specialize.
//! Pitches are in bytes and need not be multiples of the element size, so the mapping yields byte offsets and the
//! accessor (detail::ByteIndexedAccessor) reads the element at a byte offset. Defines ALPAKA_USE_MDSPAN, the macro
//! upstream's code tests, since the mdspan here is always available.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/MdSpan.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/elem/Traits.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#ifndef ALPAKA_USE_MDSPAN
#    define ALPAKA_USE_MDSPAN
#endif

namespace alpaka::experimental
{
    namespace detail
    {
        //! An mdspan accessor whose offsets count bytes: the data handle is a byte pointer, access(p, i) is the
        //! TElem at p + i.
        template<typename TElem>
        struct ByteIndexedAccessor
        {
            using offset_policy = ByteIndexedAccessor;
            using element_type = TElem;
            using reference = TElem&;
            using data_handle_type = std::conditional_t<std::is_const_v<TElem>, std::byte const*, std::byte*>;

            constexpr ByteIndexedAccessor() noexcept = default;

            //! From the accessor of a type whose pointers convert to ours (T to T const).
            template<typename TOther>
                requires std::is_convertible_v<TOther (*)[], TElem (*)[]>
            ALPAKA_FN_HOST_ACC constexpr ByteIndexedAccessor(ByteIndexedAccessor<TOther>) noexcept
            {
            }

            ALPAKA_FN_HOST_ACC constexpr auto
            offset(data_handle_type p, std::size_t i) const noexcept -> data_handle_type
            {
                return p + i;
            }

            ALPAKA_FN_HOST_ACC constexpr auto access(data_handle_type p, std::size_t i) const noexcept -> reference
            {
                return *reinterpret_cast<TElem*>(p + i);
            }
        };
    } // namespace detail

    //! What getMdSpan returns: dynamic extents of type TIdx, byte strides, byte-indexed access to TElem.
    template<typename TElem, typename TIdx, typename TDim>
    using MdSpan = mdspan<TElem, dextents<TIdx, TDim::value>, layout_stride, detail::ByteIndexedAccessor<TElem>>;

    namespace traits
    {
        //! Static getMdSpan(view) and getMdSpanTransposed(view). The default serves every view: its native pointer,
        //! extents and pitches. TView may be const; then the elements are const.
        template<typename TView, typename TSfinae = void>
        struct GetMdSpan
        {
        private:
            using View = std::remove_cv_t<TView>;
            using Elem = std::conditional_t<std::is_const_v<TView>, alpaka::Elem<View> const, alpaka::Elem<View>>;
            using Idx = alpaka::Idx<View>;
            using Dim = alpaka::Dim<View>;
            using Result = MdSpan<Elem, Idx, Dim>;
            using Extents = typename Result::extents_type;
            using Mapping = typename Result::mapping_type;
            static constexpr std::size_t dim = Dim::value;

            template<std::size_t... TRanks>
            static auto make(TView& view, [[maybe_unused]] bool transposed, std::index_sequence<TRanks...>) -> Result
            {
                [[maybe_unused]] auto const viewExtents = getExtents(view);
                [[maybe_unused]] auto const pitches = getPitchesInBytes(view);
                // Rank r of the mdspan is dimension r of the view, or dimension dim - 1 - r when transposed.
                [[maybe_unused]] auto const dimOf
                    = [transposed](std::size_t r) { return transposed ? dim - 1 - r : r; };
                std::array<Idx, dim> const strides{static_cast<Idx>(pitches[dimOf(TRanks)])...};
                Mapping const map(Extents{static_cast<Idx>(viewExtents[dimOf(TRanks)])...}, strides);
                return Result(reinterpret_cast<typename Result::data_handle_type>(getPtrNative(view)), map);
            }

        public:
            ALPAKA_FN_HOST static auto getMdSpan(TView& view) -> Result
            {
                return make(view, false, std::make_index_sequence<dim>{});
            }

            ALPAKA_FN_HOST static auto getMdSpanTransposed(TView& view) -> Result
            {
                return make(view, true, std::make_index_sequence<dim>{});
            }
        };
    } // namespace traits

    //! An mdspan over the view's memory: mds(i, j, k) is view[Vec{i, j, k}], extent(r) is getExtents(view)[r], the
    //! strides are getPitchesInBytes(view). Elements are const if the view is. Pass it to kernels by value.
    template<typename TView>
    ALPAKA_FN_HOST auto getMdSpan(TView& view)
    {
        return traits::GetMdSpan<TView>::getMdSpan(view);
    }

    //! The same with the ranks reversed: extents and strides in reverse order, so mdst(k, j, i) is mds(i, j, k); a
    //! 10 x 5 view gives a 5 x 10 mdspan.
    template<typename TView>
    ALPAKA_FN_HOST auto getMdSpanTransposed(TView& view)
    {
        return traits::GetMdSpan<TView>::getMdSpanTransposed(view);
    }
} // namespace alpaka::experimental
