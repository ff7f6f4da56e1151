// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The real functions of alpaka::math whose results are not plain floating-point values: isfinite/isinf/isnan,
//! lround/llround (on inputs whose rounded value fits, where the standard defines them), sincos against sin and cos,
//! and arg and conj of real numbers, for float and double.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "MathFunctions.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    //! Per input: isfinite, isinf, isnan (as 0/1), sin and cos from sincos, arg, and conj as (real, imag).
    struct ClassifyKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* /* success */, T const* in, alpaka::Idx<TAcc> count, int* classes, T* values)
            const -> void
        {
            namespace math = alpaka::math;
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                T const x = in[i];
                classes[3u * i] = math::isfinite(acc, x) ? 1 : 0;
                classes[3u * i + 1u] = math::isinf(acc, x) ? 1 : 0;
                classes[3u * i + 2u] = math::isnan(acc, x) ? 1 : 0;
                T s{};
                T c{};
                math::sincos(acc, x, s, c);
                values[5u * i] = s;
                values[5u * i + 1u] = c;
                values[5u * i + 2u] = math::arg(acc, x);
                alpaka::Complex<T> const conjugate = math::conj(acc, x);
                values[5u * i + 3u] = conjugate.real();
                values[5u * i + 4u] = conjugate.imag();
            }
        }
    };

    struct RoundKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            T const* in,
            alpaka::Idx<TAcc> count,
            long* lrounded,
            long long* llrounded) const -> void
        {
            static_assert(std::is_same_v<decltype(alpaka::math::lround(acc, T{})), long>);
            static_assert(std::is_same_v<decltype(alpaka::math::llround(acc, T{})), long long>);
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                lrounded[i] = alpaka::math::lround(acc, in[i]);
                llrounded[i] = alpaka::math::llround(acc, in[i]);
            }
        }
    };

    template<typename T>
    auto specialTypeName() -> char const*
    {
        return sizeof(T) == 4u ? "float" : "double";
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "isfinite, isinf, isnan, sincos, arg and conj of real numbers match the standard library",
    "[math]",
    mathtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const inputs = mathtest::unaryInputs<T>();
    auto const count = inputs.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto in = mathtest::toDevice<Acc>(queue, inputs);
    auto classesDev = mathtest::deviceBuf<int, Acc>(3u * count);
    auto valuesDev = mathtest::deviceBuf<T, Acc>(5u * count);
    REQUIRE(fixture(
        ClassifyKernel{},
        alpaka::getPtrNative(in),
        static_cast<Idx>(count),
        alpaka::getPtrNative(classesDev),
        alpaka::getPtrNative(valuesDev)));
    auto const classes = mathtest::toHost(queue, classesDev);
    auto const values = mathtest::toHost(queue, valuesDev);

    auto const sinUlps = mathtest::tolerance<Acc>(mathtest::unaryInfo[static_cast<int>(mathtest::Unary::Sin)]);
    auto const cosUlps = mathtest::tolerance<Acc>(mathtest::unaryInfo[static_cast<int>(mathtest::Unary::Cos)]);
    mathtest::Mismatches classify;
    mathtest::Mismatches sincos;
    mathtest::Mismatches arg;
    mathtest::Mismatches conj;
    for(std::size_t i = 0; i < count; ++i)
    {
        T const x = inputs[i];
        std::string const at = "(" + mathtest::describe(x) + ")";
        if(classes[3u * i] != (std::isfinite(x) ? 1 : 0) || classes[3u * i + 1u] != (std::isinf(x) ? 1 : 0)
           || classes[3u * i + 2u] != (std::isnan(x) ? 1 : 0))
            classify.add(
                at + ": isfinite " + std::to_string(classes[3u * i]) + ", isinf " + std::to_string(classes[3u * i + 1u])
                + ", isnan " + std::to_string(classes[3u * i + 2u]));
        if(!mathtest::matches(values[5u * i], std::sin(x), sinUlps)
           || !mathtest::matches(values[5u * i + 1u], std::cos(x), cosUlps))
            sincos.add(
                "sincos" + at + " = " + mathtest::describe(values[5u * i]) + ", "
                + mathtest::describe(values[5u * i + 1u]));
        // arg(x) = atan2(+0, x): +0 for x >= +0, pi for x <= -0 (NaN is left out: the standard library answers
        // NaN through atan2, libstdc++'s std::arg 0 or pi by the sign bit).
        if(!std::isnan(x) && !mathtest::matches(values[5u * i + 2u], std::arg(x), 0u))
            arg.add("arg" + at + " = " + mathtest::describe(values[5u * i + 2u]));
        // conj(x) is conj(complex(x, +0)) = (x, -0), as std::conj.
        std::complex<T> const expected = std::conj(x);
        if(!mathtest::matches(values[5u * i + 3u], expected.real(), 0u)
           || !mathtest::matches(values[5u * i + 4u], expected.imag(), 0u))
            conj.add(
                "conj" + at + " = (" + mathtest::describe(values[5u * i + 3u]) + ", "
                + mathtest::describe(values[5u * i + 4u]) + "), expected (" + mathtest::describe(expected.real()) + ", "
                + mathtest::describe(expected.imag()) + ")");
    }
    INFO(alpaka::getAccName<Acc>() << ", " << specialTypeName<T>());
    {
        INFO("isfinite/isinf/isnan:" << classify.text());
        CHECK(classify.count() == 0u);
    }
    {
        INFO("sincos within " << sinUlps << " ULP of sin and " << cosUlps << " ULP of cos:" << sincos.text());
        CHECK(sincos.count() == 0u);
    }
    {
        INFO("arg:" << arg.text());
        CHECK(arg.count() == 0u);
    }
    {
        INFO("conj:" << conj.text());
        CHECK(conj.count() == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("lround and llround round halfway cases away from zero", "[math]", mathtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    // Only inputs whose rounded value fits the result type: elsewhere the standard leaves the result unspecified.
    // |x| <= 2^30 fits long everywhere (also where long has 32 bits); the larger values fit long long.
    std::vector<T> const positiveSmall{
        T{0},
        std::nextafter(T{0.5}, T{0}),
        T{0.5},
        T{1},
        T{1.5},
        T{2.5},
        T{3.7},
        T{1e5},
        std::ldexp(T{1}, 22) + T{0.5}, // the largest magnitude where float still has a fraction of 1/2
        std::ldexp(T{1}, 30)};
    std::vector<T> const positiveLarge{std::ldexp(T{1.5}, 40), std::ldexp(T{1}, 62)};
    std::vector<T> inputs;
    for(T const x : positiveSmall)
    {
        inputs.push_back(x);
        inputs.push_back(-x);
    }
    auto const smallCount = inputs.size();
    for(T const x : positiveLarge)
    {
        inputs.push_back(x);
        inputs.push_back(-x);
    }
    if constexpr(sizeof(T) == 8u)
    {
        // 2^52 - 1/2: the last double with a fraction; it rounds up to 2^52.
        inputs.push_back(std::ldexp(T{1}, 52) - T{0.5});
        inputs.push_back(-(std::ldexp(T{1}, 52) - T{0.5}));
    }
    auto const count = inputs.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto in = mathtest::toDevice<Acc>(queue, inputs);
    auto lDev = mathtest::deviceBuf<long, Acc>(count);
    auto llDev = mathtest::deviceBuf<long long, Acc>(count);
    REQUIRE(fixture(
        RoundKernel{},
        alpaka::getPtrNative(in),
        static_cast<Idx>(count),
        alpaka::getPtrNative(lDev),
        alpaka::getPtrNative(llDev)));
    auto const lrounded = mathtest::toHost(queue, lDev);
    auto const llrounded = mathtest::toHost(queue, llDev);

    for(std::size_t i = 0; i < count; ++i)
    {
        INFO(alpaka::getAccName<Acc>() << ", " << specialTypeName<T>() << ": x = " << mathtest::describe(inputs[i]));
        CHECK(llrounded[i] == std::llround(inputs[i]));
        if(i < smallCount || sizeof(long) == 8u)
            CHECK(lrounded[i] == std::lround(inputs[i]));
    }
    // Halfway cases round away from zero; just below one half rounds to zero.
    auto const llroundOf = [&](T x) -> long long
    {
        for(std::size_t i = 0; i < count; ++i)
            if(inputs[i] == x)
                return llrounded[i];
        FAIL("no input " << x);
        return 0;
    };
    CHECK(llroundOf(T{0.5}) == 1);
    CHECK(llroundOf(T{-0.5}) == -1);
    CHECK(llroundOf(T{1.5}) == 2);
    CHECK(llroundOf(T{2.5}) == 3);
    CHECK(llroundOf(T{-2.5}) == -3);
    CHECK(llroundOf(std::nextafter(T{0.5}, T{0})) == 0);
    CHECK(llroundOf(std::ldexp(T{1}, 22) + T{0.5}) == (1ll << 22) + 1);
}
