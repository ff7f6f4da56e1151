// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ViewAccessOps<TView>: element access shared by buffers and views on the host: data(), view[i] (1-D),
//! view[Vec] (any dimensionality, honouring pitches), view.at(Vec) (bounds-checked), *view (0-D); and upstream 2.1's
//! accessors: rank(), size(), extent(i), extents(), begin()/end() (1-D, so that a std::span converts from it).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <type_traits>

namespace alpaka::internal
{
    //! CRTP base; the derived view must model the view concept. Return types are deduced because the derived type is
    //! incomplete while this base is instantiated.
    template<typename TView>
    struct ViewAccessOps
    {
        //! Pointer to the first element.
        ALPAKA_FN_HOST auto data()
        {
            return getPtrNative(self());
        }

        ALPAKA_FN_HOST auto data() const
        {
            return getPtrNative(self());
        }

        //! The element of a 0-D view.
        ALPAKA_FN_HOST decltype(auto) operator*()
            requires(Dim<TView>::value == 0)
        {
            return *data();
        }
        ALPAKA_FN_HOST decltype(auto) operator*() const
            requires(Dim<TView>::value == 0)
        {
            return *data();
        }
        ALPAKA_FN_HOST auto operator->()
            requires(Dim<TView>::value == 0)
        {
            return data();
        }
        ALPAKA_FN_HOST auto operator->() const
            requires(Dim<TView>::value == 0)
        {
            return data();
        }

        //! Element i of a 1-D view.
        template<typename TIdx>
            requires(std::is_integral_v<TIdx> && Dim<TView>::value == 1)
        ALPAKA_FN_HOST decltype(auto) operator[](TIdx i)
        {
            return *elementPtr(data(), Vec<DimInt<1>, TIdx>{i});
        }

        template<typename TIdx>
            requires(std::is_integral_v<TIdx> && Dim<TView>::value == 1)
        ALPAKA_FN_HOST decltype(auto) operator[](TIdx i) const
        {
            return *elementPtr(data(), Vec<DimInt<1>, TIdx>{i});
        }

        //! Element at an N-D index in [z][y][x] order, honouring the pitches.
        template<typename TIdx>
        ALPAKA_FN_HOST decltype(auto) operator[](Vec<Dim<TView>, TIdx> const& index)
        {
            return *elementPtr(data(), index);
        }

        template<typename TIdx>
        ALPAKA_FN_HOST decltype(auto) operator[](Vec<Dim<TView>, TIdx> const& index) const
        {
            return *elementPtr(data(), index);
        }

        //! Like operator[], but throws std::out_of_range outside the extent.
        template<typename TIdx>
        ALPAKA_FN_HOST decltype(auto) at(Vec<Dim<TView>, TIdx> const& index)
        {
            checkBounds(index);
            return (*this)[index];
        }

        template<typename TIdx>
        ALPAKA_FN_HOST decltype(auto) at(Vec<Dim<TView>, TIdx> const& index) const
        {
            checkBounds(index);
            return (*this)[index];
        }

        //! The number of dimensions.
        [[nodiscard]] ALPAKA_FN_HOST auto rank() const
        {
            return static_cast<Idx<TView>>(Dim<TView>::value);
        }

        //! The extent in each dimension, [z][y][x].
        [[nodiscard]] ALPAKA_FN_HOST auto extents() const
        {
            return getExtents(self());
        }

        //! The extent in dimension `dim` (0 the slowest).
        [[nodiscard]] ALPAKA_FN_HOST auto extent(Idx<TView> dim) const
        {
            return extents()[static_cast<std::size_t>(dim)];
        }

        //! The number of elements (1 for a 0-D view).
        [[nodiscard]] ALPAKA_FN_HOST auto size() const
        {
            return extents().prod();
        }

        //! The elements of a 1-D view as a contiguous range (a 1-D view has no padding): range-for, the standard
        //! algorithms, and std::span's constructor from a contiguous range (`std::span<T> s = buf;`) take it.
        ALPAKA_FN_HOST auto begin()
            requires(Dim<TView>::value == 1)
        {
            return data();
        }
        ALPAKA_FN_HOST auto begin() const
            requires(Dim<TView>::value == 1)
        {
            return data();
        }
        ALPAKA_FN_HOST auto end()
            requires(Dim<TView>::value == 1)
        {
            return data() + size();
        }
        ALPAKA_FN_HOST auto end() const
            requires(Dim<TView>::value == 1)
        {
            return data() + size();
        }
        ALPAKA_FN_HOST auto cbegin() const
            requires(Dim<TView>::value == 1)
        {
            return static_cast<std::add_const_t<Elem<TView>>*>(data());
        }
        ALPAKA_FN_HOST auto cend() const
            requires(Dim<TView>::value == 1)
        {
            return cbegin() + size();
        }

    private:
        ALPAKA_FN_HOST auto self() -> TView&
        {
            return static_cast<TView&>(*this);
        }

        ALPAKA_FN_HOST auto self() const -> TView const&
        {
            return static_cast<TView const&>(*this);
        }

        template<typename TElemPtr, typename TDim, typename TIdx>
        ALPAKA_FN_HOST auto elementPtr(TElemPtr ptr, Vec<TDim, TIdx> const& index) const -> TElemPtr
        {
            using Byte
                = std::conditional_t<std::is_const_v<std::remove_pointer_t<TElemPtr>>, std::byte const, std::byte>;
            auto const pitches = getPitchesInBytes(self());
            std::ptrdiff_t offset = 0;
            for(std::size_t i = 0; i != TDim::value; ++i)
                offset += static_cast<std::ptrdiff_t>(index[i]) * static_cast<std::ptrdiff_t>(pitches[i]);
            return reinterpret_cast<TElemPtr>(reinterpret_cast<Byte*>(ptr) + offset);
        }

        template<typename TIdx>
        ALPAKA_FN_HOST void checkBounds(Vec<Dim<TView>, TIdx> const& index) const
        {
            auto const extent = getExtents(self());
            bool inside = true;
            for(std::size_t i = 0; i != Dim<TView>::value; ++i)
            {
                if constexpr(std::is_signed_v<TIdx>)
                    inside = inside && index[i] >= 0;
                inside = inside && static_cast<std::size_t>(index[i]) < static_cast<std::size_t>(extent[i]);
            }
            if(!inside)
            {
                alpaka::detail::throwOutOfRange(alpaka::detail::formatMessage(
                    "index %s is outside of the Buffer or View extent %s",
                    alpaka::detail::toString(index).c_str(),
                    alpaka::detail::toString(extent).c_str()));
            }
        }
    };
} // namespace alpaka::internal
