// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the math tests: the accelerators they run on, buffers to and from the device, the input grid with its
//! edge cases, and the comparison of a result with the standard library's within a number of ULPs.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ios>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Mismatches.hpp"

namespace mathtest
{
    using alpaka_test::deviceBuf;
    using alpaka_test::extentOf;
    using alpaka_test::firstDev;
    using alpaka_test::toDevice;
    using alpaka_test::toHost;

    //! The math functions do not depend on the dimensionality: 1-D accelerators only (TestAccs would only multiply
    //! the build time).
    using Accs = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;

    //! Every accelerator of Accs with float and with double.
    using AccFloatPairs = alpaka::meta::CartesianProduct<std::tuple, Accs, std::tuple<float, double>>;

    //! The CPU back-ends call the very <cmath> functions the host reference calls.
    template<typename TAcc>
    inline constexpr bool isCpuAcc = std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;

    //! The inputs of the unary functions: signed zeros, infinities, NaN, denormals, the normal extremes, values
    //! around 1, halfway cases of the rounding functions, multiples of pi, the overflow thresholds of exp, and
    //! 1.37 * 2^k over a wide range of magnitudes, with both signs.
    template<typename T>
    auto unaryInputs() -> std::vector<T>
    {
        using Limits = std::numeric_limits<T>;
        T const pi = alpaka::math::constants::pi_v<T>;
        std::vector<T> const positive{
            Limits::denorm_min(),
            Limits::min() / T{4},                // a denormal in the middle of the range
            std::nextafter(Limits::min(), T{0}), // the largest denormal
            Limits::min(),
            Limits::epsilon(),
            T{1e-10},
            T{0.1},
            T{0.25},
            T{0.5},
            std::nextafter(T{1}, T{0}),
            T{1},
            std::nextafter(T{1}, T{2}),
            T{1.5},
            T{2},
            T{2.5},
            T{3.5},
            T{3.7},
            T{10},
            T{100},
            T{88.5},  // expf overflows above 88.72
            T{709.5}, // exp overflows above 709.78
            T{1e5},
            T{1e10},
            T{1e30},
            Limits::max(),
            pi,
            pi / T{2},
            pi / T{4},
            T{2} * pi,
            Limits::infinity()};
        std::vector<T> values{T{0}, -T{0}, Limits::quiet_NaN()};
        for(T const x : positive)
        {
            values.push_back(x);
            values.push_back(-x);
        }
        for(int k = -60; k <= 60; k += 4)
        {
            values.push_back(std::ldexp(T{1.37}, k));
            values.push_back(-std::ldexp(T{1.37}, k));
        }
        return values;
    }

    //! The operands of the binary functions and fma: a smaller set of the same kinds of values.
    template<typename T>
    auto binaryOperands() -> std::vector<T>
    {
        using Limits = std::numeric_limits<T>;
        std::vector<T> const positive{
            Limits::denorm_min(),
            Limits::min(),
            T{1e-10},
            T{0.3},
            T{0.5},
            T{1},
            T{1.5},
            T{2},
            T{2.5},
            T{3},
            T{7.25},
            T{1e10},
            Limits::max(),
            alpaka::math::constants::pi_v<T>,
            Limits::infinity()};
        std::vector<T> values{T{0}, -T{0}, Limits::quiet_NaN()};
        for(T const x : positive)
        {
            values.push_back(x);
            values.push_back(-x);
        }
        return values;
    }

    //! The bit pattern of a float or double as an unsigned integer of the same size.
    template<typename T>
    using BitsOf = std::conditional_t<sizeof(T) == 4u, std::uint32_t, std::uint64_t>;

    //! The distance in units in the last place between two finite values of the same sign: the difference of their
    //! bit patterns, which increase monotonically with the magnitude.
    template<typename T>
    auto ulpDistance(T a, T b) -> std::uint64_t
    {
        auto const bitsA = std::bit_cast<BitsOf<T>>(std::fabs(a));
        auto const bitsB = std::bit_cast<BitsOf<T>>(std::fabs(b));
        return bitsA > bitsB ? bitsA - bitsB : bitsB - bitsA;
    }

    //! Whether got matches the reference within ulps: NaN only matches NaN, infinities match exactly, the sign (also
    //! of a zero) must match, and with 0 ULPs the bit patterns must be equal.
    template<typename T>
    auto matches(T got, T expected, std::uint32_t ulps) -> bool
    {
        if(std::isnan(expected) || std::isnan(got))
            return std::isnan(expected) && std::isnan(got);
        if(std::isinf(expected) || std::isinf(got))
            return got == expected;
        if(std::signbit(got) != std::signbit(expected))
            return false;
        if(ulps == 0u)
            return std::bit_cast<BitsOf<T>>(got) == std::bit_cast<BitsOf<T>>(expected);
        return ulpDistance(got, expected) <= ulps;
    }

    //! "-0x1.8p+1 (-3)": exact and readable.
    template<typename T>
    auto describe(T x) -> std::string
    {
        std::ostringstream os;
        if constexpr(std::is_floating_point_v<T>)
        {
            os << std::hexfloat << x << std::defaultfloat;
            os.precision(std::numeric_limits<T>::max_digits10);
            os << " (" << x << ")";
        }
        else
            os << +x;
        return os.str();
    }

    using alpaka_test::Mismatches;
} // namespace mathtest
