// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the alpaka::Complex tests: the accelerators, buffers to and from the device, the grid of points away
//! from every branch cut, and comparisons with std::complex (bitwise, or within a stated relative tolerance).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <bit>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <ios>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Mismatches.hpp"

namespace complextest
{
    using alpaka_test::deviceBuf;
    using alpaka_test::extentOf;
    using alpaka_test::firstDev;
    using alpaka_test::toDevice;
    using alpaka_test::toHost;

    using Accs = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;
    using AccFloatPairs = alpaka::meta::CartesianProduct<std::tuple, Accs, std::tuple<float, double>>;

    //! The relative tolerance of the functions: |got - expected| <= tolerance * |expected| (norm-wise). About 84 ULP
    //! of float and 450 ULP of double: the implementations are written with real math only and lose a few digits
    //! where std::complex does not (through formulas such as acos = pi/2 - asin), never more.
    template<typename T>
    inline constexpr T relativeTolerance = sizeof(T) == 4u ? T{1e-5} : T{1e-13};

    //! Of complex multiplication and division, whose rounding depends on the formula (and on FMA contraction on GPUs).
    template<typename T>
    inline constexpr T arithmeticTolerance = T{4} * std::numeric_limits<T>::epsilon();

    template<typename T>
    auto typeName() -> char const*
    {
        return sizeof(T) == 4u ? "float" : "double";
    }

    //! Points off both axes, at least 0.25 from them: every branch cut of the functions (parts of the real or the
    //! imaginary axis) and every zero of them is far away, so the relative error is meaningful.
    template<typename T>
    auto gridPoints() -> std::vector<alpaka::Complex<T>>
    {
        std::vector<alpaka::Complex<T>> points;
        for(T const re : {T{-2.5}, T{-1.2}, T{-0.6}, T{-0.3}, T{0.4}, T{0.7}, T{1.3}, T{2.2}})
            for(T const im : {T{-2.1}, T{-0.8}, T{-0.35}, T{0.25}, T{0.9}, T{1.7}})
                points.emplace_back(re, im);
        return points;
    }

    //! |got - expected| / |expected|, computed in long double.
    template<typename T>
    auto relativeError(alpaka::Complex<T> got, std::complex<T> expected) -> long double
    {
        std::complex<long double> const g(got.real(), got.imag());
        std::complex<long double> const e(expected.real(), expected.imag());
        return std::abs(g - e) / std::abs(e);
    }

    template<typename T>
    auto sameBits(T a, T b) -> bool
    {
        using Bits = std::conditional_t<sizeof(T) == 4u, std::uint32_t, std::uint64_t>;
        return std::bit_cast<Bits>(a) == std::bit_cast<Bits>(b) || (std::isnan(a) && std::isnan(b));
    }

    //! Equal real and imaginary parts, including the signs of zeros (NaN matches NaN).
    template<typename T>
    auto sameBits(alpaka::Complex<T> got, std::complex<T> expected) -> bool
    {
        return sameBits(got.real(), expected.real()) && sameBits(got.imag(), expected.imag());
    }

    template<typename T>
    auto describe(T x) -> std::string
    {
        std::ostringstream os;
        os.precision(std::numeric_limits<T>::max_digits10);
        os << x;
        return os.str();
    }

    template<typename T>
    auto describe(std::complex<T> z) -> std::string
    {
        return "(" + describe(z.real()) + ", " + describe(z.imag()) + ")";
    }

    template<typename T>
    auto describe(alpaka::Complex<T> z) -> std::string
    {
        return describe(std::complex<T>(z));
    }

    using alpaka_test::Mismatches;
} // namespace complextest
