// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The binary real functions of alpaka::math (atan2, copysign, fmod, max, min, pow, remainder) on every pair of a
//! grid of operands with edge cases, and fma on every triple of a smaller grid, match the standard library within
//! their ULP tolerance (0 ULP on the CPU back-ends), for float and double.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "MathFunctions.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    //! out[f * count + i] = f(a[i], b[i]) for every binary function f.
    struct BinaryKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc, bool* /* success */, T const* a, T const* b, alpaka::Idx<TAcc> count, T* out) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const i : alpaka::uniformElements(acc, count))
                for(Idx f = 0; f < static_cast<Idx>(mathtest::Binary::Count); ++f)
                    out[f * count + i] = mathtest::evaluate(acc, static_cast<mathtest::Binary>(f), a[i], b[i]);
        }
    };

    struct FmaKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc, bool* /* success */, T const* x, T const* y, T const* z, alpaka::Idx<TAcc> count, T* out)
            const -> void
        {
            for(auto const i : alpaka::uniformElements(acc, count))
                out[i] = alpaka::math::fma(acc, x[i], y[i], z[i]);
        }
    };

    //! fma rounds once: (1 + eps)(1 - eps) - 1 = -eps^2 exactly, where a separate product rounds to 1 and gives 0.
    struct FmaRoundsOnceKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, T eps) const -> void
        {
            T const result = alpaka::math::fma(acc, T{1} + eps, T{1} - eps, T{-1});
            ALPAKA_CHECK(*success, result == -eps * eps);
        }
    };

    template<typename T>
    auto typeName() -> char const*
    {
        return sizeof(T) == 4u ? "float" : "double";
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("binary math functions match the standard library", "[math]", mathtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const operands = mathtest::binaryOperands<T>();
    std::vector<T> as;
    std::vector<T> bs;
    for(T const a : operands)
        for(T const b : operands)
        {
            as.push_back(a);
            bs.push_back(b);
        }
    auto const count = as.size();
    constexpr auto functionCount = static_cast<std::size_t>(mathtest::Binary::Count);

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto aDev = mathtest::toDevice<Acc>(queue, as);
    auto bDev = mathtest::toDevice<Acc>(queue, bs);
    auto out = mathtest::deviceBuf<T, Acc>(count * functionCount);
    REQUIRE(fixture(
        BinaryKernel{},
        alpaka::getPtrNative(aDev),
        alpaka::getPtrNative(bDev),
        static_cast<Idx>(count),
        alpaka::getPtrNative(out)));
    auto const results = mathtest::toHost(queue, out);

    for(std::size_t f = 0; f < functionCount; ++f)
    {
        auto const function = static_cast<mathtest::Binary>(f);
        auto const& info = mathtest::binaryInfo[f];
        auto const ulps = mathtest::tolerance<Acc>(info);
        mathtest::Mismatches mismatches;
        for(std::size_t i = 0; i < count; ++i)
        {
            T const got = results[f * count + i];
            T const expected = mathtest::reference(function, as[i], bs[i]);
            // IEEE 754 leaves the sign of max(+0, -0) and min(+0, -0) open.
            bool const zerosOfEitherSign = (function == mathtest::Binary::Max || function == mathtest::Binary::Min)
                                           && as[i] == T{0} && bs[i] == T{0} && got == T{0};
            if(!mathtest::matches(got, expected, ulps) && !zerosOfEitherSign)
                mismatches.add(
                    std::string(info.name) + "(" + mathtest::describe(as[i]) + ", " + mathtest::describe(bs[i])
                    + ") = " + mathtest::describe(got) + ", expected " + mathtest::describe(expected));
        }
        INFO(
            alpaka::getAccName<Acc>() << ", " << typeName<T>() << ", " << info.name << " within " << ulps
                                      << " ULP:" << mismatches.text());
        CHECK(mismatches.count() == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("fma matches the standard library and rounds once", "[math]", mathtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    using Limits = std::numeric_limits<T>;
    std::vector<T> const operands{
        T{0},
        -T{0},
        Limits::quiet_NaN(),
        Limits::infinity(),
        -Limits::infinity(),
        T{1},
        T{-1},
        T{0.5},
        T{3},
        T{-2.5},
        T{1} + Limits::epsilon(),
        T{1} - Limits::epsilon(),
        Limits::max(),
        -Limits::max(),
        Limits::min(),
        Limits::denorm_min()};
    std::vector<T> xs;
    std::vector<T> ys;
    std::vector<T> zs;
    for(T const x : operands)
        for(T const y : operands)
            for(T const z : operands)
            {
                xs.push_back(x);
                ys.push_back(y);
                zs.push_back(z);
            }
    auto const count = xs.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto xDev = mathtest::toDevice<Acc>(queue, xs);
    auto yDev = mathtest::toDevice<Acc>(queue, ys);
    auto zDev = mathtest::toDevice<Acc>(queue, zs);
    auto out = mathtest::deviceBuf<T, Acc>(count);
    REQUIRE(fixture(
        FmaKernel{},
        alpaka::getPtrNative(xDev),
        alpaka::getPtrNative(yDev),
        alpaka::getPtrNative(zDev),
        static_cast<Idx>(count),
        alpaka::getPtrNative(out)));
    auto const results = mathtest::toHost(queue, out);

    auto const ulps = mathtest::tolerance<Acc>(mathtest::fmaInfo);
    mathtest::Mismatches mismatches;
    for(std::size_t i = 0; i < count; ++i)
    {
        T const expected = std::fma(xs[i], ys[i], zs[i]);
        if(!mathtest::matches(results[i], expected, ulps))
            mismatches.add(
                "fma(" + mathtest::describe(xs[i]) + ", " + mathtest::describe(ys[i]) + ", " + mathtest::describe(zs[i])
                + ") = " + mathtest::describe(results[i]) + ", expected " + mathtest::describe(expected));
    }
    INFO(alpaka::getAccName<Acc>() << ", " << typeName<T>() << ", fma within " << ulps << " ULP:" << mismatches.text());
    CHECK(mismatches.count() == 0u);

    alpaka::test::KernelExecutionFixture<Acc> single(mathtest::extentOf<Acc>(1u));
    CHECK(single(FmaRoundsOnceKernel{}, Limits::epsilon()));
}
