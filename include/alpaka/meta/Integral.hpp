// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Relations between integral types by range: IsIntegralSuperset, HigherMax, LowerMax, HigherMin, LowerMin.

#include <type_traits>

namespace alpaka::meta
{
    //! True when both are integral and every value of TSubset is a value of TSuperset: same signedness and at least
    //! as wide, or different signedness and strictly wider (one bit more is enough, and widths double).
    template<typename TSuperset, typename TSubset>
    using IsIntegralSuperset = std::bool_constant<
        std::is_integral_v<TSuperset> && std::is_integral_v<TSubset>
        && (std::is_unsigned_v<TSuperset> == std::is_unsigned_v<TSubset> ? sizeof(TSuperset) >= sizeof(TSubset)
                                                                         : sizeof(TSuperset) > sizeof(TSubset))>;

    //! Of two integral types, the one with the larger maximum (T1 when both have the same).
    template<typename T0, typename T1>
    using HigherMax = std::conditional_t<
        (sizeof(T0) > sizeof(T1)) || (sizeof(T0) == sizeof(T1) && std::is_unsigned_v<T0> && std::is_signed_v<T1>),
        T0,
        T1>;

    //! Of two integral types, the one with the smaller maximum (T1 when both have the same).
    template<typename T0, typename T1>
    using LowerMax = std::conditional_t<
        (sizeof(T0) < sizeof(T1)) || (sizeof(T0) == sizeof(T1) && std::is_signed_v<T0> && std::is_unsigned_v<T1>),
        T0,
        T1>;

    //! Of two integral types, the one with the larger minimum; on a tie (both unsigned: 0) the wider one.
    template<typename T0, typename T1>
    using HigherMin = std::conditional_t<
        std::is_unsigned_v<T0> == std::is_unsigned_v<T1>,
        std::conditional_t<
            std::is_unsigned_v<T0>,
            std::conditional_t<(sizeof(T0) < sizeof(T1)), T1, T0>,
            std::conditional_t<(sizeof(T0) < sizeof(T1)), T0, T1>>,
        std::conditional_t<std::is_unsigned_v<T0>, T0, T1>>;

    //! Of two integral types, the one with the smaller minimum; on a tie (both unsigned: 0) the wider one.
    template<typename T0, typename T1>
    using LowerMin = std::conditional_t<
        std::is_unsigned_v<T0> == std::is_unsigned_v<T1>,
        std::conditional_t<(sizeof(T0) > sizeof(T1)), T0, T1>,
        std::conditional_t<std::is_signed_v<T0>, T0, T1>>;
} // namespace alpaka::meta
