// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Mathematical constants: alpaka::math::constants::pi (double) and pi_v<T> for any floating-point type, likewise e,
//! log2e, log10e, inv_pi, ln2, ln10, sqrt2.

namespace alpaka::math::constants
{
    template<typename T>
    inline constexpr T e_v = static_cast<T>(2.718281828459045235360287471352662498L);
    template<typename T>
    inline constexpr T log2e_v = static_cast<T>(1.442695040888963407359924681001892137L);
    template<typename T>
    inline constexpr T log10e_v = static_cast<T>(0.434294481903251827651128918916605082L);
    template<typename T>
    inline constexpr T pi_v = static_cast<T>(3.141592653589793238462643383279502884L);
    template<typename T>
    inline constexpr T inv_pi_v = static_cast<T>(0.318309886183790671537767526745028724L);
    template<typename T>
    inline constexpr T ln2_v = static_cast<T>(0.693147180559945309417232121458176568L);
    template<typename T>
    inline constexpr T ln10_v = static_cast<T>(2.302585092994045684017991454684364208L);
    template<typename T>
    inline constexpr T sqrt2_v = static_cast<T>(1.414213562373095048801688724209698079L);

    inline constexpr double e = e_v<double>;
    inline constexpr double log2e = log2e_v<double>;
    inline constexpr double log10e = log10e_v<double>;
    inline constexpr double pi = pi_v<double>;
    inline constexpr double inv_pi = inv_pi_v<double>;
    inline constexpr double ln2 = ln2_v<double>;
    inline constexpr double ln10 = ln10_v<double>;
    inline constexpr double sqrt2 = sqrt2_v<double>;
} // namespace alpaka::math::constants
