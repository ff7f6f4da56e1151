// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! getExtents(x): the extent of a view, buffer, work division or Vec as a Vec<Dim, Idx> in [z][y][x] order.
//! Scalars are one-dimensional extents.

#include "alpaka/core/Common.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Function object: operator()(x) const returns the extents of x as Vec<Dim<T>, Idx<T>>.
        template<typename T, typename TSfinae = void>
        struct GetExtents;

        template<typename TDim, typename TVal>
        struct GetExtents<Vec<TDim, TVal>>
        {
            ALPAKA_FN_HOST_ACC constexpr auto operator()(Vec<TDim, TVal> const& extent) const -> Vec<TDim, TVal>
            {
                return extent;
            }
        };

        template<typename T>
        struct GetExtents<T, std::enable_if_t<std::is_integral_v<T>>>
        {
            ALPAKA_FN_HOST_ACC constexpr auto operator()(T const& extent) const -> Vec<DimInt<1>, T>
            {
                return {extent};
            }
        };
    } // namespace trait

    //! The extents of x in [z][y][x] order.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getExtents(T const& x) -> Vec<Dim<T>, Idx<T>>
    {
        return trait::GetExtents<T>{}(x);
    }

    //! Upstream's older name of getExtents.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getExtentVec(T const& x) -> Vec<Dim<T>, Idx<T>>
    {
        return getExtents(x);
    }

    //! The extent along dimension I (0 is the slowest); 1 for I >= Dim, like a degenerate dimension.
    ALPAKA_NO_HOST_ACC_WARNING
    template<std::size_t I, typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getExtent(T const& x) -> Idx<T>
    {
        if constexpr(I < Dim<T>::value)
            return getExtents(x)[I];
        else
            return static_cast<Idx<T>>(1);
    }

    //! The number of points: product of the extents.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getExtentProduct(T const& x) -> Idx<T>
    {
        return getExtents(x).prod();
    }

    namespace detail
    {
        // Component counted from the fast end: 0 = width, 1 = height, 2 = depth; 1 where the object has fewer dims.
        template<std::size_t TFromEnd, typename T>
        ALPAKA_FN_HOST_ACC constexpr auto extentFromEnd(T const& x) -> Idx<T>
        {
            constexpr auto dim = Dim<T>::value;
            if constexpr(TFromEnd < dim)
                return getExtents(x)[dim - 1 - TFromEnd];
            else
                return static_cast<Idx<T>>(1);
        }
    } // namespace detail

    //! Extent along x (the last dimension), 1 for 0-D objects.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getWidth(T const& x) -> Idx<T>
    {
        return detail::extentFromEnd<0>(x);
    }

    //! Extent along y, 1 for objects with fewer than 2 dimensions.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getHeight(T const& x) -> Idx<T>
    {
        return detail::extentFromEnd<1>(x);
    }

    //! Extent along z, 1 for objects with fewer than 3 dimensions.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto getDepth(T const& x) -> Idx<T>
    {
        return detail::extentFromEnd<2>(x);
    }
} // namespace alpaka
