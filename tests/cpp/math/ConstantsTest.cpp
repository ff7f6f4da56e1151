// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka::math::constants and their _v<T> forms equal the correctly rounded literal values, on the host (at compile
//! time) and inside a kernel.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    namespace constants = alpaka::math::constants;

    // The values to 40 significant digits: enough for every long double (x87 80-bit, IEEE quad on aarch64), and a
    // long double literal rounds to double and float correctly.
    constexpr long double eRef = 2.718281828459045235360287471352662497757L;
    constexpr long double log2eRef = 1.442695040888963407359924681001892137427L;
    constexpr long double log10eRef = 0.4342944819032518276511289189166050822944L;
    constexpr long double piRef = 3.141592653589793238462643383279502884197L;
    constexpr long double invPiRef = 0.3183098861837906715377675267450287240689L;
    constexpr long double ln2Ref = 0.6931471805599453094172321214581765680755L;
    constexpr long double ln10Ref = 2.302585092994045684017991454684364207601L;
    constexpr long double sqrt2Ref = 1.414213562373095048801688724209698078570L;

    static_assert(std::is_same_v<decltype(constants::pi), double const>);
    static_assert(std::is_same_v<decltype(constants::pi_v<float>), float const>);
    static_assert(constants::e == 2.718281828459045);
    static_assert(constants::log2e == 1.4426950408889634);
    static_assert(constants::log10e == 0.4342944819032518);
    static_assert(constants::pi == 3.141592653589793);
    static_assert(constants::inv_pi == 0.3183098861837907);
    static_assert(constants::ln2 == 0.6931471805599453);
    static_assert(constants::ln10 == 2.302585092994046);
    static_assert(constants::sqrt2 == 1.4142135623730951);
    static_assert(constants::pi_v<float> == 3.14159265f);
    static_assert(constants::e_v<float> == 2.71828183f);

    //! The constants of each precision, in the order of the references below.
    template<typename T>
    constexpr auto constantsOf() -> std::array<T, 8>
    {
        return {
            constants::e_v<T>,
            constants::log2e_v<T>,
            constants::log10e_v<T>,
            constants::pi_v<T>,
            constants::inv_pi_v<T>,
            constants::ln2_v<T>,
            constants::ln10_v<T>,
            constants::sqrt2_v<T>};
    }

    constexpr std::array<long double, 8> references{
        eRef, log2eRef, log10eRef, piRef, invPiRef, ln2Ref, ln10Ref, sqrt2Ref};

    constexpr char const* names[] = {"e", "log2e", "log10e", "pi", "inv_pi", "ln2", "ln10", "sqrt2"};

    template<typename T>
    constexpr auto allRoundedCorrectly() -> bool
    {
        auto const values = constantsOf<T>();
        for(std::size_t i = 0; i < values.size(); ++i)
            if(values[i] != static_cast<T>(references[i]))
                return false;
        return true;
    }

    static_assert(allRoundedCorrectly<float>());
    static_assert(allRoundedCorrectly<double>());
    static_assert(allRoundedCorrectly<long double>());

    //! Writes the double constants, the pi_v<float> ... values and the plain (double) names as seen in a kernel.
    struct ConstantsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* /* success */, double* doubles, float* floats) const -> void
        {
            if(!alpaka::oncePerGrid(acc))
                return;
            auto const d = constantsOf<double>();
            auto const f = constantsOf<float>();
            for(std::size_t i = 0; i < d.size(); ++i)
            {
                doubles[i] = d[i];
                floats[i] = f[i];
            }
            double const plain[]
                = {constants::e,
                   constants::log2e,
                   constants::log10e,
                   constants::pi,
                   constants::inv_pi,
                   constants::ln2,
                   constants::ln10,
                   constants::sqrt2};
            for(std::size_t i = 0; i < d.size(); ++i)
                doubles[d.size() + i] = plain[i];
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("math constants equal the literal values in a kernel", "[math]", mathtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(1u));
    auto& queue = fixture.getQueue();
    auto doublesDev = mathtest::deviceBuf<double, Acc>(16u);
    auto floatsDev = mathtest::deviceBuf<float, Acc>(8u);
    REQUIRE(fixture(ConstantsKernel{}, alpaka::getPtrNative(doublesDev), alpaka::getPtrNative(floatsDev)));
    auto const doubles = mathtest::toHost(queue, doublesDev);
    auto const floats = mathtest::toHost(queue, floatsDev);
    for(std::size_t i = 0; i < references.size(); ++i)
    {
        INFO(names[i]);
        CHECK(doubles[i] == static_cast<double>(references[i]));
        CHECK(doubles[references.size() + i] == static_cast<double>(references[i]));
        CHECK(floats[i] == static_cast<float>(references[i]));
    }
}

TEST_CASE("math constants are consistent with each other", "[math]")
{
    // Relations that hold to within an ULP or two of double; they catch a constant assigned to the wrong name.
    double const eps = std::numeric_limits<double>::epsilon();
    CHECK(std::fabs(constants::inv_pi * constants::pi - 1.0) <= 2 * eps);
    CHECK(std::fabs(constants::log2e * constants::ln2 - 1.0) <= 2 * eps);
    CHECK(std::fabs(constants::log10e * constants::ln10 - 1.0) <= 2 * eps);
    CHECK(std::fabs(constants::sqrt2 * constants::sqrt2 - 2.0) <= 4 * eps);
    CHECK(std::fabs(std::log(constants::e) - 1.0) <= 2 * eps);
    CHECK(constants::pi == std::acos(-1.0));
    CHECK(constants::ln2 == std::log(2.0));
    CHECK(constants::sqrt2 == std::sqrt(2.0));
}
