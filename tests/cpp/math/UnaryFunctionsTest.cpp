// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Every unary real function of alpaka::math, evaluated in one kernel on a grid of inputs with edge cases (signed
//! zeros, infinities, NaN, denormals, values around 1, multiples of pi, huge and tiny magnitudes), matches the
//! standard library within the function's ULP tolerance (0 ULP on the CPU back-ends), for float and double.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <tuple>

#include "MathFunctions.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    //! out[f * count + i] = f(in[i]) for every function f: one kernel for all functions keeps the build short.
    struct UnaryKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* /* success */, T const* in, alpaka::Idx<TAcc> count, T* out) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const i : alpaka::uniformElements(acc, count))
                for(Idx f = 0; f < static_cast<Idx>(mathtest::Unary::Count); ++f)
                    out[f * count + i] = mathtest::evaluate(acc, static_cast<mathtest::Unary>(f), in[i]);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("unary math functions match the standard library", "[math]", mathtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const inputs = mathtest::unaryInputs<T>();
    auto const count = inputs.size();
    constexpr auto functionCount = static_cast<std::size_t>(mathtest::Unary::Count);

    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(count));
    auto& queue = fixture.getQueue();
    auto in = mathtest::toDevice<Acc>(queue, inputs);
    auto out = mathtest::deviceBuf<T, Acc>(count * functionCount);
    REQUIRE(fixture(UnaryKernel{}, alpaka::getPtrNative(in), static_cast<Idx>(count), alpaka::getPtrNative(out)));
    auto const results = mathtest::toHost(queue, out);

    for(std::size_t f = 0; f < functionCount; ++f)
    {
        auto const function = static_cast<mathtest::Unary>(f);
        auto const& info = mathtest::unaryInfo[f];
        auto const ulps = mathtest::tolerance<Acc>(info);
        mathtest::Mismatches mismatches;
        for(std::size_t i = 0; i < count; ++i)
        {
            T const got = results[f * count + i];
            T const expected = mathtest::reference(function, inputs[i]);
            if(!mathtest::matches(got, expected, ulps))
                mismatches.add(
                    std::string(info.name) + "(" + mathtest::describe(inputs[i]) + ") = " + mathtest::describe(got)
                    + ", expected " + mathtest::describe(expected));
        }
        INFO(
            alpaka::getAccName<Acc>() << ", " << (sizeof(T) == 4u ? "float" : "double") << ", " << info.name
                                      << " within " << ulps << " ULP:" << mismatches.text());
        CHECK(mismatches.count() == 0u);
    }
}
