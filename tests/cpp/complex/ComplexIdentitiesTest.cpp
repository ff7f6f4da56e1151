// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Identities of the complex functions computed in a kernel through the math traits (exp(log z) = z,
//! sin^2 z + cos^2 z = 1, sqrt(z)^2 = z, conj(conj z) = z, |z|^2 = norm z, polar(|z|, arg z) = z,
//! tan z = sin z / cos z, log10 z = log z / ln 10) within complextest::relativeTolerance, and the signs of zero on the
//! branch cuts of sqrt and log, which select the side of the cut as in std::complex (values within 4 epsilon).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Complex.hpp"

namespace
{
    template<typename T>
    using Complex = alpaka::Complex<T>;

    enum Identity : std::size_t
    {
        ExpLog,
        SinSquaredPlusCosSquared,
        SqrtSquared,
        ConjConj,
        AbsSquaredIsNorm,
        PolarAbsArg,
        TanIsSinOverCos,
        Log10IsLogOverLn10,
        IdentityCount
    };

    char const* const identityNames[]
        = {"exp(log z) = z",
           "sin^2 z + cos^2 z = 1",
           "sqrt(z)^2 = z",
           "conj(conj z) = z (exactly)",
           "|z|^2 = norm z",
           "polar(|z|, arg z) = z",
           "tan z = sin z / cos z",
           "log10 z = log z / ln 10"};

    //! |a - b| / scale.
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto deviation(TAcc const& acc, Complex<T> const& a, Complex<T> const& b, T scale) -> T
    {
        return alpaka::math::abs(acc, a - b) / scale;
    }

    //! out[i * IdentityCount + k]: the relative deviation of identity k at points[i] (0 where it holds exactly).
    struct IdentitiesKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* /* success */, Complex<T> const* points, alpaka::Idx<TAcc> count, T* out)
            const -> void
        {
            namespace math = alpaka::math;
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                Complex<T> const z = points[i];
                T const absZ = math::abs(acc, z);
                T* o = out + i * IdentityCount;
                o[ExpLog] = deviation(acc, math::exp(acc, math::log(acc, z)), z, absZ);
                Complex<T> const s = math::sin(acc, z);
                Complex<T> const c = math::cos(acc, z);
                // Relative to the magnitude of the terms: they cancel to 1 when |Im z| is large.
                o[SinSquaredPlusCosSquared]
                    = deviation(acc, s * s + c * c, Complex<T>{T{1}}, alpaka::norm(s) + alpaka::norm(c));
                Complex<T> const root = math::sqrt(acc, z);
                o[SqrtSquared] = deviation(acc, root * root, z, absZ);
                o[ConjConj] = math::conj(acc, math::conj(acc, z)) == z ? T{0} : T{1};
                o[AbsSquaredIsNorm] = math::abs(acc, absZ * absZ - alpaka::norm(z)) / alpaka::norm(z);
                o[PolarAbsArg] = deviation(acc, alpaka::polar(absZ, math::arg(acc, z)), z, absZ);
                Complex<T> const t = math::tan(acc, z);
                o[TanIsSinOverCos] = deviation(acc, t, s / c, math::abs(acc, t));
                Complex<T> const l10 = math::log10(acc, z);
                o[Log10IsLogOverLn10] = deviation(
                    acc, l10, math::log(acc, z) / T{alpaka::math::constants::ln10_v<T>}, math::abs(acc, l10));
            }
        }
    };

    //! sqrt and log through the math traits.
    struct BranchCutKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            Complex<T> const* in,
            alpaka::Idx<TAcc> count,
            Complex<T>* sqrtOut,
            Complex<T>* logOut) const -> void
        {
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                sqrtOut[i] = alpaka::math::sqrt(acc, in[i]);
                logOut[i] = alpaka::math::log(acc, in[i]);
            }
        }
    };

    //! Parts of the same sign (also zeros); zero and infinite parts exact, the others within 4 epsilon.
    template<typename T>
    auto sameSideAndClose(Complex<T> got, std::complex<T> expected) -> bool
    {
        auto const partMatches = [](T g, T e)
        {
            if(std::signbit(g) != std::signbit(e))
                return false;
            if(e == T{0} || std::isinf(e))
                return g == e;
            return std::fabs(g - e) <= complextest::arithmeticTolerance<T> * std::fabs(e);
        };
        return partMatches(got.real(), expected.real()) && partMatches(got.imag(), expected.imag());
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("Complex identities hold in a kernel", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto points = complextest::gridPoints<T>();
    // Also points on the axes and of other magnitudes: the identities hold everywhere away from 0.
    for(Complex<T> const z :
        {Complex<T>{T{-3}, T{0}},
         Complex<T>{T{0}, T{2}},
         Complex<T>{T{5}, -T{0}},
         Complex<T>{T{1e-3}, T{2e-3}},
         Complex<T>{T{40}, T{-30}}})
        points.push_back(z);
    auto const n = points.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto pointsDev = complextest::toDevice<Acc>(queue, points);
    auto outDev = complextest::deviceBuf<T, Acc>(n * IdentityCount);
    REQUIRE(fixture(
        IdentitiesKernel{}, alpaka::getPtrNative(pointsDev), static_cast<Idx>(n), alpaka::getPtrNative(outDev)));
    auto const out = complextest::toHost(queue, outDev);

    T const tolerance = complextest::relativeTolerance<T>;
    for(std::size_t k = 0; k < IdentityCount; ++k)
    {
        complextest::Mismatches mismatches;
        for(std::size_t i = 0; i < n; ++i)
        {
            T const d = out[i * IdentityCount + k];
            bool const holds = k == ConjConj ? d == T{0} : d <= tolerance;
            if(!holds)
                mismatches.add(
                    "z = " + complextest::describe(points[i]) + ": relative deviation " + complextest::describe(d));
        }
        INFO(
            alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>() << ", " << identityNames[k] << " within "
                                      << tolerance << ":" << mismatches.text());
        CHECK(mismatches.count() == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE(
    "sqrt and log take the side of the branch cut from the sign of zero", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    T const z0 = T{0};
    std::vector<Complex<T>> const inputs{
        {T{-4}, z0},
        {T{-4}, -z0},
        {T{-1}, z0},
        {T{-1}, -z0},
        {T{4}, z0},
        {T{4}, -z0},
        {z0, z0},
        {-z0, z0},
        {z0, -z0},
        {-z0, -z0},
        {-z0, T{4}},
        {-z0, T{-4}}};
    auto const n = inputs.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto inDev = complextest::toDevice<Acc>(queue, inputs);
    auto sqrtDev = complextest::deviceBuf<Complex<T>, Acc>(n);
    auto logDev = complextest::deviceBuf<Complex<T>, Acc>(n);
    REQUIRE(fixture(
        BranchCutKernel{},
        alpaka::getPtrNative(inDev),
        static_cast<Idx>(n),
        alpaka::getPtrNative(sqrtDev),
        alpaka::getPtrNative(logDev)));
    auto const roots = complextest::toHost(queue, sqrtDev);
    auto const logs = complextest::toHost(queue, logDev);

    INFO(alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>());
    // Spelled out: the square roots of -4 + 0i and -4 - 0i are +2i and -2i, with a real part of +0.
    CHECK(complextest::sameBits(roots[0], std::complex<T>(z0, T{2})));
    CHECK(complextest::sameBits(roots[1], std::complex<T>(z0, T{-2})));
    // log(-1 +- 0i) = +-i pi.
    CHECK(complextest::sameBits(logs[2], std::complex<T>(z0, alpaka::math::constants::pi_v<T>)));
    CHECK(complextest::sameBits(logs[3], std::complex<T>(z0, -alpaka::math::constants::pi_v<T>)));
    for(std::size_t i = 0; i < n; ++i)
    {
        std::complex<T> const z(inputs[i].real(), inputs[i].imag());
        INFO(
            "z = " << complextest::describe(z) << ": sqrt " << complextest::describe(roots[i]) << ", expected "
                   << complextest::describe(std::sqrt(z)) << "; log " << complextest::describe(logs[i]) << ", expected "
                   << complextest::describe(std::log(z)));
        CHECK(sameSideAndClose(roots[i], std::sqrt(z)));
        CHECK(sameSideAndClose(logs[i], std::log(z)));
    }
}
