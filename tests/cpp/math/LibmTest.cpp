// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka::math::libm, the C math library as the CPU back-ends call it without <cmath> (math/Libm.hpp), against
//! <cmath> itself: every function gives the result type of its std:: overload (float, double, long double, integers
//! as double, mixed arguments promoted) and the same bits, special values included.

#include <alpaka/math/Libm.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    namespace libm = alpaka::math::libm;

    //! Equal bits, or both NaN (the sign and payload of a NaN result are not specified).
    template<typename T>
    auto sameValue(T a, T b) -> bool
    {
        if constexpr(std::is_floating_point_v<T>)
        {
            if(std::isnan(a) && std::isnan(b))
                return true;
            // long double has padding bytes: compare the values, and the signs for zeros.
            return a == b ? std::signbit(a) == std::signbit(b) : false;
        }
        else
            return a == b;
    }

    template<typename T>
    auto unaryArguments()
    {
        constexpr auto inf = std::numeric_limits<T>::infinity();
        constexpr auto nan = std::numeric_limits<T>::quiet_NaN();
        return std::to_array<T>(
            {T{0}, -T{0}, T{1}, -T{1}, T{0.5}, T{-0.75}, T{2.5}, T{-3.5}, T{10}, T{1e-3}, T{123.456}, inf, -inf, nan});
    }
} // namespace

// One macro per arity: the same check for every function, named once.
#define ALPAKA_CHECK_UNARY(name)                                                                                       \
    do                                                                                                                 \
    {                                                                                                                  \
        STATIC_REQUIRE(std::is_same_v<decltype(libm::name(T{})), decltype(std::name(T{}))>);                           \
        for(T const x : unaryArguments<T>())                                                                           \
        {                                                                                                              \
            INFO(#name "(" << x << ")");                                                                               \
            CHECK(sameValue(libm::name(x), std::name(x)));                                                             \
        }                                                                                                              \
    } while(false)

TEMPLATE_TEST_CASE("libm unary functions are those of <cmath>", "[math][libm]", float, double, long double)
{
    using T = TestType;
    ALPAKA_CHECK_UNARY(acos);
    ALPAKA_CHECK_UNARY(acosh);
    ALPAKA_CHECK_UNARY(asin);
    ALPAKA_CHECK_UNARY(asinh);
    ALPAKA_CHECK_UNARY(atan);
    ALPAKA_CHECK_UNARY(atanh);
    ALPAKA_CHECK_UNARY(cbrt);
    ALPAKA_CHECK_UNARY(ceil);
    ALPAKA_CHECK_UNARY(cos);
    ALPAKA_CHECK_UNARY(cosh);
    ALPAKA_CHECK_UNARY(erf);
    ALPAKA_CHECK_UNARY(exp);
    ALPAKA_CHECK_UNARY(fabs);
    ALPAKA_CHECK_UNARY(abs);
    ALPAKA_CHECK_UNARY(floor);
    ALPAKA_CHECK_UNARY(log);
    ALPAKA_CHECK_UNARY(log2);
    ALPAKA_CHECK_UNARY(log10);
    ALPAKA_CHECK_UNARY(round);
    ALPAKA_CHECK_UNARY(sin);
    ALPAKA_CHECK_UNARY(sinh);
    ALPAKA_CHECK_UNARY(sqrt);
    ALPAKA_CHECK_UNARY(tan);
    ALPAKA_CHECK_UNARY(tanh);
    ALPAKA_CHECK_UNARY(trunc);
    ALPAKA_CHECK_UNARY(isfinite);
    ALPAKA_CHECK_UNARY(isinf);
    ALPAKA_CHECK_UNARY(isnan);
    ALPAKA_CHECK_UNARY(signbit);
    // lround and llround of NaN and infinities are unspecified: finite arguments only.
    STATIC_REQUIRE(std::is_same_v<decltype(libm::lround(T{})), long>);
    STATIC_REQUIRE(std::is_same_v<decltype(libm::llround(T{})), long long>);
    for(T const x : {T{0}, T{0.5}, T{-0.5}, T{2.5}, T{-3.5}, T{1e6}})
    {
        CHECK(libm::lround(x) == std::lround(x));
        CHECK(libm::llround(x) == std::llround(x));
    }
}

TEMPLATE_TEST_CASE("libm takes integers like <cmath>: as double", "[math][libm]", int, unsigned, long long, short, char)
{
    using T = TestType;
    for(T const x : {T{0}, T{1}, T{2}, T{7}, T{100}})
    {
        STATIC_REQUIRE(std::is_same_v<decltype(libm::sqrt(x)), double>);
        STATIC_REQUIRE(std::is_same_v<decltype(libm::exp(x)), double>);
        STATIC_REQUIRE(std::is_same_v<decltype(libm::isnan(x)), bool>);
        CHECK(sameValue(libm::sqrt(x), std::sqrt(x)));
        CHECK(sameValue(libm::log(x), std::log(x)));
        CHECK(sameValue(libm::sin(x), std::sin(x)));
        CHECK(sameValue(libm::atan2(x, 3), std::atan2(x, 3)));
        CHECK(libm::isfinite(x));
        CHECK_FALSE(libm::isnan(x));
        CHECK_FALSE(libm::isinf(x));
        CHECK(libm::lround(x) == std::lround(x));
    }
    if constexpr(std::is_signed_v<T>)
        CHECK(libm::signbit(T{-2}));
    CHECK_FALSE(libm::signbit(T{2}));
}

TEST_CASE("libm abs of integers is <cstdlib>'s", "[math][libm]")
{
    STATIC_REQUIRE(std::is_same_v<decltype(libm::abs(short{-3})), int>);
    STATIC_REQUIRE(std::is_same_v<decltype(libm::abs(-3L)), long>);
    STATIC_REQUIRE(std::is_same_v<decltype(libm::abs(-3LL)), long long>);
    CHECK(libm::abs(-7) == 7);
    CHECK(libm::abs(std::numeric_limits<long>::min() + 1) == std::numeric_limits<long>::max());
    CHECK(libm::abs(-9LL) == 9LL);
}

#define ALPAKA_CHECK_BINARY(name, a, b)                                                                                \
    do                                                                                                                 \
    {                                                                                                                  \
        STATIC_REQUIRE(std::is_same_v<decltype(libm::name(a, b)), decltype(std::name(a, b))>);                         \
        INFO(#name "(" << (a) << ", " << (b) << ")");                                                                  \
        CHECK(sameValue(libm::name(a, b), std::name(a, b)));                                                           \
    } while(false)

#define ALPAKA_CHECK_BINARIES_BUT_POW(a, b)                                                                            \
    ALPAKA_CHECK_BINARY(atan2, a, b);                                                                                  \
    ALPAKA_CHECK_BINARY(copysign, a, b);                                                                               \
    ALPAKA_CHECK_BINARY(fmax, a, b);                                                                                   \
    ALPAKA_CHECK_BINARY(fmin, a, b);                                                                                   \
    ALPAKA_CHECK_BINARY(fmod, a, b);                                                                                   \
    ALPAKA_CHECK_BINARY(hypot, a, b);                                                                                  \
    ALPAKA_CHECK_BINARY(remainder, a, b)

#define ALPAKA_CHECK_BINARIES(a, b)                                                                                    \
    ALPAKA_CHECK_BINARIES_BUT_POW(a, b);                                                                               \
    ALPAKA_CHECK_BINARY(pow, a, b)

TEST_CASE("libm binary functions promote mixed arguments like <cmath>", "[math][libm]")
{
    ALPAKA_CHECK_BINARIES(2.5f, -1.25f);
    ALPAKA_CHECK_BINARIES(2.5, -1.25);
    ALPAKA_CHECK_BINARIES(2.5L, -1.25L);
#if ALPAKA_LANG_HIP
    // HIP's headers add pow(float, int) -> float, which the forwarding call in libm (<cmath> itself for the GPU
    // languages) reaches and a host call of std::pow does not: there libm is the language's math, not libstdc++'s.
    ALPAKA_CHECK_BINARIES_BUT_POW(2.5f, 3);
    CHECK(libm::pow(2.5f, 3) == 15.625f);
#else
    ALPAKA_CHECK_BINARIES(2.5f, 3);
#endif
    ALPAKA_CHECK_BINARIES(7, 2.5f);
    ALPAKA_CHECK_BINARIES(2.5f, 1.5);
    ALPAKA_CHECK_BINARIES(1.5, 2.5L);
    ALPAKA_CHECK_BINARIES(9, 4);
    ALPAKA_CHECK_BINARIES(-0.0f, std::numeric_limits<float>::quiet_NaN());
    ALPAKA_CHECK_BINARIES(std::numeric_limits<double>::infinity(), -2.0);
}

TEST_CASE("libm fma rounds once and promotes like <cmath>", "[math][libm]")
{
    STATIC_REQUIRE(std::is_same_v<decltype(libm::fma(1.0f, 2.0f, 3.0f)), float>);
    STATIC_REQUIRE(std::is_same_v<decltype(libm::fma(1.0f, 2, 3.0f)), double>);
    STATIC_REQUIRE(std::is_same_v<decltype(libm::fma(1.0f, 2.0f, 3.0L)), long double>);
    // (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 exactly with one rounding, and 0 with two.
    double const e = std::ldexp(1.0, -52);
    CHECK(libm::fma(1.0 + e, 1.0 - e, -1.0) == std::fma(1.0 + e, 1.0 - e, -1.0));
    CHECK(libm::fma(1.0 + e, 1.0 - e, -1.0) == -std::ldexp(1.0, -104));
    CHECK(sameValue(libm::fma(2, 3.5f, 1), std::fma(2, 3.5f, 1)));
}
