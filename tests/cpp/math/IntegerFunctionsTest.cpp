// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! abs, min and max of integers are exact and keep the integer type (abs of an unsigned value is that value);
//! the other functions take integer arguments like <cmath>, computing in double.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    //! absOut[i] = abs(values[i]); minOut/maxOut[i * count + j] = min/max(values[i], values[j]).
    struct IntegerKernel
    {
        template<typename TAcc, typename TInt>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            TInt const* values,
            alpaka::Idx<TAcc> count,
            TInt* absOut,
            TInt* minOut,
            TInt* maxOut) const -> void
        {
            namespace math = alpaka::math;
            static_assert(std::is_same_v<decltype(math::abs(acc, TInt{})), TInt>);
            static_assert(std::is_same_v<decltype(math::min(acc, TInt{}, TInt{})), TInt>);
            static_assert(std::is_same_v<decltype(math::max(acc, TInt{}, TInt{})), TInt>);
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                // abs of the most negative value does not exist (undefined behaviour in C++ and CUDA alike).
                if(std::is_unsigned_v<TInt> || values[i] != std::numeric_limits<TInt>::min())
                    absOut[i] = math::abs(acc, values[i]);
                for(alpaka::Idx<TAcc> j = 0; j < count; ++j)
                {
                    minOut[i * count + j] = math::min(acc, values[i], values[j]);
                    maxOut[i * count + j] = math::max(acc, values[i], values[j]);
                }
            }
        }
    };

    //! Integer arguments of the floating-point functions compute in double, like <cmath>.
    struct IntegerArgumentsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            namespace math = alpaka::math;
            static_assert(std::is_same_v<decltype(math::sqrt(acc, 16)), double>);
            static_assert(std::is_same_v<decltype(math::rsqrt(acc, 4)), double>);
            static_assert(std::is_same_v<decltype(math::arg(acc, -3)), double>);
            static_assert(std::is_same_v<decltype(math::conj(acc, 5)), alpaka::Complex<double>>);
            static_assert(std::is_same_v<decltype(math::sqrt(acc, 2.0f)), float>);
            static_assert(std::is_same_v<decltype(math::max(acc, 2.5f, 3.0f)), float>);
            ALPAKA_CHECK(*success, math::sqrt(acc, 16) == 4.0);
            ALPAKA_CHECK(*success, math::sqrt(acc, 2) == std::sqrt(2.0));
            ALPAKA_CHECK(*success, math::pow(acc, 2, 10) == 1024.0);
            ALPAKA_CHECK(*success, math::rsqrt(acc, 4) == 0.5);
            ALPAKA_CHECK(*success, math::floor(acc, 7) == 7.0);
            ALPAKA_CHECK(*success, math::exp(acc, 0) == 1.0);
            ALPAKA_CHECK(*success, math::arg(acc, 3) == 0.0);
            ALPAKA_CHECK(*success, math::arg(acc, -3) == alpaka::math::constants::pi);
            ALPAKA_CHECK(*success, math::conj(acc, 5).real() == 5.0);
            ALPAKA_CHECK(*success, math::conj(acc, 5).imag() == 0.0);
            ALPAKA_CHECK(*success, math::abs(acc, 4'000'000'000u) == 4'000'000'000u);
            ALPAKA_CHECK(*success, math::abs(acc, std::uint64_t{1} << 63) == std::uint64_t{1} << 63);
            ALPAKA_CHECK(*success, math::max(acc, -1, 1) == 1);
            ALPAKA_CHECK(*success, math::min(acc, -1, 1) == -1);
        }
    };

    template<typename TInt>
    auto integerValues() -> std::vector<TInt>
    {
        using Limits = std::numeric_limits<TInt>;
        std::vector<TInt> values{
            TInt{0},
            TInt{1},
            TInt{2},
            TInt{100},
            static_cast<TInt>(Limits::max() / 2),
            static_cast<TInt>(Limits::max() - 1),
            Limits::max()};
        if constexpr(std::is_signed_v<TInt>)
            for(TInt const v : {TInt{-1}, TInt{-2}, TInt{-100}, static_cast<TInt>(Limits::min() + 1), Limits::min()})
                values.push_back(v);
        return values;
    }

    using IntegerTypes = std::tuple<std::int32_t, std::int64_t, std::uint32_t, std::uint64_t>;
    using AccIntegerPairs = alpaka::meta::CartesianProduct<std::tuple, mathtest::Accs, IntegerTypes>;
} // namespace

TEMPLATE_LIST_TEST_CASE("abs, min and max of integers are exact", "[math]", AccIntegerPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using TInt = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const values = integerValues<TInt>();
    auto const count = values.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto in = mathtest::toDevice<Acc>(queue, values);
    auto absDev = mathtest::toDevice<Acc>(queue, std::vector<TInt>(count, TInt{0}));
    auto minDev = mathtest::deviceBuf<TInt, Acc>(count * count);
    auto maxDev = mathtest::deviceBuf<TInt, Acc>(count * count);
    REQUIRE(fixture(
        IntegerKernel{},
        alpaka::getPtrNative(in),
        static_cast<Idx>(count),
        alpaka::getPtrNative(absDev),
        alpaka::getPtrNative(minDev),
        alpaka::getPtrNative(maxDev)));
    auto const absValues = mathtest::toHost(queue, absDev);
    auto const minValues = mathtest::toHost(queue, minDev);
    auto const maxValues = mathtest::toHost(queue, maxDev);

    for(std::size_t i = 0; i < count; ++i)
    {
        TInt const a = values[i];
        INFO(alpaka::getAccName<Acc>() << ", a = " << mathtest::describe(a));
        if constexpr(std::is_unsigned_v<TInt>)
            CHECK(absValues[i] == a);
        else if(a != std::numeric_limits<TInt>::min())
            CHECK(absValues[i] == (a < 0 ? static_cast<TInt>(-a) : a));
        for(std::size_t j = 0; j < count; ++j)
        {
            INFO("b = " << mathtest::describe(values[j]));
            CHECK(minValues[i * count + j] == std::min(a, values[j]));
            CHECK(maxValues[i * count + j] == std::max(a, values[j]));
        }
    }
}

TEMPLATE_LIST_TEST_CASE("integer arguments of floating-point functions compute in double", "[math]", mathtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(1u));
    CHECK(fixture(IntegerArgumentsKernel{}));
}
