// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Mathematical constants: alpaka::math::constants::pi (double) and pi_v<T> for any floating-point type, likewise e,
//! log2e, log10e, inv_pi, ln2, ln10, sqrt2.

namespace alpaka::math::constants
{
    template<typename T>
    inline constexpr T e_v = static_cast<T>(2.718281828459045235360287471352662497757L);
    template<typename T>
    inline constexpr T log2e_v = static_cast<T>(1.442695040888963407359924681001892137427L);
    template<typename T>
    inline constexpr T log10e_v = static_cast<T>(0.4342944819032518276511289189166050822944L);
    template<typename T>
    inline constexpr T pi_v = static_cast<T>(3.141592653589793238462643383279502884197L);
    template<typename T>
    inline constexpr T inv_pi_v = static_cast<T>(0.3183098861837906715377675267450287240689L);
    template<typename T>
    inline constexpr T ln2_v = static_cast<T>(0.6931471805599453094172321214581765680755L);
    template<typename T>
    inline constexpr T ln10_v = static_cast<T>(2.302585092994045684017991454684364207601L);
    template<typename T>
    inline constexpr T sqrt2_v = static_cast<T>(1.414213562373095048801688724209698078570L);

    inline constexpr double e = e_v<double>;
    inline constexpr double log2e = log2e_v<double>;
    inline constexpr double log10e = log10e_v<double>;
    inline constexpr double pi = pi_v<double>;
    inline constexpr double inv_pi = inv_pi_v<double>;
    inline constexpr double ln2 = ln2_v<double>;
    inline constexpr double ln10 = ln10_v<double>;
    inline constexpr double sqrt2 = sqrt2_v<double>;
} // namespace alpaka::math::constants
