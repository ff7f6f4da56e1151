// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka::Complex through the math traits in a kernel where upstream code relies on it: rsqrt of a complex number
//! (the default's 1 / sqrt) and pow with mixed precisions and real operands, whose result type is the one of std::pow
//! for std::complex. Both are compared with std::complex on the host.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <complex>
#include <cstddef>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace
{
    using alpaka::Complex;

    constexpr std::size_t inputCount = 6u;
    //! Results per input: rsqrt (float, double) and five kinds of pow; each a (real, imaginary) pair.
    constexpr std::size_t resultsPerInput = 7u;

    //! The inputs, a function rather than an array so that device code needs no namespace-scope data.
    ALPAKA_FN_HOST_ACC constexpr auto input(std::size_t i) -> Complex<double>
    {
        switch(i)
        {
            case 0:
                return {4.0, 0.0};
            case 1:
                return {0.5, 1.5};
            case 2:
                return {-2.0, 0.75};
            case 3:
                return {-1.25, -3.0};
            case 4:
                return {0.0, 2.0};
            default:
                return {3.0, -0.5};
        }
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto store(double* out, std::size_t slot, Complex<T> const& z) -> void
    {
        out[2u * slot] = static_cast<double>(z.real());
        out[2u * slot + 1u] = static_cast<double>(z.imag());
    }

    struct ComplexMixedKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* /* success */, double* out) const -> void
        {
            namespace math = alpaka::math;
            for(auto const i : alpaka::uniformElements(acc, inputCount))
            {
                Complex<double> const zd = input(i);
                Complex<float> const zf(zd);
                std::size_t const base = i * resultsPerInput;

                auto const rf = math::rsqrt(acc, zf);
                auto const rd = math::rsqrt(acc, zd);
                static_assert(std::is_same_v<decltype(rf), Complex<float> const>);
                static_assert(std::is_same_v<decltype(rd), Complex<double> const>);
                store(out, base + 0u, rf);
                store(out, base + 1u, rd);

                auto const pcc = math::pow(acc, zf, Complex<double>{0.5, -0.25});
                auto const pcr = math::pow(acc, zf, 2.5);
                auto const pcrf = math::pow(acc, zf, 1.5f);
                auto const prc = math::pow(acc, 2.0f, zd);
                auto const pci = math::pow(acc, zf, 3);
                static_assert(std::is_same_v<decltype(pcc), Complex<double> const>);
                static_assert(std::is_same_v<decltype(pcr), Complex<double> const>);
                static_assert(std::is_same_v<decltype(pcrf), Complex<float> const>);
                static_assert(std::is_same_v<decltype(prc), Complex<double> const>);
                static_assert(std::is_same_v<decltype(pci), Complex<double> const>);
                store(out, base + 2u, pcc);
                store(out, base + 3u, pcr);
                store(out, base + 4u, pcrf);
                store(out, base + 5u, prc);
                store(out, base + 6u, pci);
            }
        }
    };

    // The result types match std::pow of std::complex.
    static_assert(std::is_same_v<
                  decltype(alpaka::pow(Complex<float>{}, Complex<double>{})),
                  Complex<decltype(std::pow(std::complex<float>{}, std::complex<double>{}))::value_type>>);
    // An integer operand counts as double, as the standard says ([cmplx.over]; libstdc++'s extra pow(complex<T>,
    // int) keeps complex<T> instead).
    static_assert(std::is_same_v<decltype(alpaka::pow(Complex<float>{}, 2)), Complex<double>>);
    static_assert(std::is_same_v<
                  decltype(alpaka::pow(2.0, Complex<float>{})),
                  Complex<decltype(std::pow(2.0, std::complex<float>{}))::value_type>>);
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "rsqrt and mixed-precision pow of alpaka::Complex match std::complex", "[math][complex]", mathtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(inputCount));
    auto& queue = fixture.getQueue();
    auto out = mathtest::deviceBuf<double, Acc>(2u * inputCount * resultsPerInput);
    CHECK(fixture(ComplexMixedKernel{}, alpaka::getPtrNative(out)));
    auto const values = mathtest::toHost(queue, out);

    for(std::size_t i = 0; i < inputCount; ++i)
    {
        std::complex<double> const zd = input(i);
        std::complex<float> const zf(zd);
        std::complex<double> const expected[resultsPerInput]
            = {std::complex<double>(1.0f / std::sqrt(zf)),
               1.0 / std::sqrt(zd),
               std::pow(zf, std::complex<double>{0.5, -0.25}),
               std::pow(zf, 2.5),
               std::complex<double>(std::pow(zf, 1.5f)),
               std::pow(2.0f, zd),
               std::pow(std::complex<double>(zf), 3.0)};
        // Relative tolerances: float results (and double results computed from a float operand's value) carry
        // float rounding in the float cases only.
        double const tolerance[resultsPerInput] = {1e-5, 1e-12, 1e-12, 1e-12, 1e-5, 1e-12, 1e-12};
        for(std::size_t k = 0; k < resultsPerInput; ++k)
        {
            std::size_t const slot = i * resultsPerInput + k;
            std::complex<double> const actual(values[2u * slot], values[2u * slot + 1u]);
            INFO("input " << i << " " << zd << ", result " << k << ": " << actual << " vs " << expected[k]);
            CHECK(std::abs(actual - expected[k]) <= tolerance[k] * std::abs(expected[k]));
        }
    }
}
