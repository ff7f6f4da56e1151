// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! getOffsets(x): where a view starts inside the memory it views, as a Vec<Dim, Idx> in [z][y][x] order.

#include "alpaka/core/Common.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Function object: operator()(x) const returns the offsets of x. Views that do not specialize it start at 0.
        template<typename T, typename TSfinae = void>
        struct GetOffsets
        {
            ALPAKA_FN_HOST_ACC constexpr auto operator()(T const&) const -> Vec<Dim<T>, Idx<T>>
            {
                return Vec<Dim<T>, Idx<T>>::zeros();
            }
        };

        template<typename TDim, typename TVal>
        struct GetOffsets<Vec<TDim, TVal>>
        {
            ALPAKA_FN_HOST_ACC constexpr auto operator()(Vec<TDim, TVal> const& offsets) const -> Vec<TDim, TVal>
            {
                return offsets;
            }
        };

        template<typename T>
        struct GetOffsets<T, std::enable_if_t<std::is_integral_v<T>>>
        {
            ALPAKA_FN_HOST_ACC constexpr auto operator()(T const& offset) const -> Vec<DimInt<1>, T>
            {
                return {offset};
            }
        };
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getOffsets(T const& x) -> Vec<Dim<T>, Idx<T>>
    {
        return trait::GetOffsets<T>{}(x);
    }

    //! Upstream's older name of getOffsets.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getOffsetVec(T const& x) -> Vec<Dim<T>, Idx<T>>
    {
        return getOffsets(x);
    }

    //! The offset along dimension I; 0 for I >= Dim.
    ALPAKA_NO_HOST_ACC_WARNING
    template<std::size_t I, typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getOffset(T const& x) -> Idx<T>
    {
        if constexpr(I < Dim<T>::value)
            return getOffsets(x)[I];
        else
            return static_cast<Idx<T>>(0);
    }
} // namespace alpaka
