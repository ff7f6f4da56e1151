// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! One file: every function is checked through the same kernel and grid of points against std::complex.
//! The functions of alpaka::Complex called through the math traits in a kernel (alpaka::math::sin(acc, z) finds
//! alpaka::sin(Complex) by ADL and must give what the direct call gives) against std::complex on a grid of points
//! away from the branch cuts, within complextest::relativeTolerance (1e-5 for float, 1e-13 for double); real, imag,
//! abs, arg, norm, conj, proj and polar; pow with complex and real operands.
//! One file of about 500 lines: a table of every function over one grid of points, checked by one kernel.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
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

    enum class Fn : int
    {
        Exp,
        Log,
        Log10,
        Sqrt,
        Sin,
        Cos,
        Tan,
        Sinh,
        Cosh,
        Tanh,
        Asin,
        Acos,
        Atan,
        Asinh,
        Acosh,
        Atanh,
        Count
    };

    constexpr auto fnCount = static_cast<std::size_t>(Fn::Count);

    char const* const fnNames[]
        = {"exp",
           "log",
           "log10",
           "sqrt",
           "sin",
           "cos",
           "tan",
           "sinh",
           "cosh",
           "tanh",
           "asin",
           "acos",
           "atan",
           "asinh",
           "acosh",
           "atanh"};

    //! f(z) through the math traits, and whether it equals the direct call of alpaka's function.
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto viaTraits(TAcc const& acc, Fn f, Complex<T> z, bool& sameAsDirect) -> Complex<T>
    {
        namespace math = alpaka::math;
        Complex<T> traits;
        Complex<T> direct;
        switch(f)
        {
            case Fn::Exp:
                traits = math::exp(acc, z);
                direct = alpaka::exp(z);
                break;
            case Fn::Log:
                traits = math::log(acc, z);
                direct = alpaka::log(z);
                break;
            case Fn::Log10:
                traits = math::log10(acc, z);
                direct = alpaka::log10(z);
                break;
            case Fn::Sqrt:
                traits = math::sqrt(acc, z);
                direct = alpaka::sqrt(z);
                break;
            case Fn::Sin:
                traits = math::sin(acc, z);
                direct = alpaka::sin(z);
                break;
            case Fn::Cos:
                traits = math::cos(acc, z);
                direct = alpaka::cos(z);
                break;
            case Fn::Tan:
                traits = math::tan(acc, z);
                direct = alpaka::tan(z);
                break;
            case Fn::Sinh:
                traits = math::sinh(acc, z);
                direct = alpaka::sinh(z);
                break;
            case Fn::Cosh:
                traits = math::cosh(acc, z);
                direct = alpaka::cosh(z);
                break;
            case Fn::Tanh:
                traits = math::tanh(acc, z);
                direct = alpaka::tanh(z);
                break;
            case Fn::Asin:
                traits = math::asin(acc, z);
                direct = alpaka::asin(z);
                break;
            case Fn::Acos:
                traits = math::acos(acc, z);
                direct = alpaka::acos(z);
                break;
            case Fn::Atan:
                traits = math::atan(acc, z);
                direct = alpaka::atan(z);
                break;
            case Fn::Asinh:
                traits = math::asinh(acc, z);
                direct = alpaka::asinh(z);
                break;
            case Fn::Acosh:
                traits = math::acosh(acc, z);
                direct = alpaka::acosh(z);
                break;
            case Fn::Atanh:
                traits = math::atanh(acc, z);
                direct = alpaka::atanh(z);
                break;
            case Fn::Count:
                break;
        }
        sameAsDirect = traits == direct;
        return traits;
    }

    template<typename T>
    auto reference(Fn f, std::complex<T> z) -> std::complex<T>
    {
        switch(f)
        {
            case Fn::Exp:
                return std::exp(z);
            case Fn::Log:
                return std::log(z);
            case Fn::Log10:
                return std::log10(z);
            case Fn::Sqrt:
                return std::sqrt(z);
            case Fn::Sin:
                return std::sin(z);
            case Fn::Cos:
                return std::cos(z);
            case Fn::Tan:
                return std::tan(z);
            case Fn::Sinh:
                return std::sinh(z);
            case Fn::Cosh:
                return std::cosh(z);
            case Fn::Tanh:
                return std::tanh(z);
            case Fn::Asin:
                return std::asin(z);
            case Fn::Acos:
                return std::acos(z);
            case Fn::Atan:
                return std::atan(z);
            case Fn::Asinh:
                return std::asinh(z);
            case Fn::Acosh:
                return std::acosh(z);
            case Fn::Atanh:
                return std::atanh(z);
            case Fn::Count:
                break;
        }
        return {};
    }

    //! Per point: the functions (through the traits), then real, imag, abs, arg, norm, and conj and proj.
    struct FunctionsKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* success,
            Complex<T> const* points,
            alpaka::Idx<TAcc> count,
            Complex<T>* functions,
            T* reals,
            Complex<T>* others) const -> void
        {
            namespace math = alpaka::math;
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const i : alpaka::uniformElements(acc, count))
            {
                Complex<T> const z = points[i];
                for(Idx f = 0; f < static_cast<Idx>(fnCount); ++f)
                {
                    bool sameAsDirect = false;
                    functions[i * fnCount + f] = viaTraits(acc, static_cast<Fn>(f), z, sameAsDirect);
                    ALPAKA_CHECK(*success, sameAsDirect);
                }
                reals[5u * i] = alpaka::real(z);
                reals[5u * i + 1u] = alpaka::imag(z);
                reals[5u * i + 2u] = math::abs(acc, z);
                reals[5u * i + 3u] = math::arg(acc, z);
                reals[5u * i + 4u] = alpaka::norm(z);
                ALPAKA_CHECK(*success, math::abs(acc, z) == alpaka::abs(z));
                ALPAKA_CHECK(*success, math::arg(acc, z) == alpaka::arg(z));
                others[2u * i] = math::conj(acc, z);
                others[2u * i + 1u] = alpaka::proj(z);
            }
        }
    };

    //! pow(points[i], complexExponents[k]), pow(points[i], realExponents[k]), pow(realBases[k], points[i]).
    struct PowKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            Complex<T> const* points,
            alpaka::Idx<TAcc> count,
            Complex<T> const* complexExponents,
            T const* reals,
            alpaka::Idx<TAcc> exponentCount,
            Complex<T>* out) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const i : alpaka::uniformElements(acc, count))
                for(Idx k = 0; k < exponentCount; ++k)
                {
                    Complex<T>* o = out + (i * exponentCount + k) * 3u;
                    o[0] = alpaka::math::pow(acc, points[i], complexExponents[k]);
                    o[1] = alpaka::math::pow(acc, points[i], reals[k]);
                    o[2] = alpaka::math::pow(acc, reals[k], points[i]);
                }
        }
    };

    struct PolarProjKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            T const* rho,
            T const* theta,
            Complex<T> const* projInputs,
            alpaka::Idx<TAcc> count,
            Complex<T>* polarOut,
            Complex<T>* projOut) const -> void
        {
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                polarOut[i] = alpaka::polar(rho[i], theta[i]);
                projOut[i] = alpaka::proj(projInputs[i]);
            }
        }
    };

    template<typename T>
    auto toStdComplex(Complex<T> z) -> std::complex<T>
    {
        return {z.real(), z.imag()};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "Complex functions through the math traits match std::complex", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const points = complextest::gridPoints<T>();
    auto const n = points.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto pointsDev = complextest::toDevice<Acc>(queue, points);
    auto functionsDev = complextest::deviceBuf<Complex<T>, Acc>(n * fnCount);
    auto realsDev = complextest::deviceBuf<T, Acc>(n * 5u);
    auto othersDev = complextest::deviceBuf<Complex<T>, Acc>(n * 2u);
    // The kernel also checks that every call through the traits equals the direct call.
    REQUIRE(fixture(
        FunctionsKernel{},
        alpaka::getPtrNative(pointsDev),
        static_cast<Idx>(n),
        alpaka::getPtrNative(functionsDev),
        alpaka::getPtrNative(realsDev),
        alpaka::getPtrNative(othersDev)));
    auto const functions = complextest::toHost(queue, functionsDev);
    auto const reals = complextest::toHost(queue, realsDev);
    auto const others = complextest::toHost(queue, othersDev);

    T const tolerance = complextest::relativeTolerance<T>;
    INFO(alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>());
    for(std::size_t f = 0; f < fnCount; ++f)
    {
        complextest::Mismatches mismatches;
        long double worst = 0;
        for(std::size_t i = 0; i < n; ++i)
        {
            auto const z = toStdComplex(points[i]);
            auto const expected = reference(static_cast<Fn>(f), z);
            auto const got = functions[i * fnCount + f];
            long double const error = complextest::relativeError(got, expected);
            worst = error > worst ? error : worst;
            if(!(error <= tolerance))
                mismatches.add(
                    std::string(fnNames[f]) + complextest::describe(z) + " = " + complextest::describe(got)
                    + ", expected " + complextest::describe(expected));
        }
        INFO(fnNames[f] << " within " << tolerance << " relative (worst " << worst << "):" << mismatches.text());
        CHECK(mismatches.count() == 0u);
    }

    complextest::Mismatches elementary;
    T const tight = complextest::arithmeticTolerance<T>;
    for(std::size_t i = 0; i < n; ++i)
    {
        auto const z = toStdComplex(points[i]);
        std::string const at = "(" + complextest::describe(z) + ")";
        T const* r = &reals[5u * i];
        if(r[0] != z.real() || r[1] != z.imag())
            elementary.add("real/imag" + at);
        if(std::fabs(r[2] - std::abs(z)) > tight * std::abs(z))
            elementary.add("abs" + at + " = " + complextest::describe(r[2]));
        if(std::fabs(r[3] - std::arg(z)) > tight * std::fabs(std::arg(z)))
            elementary.add("arg" + at + " = " + complextest::describe(r[3]));
        if(std::fabs(r[4] - std::norm(z)) > tight * std::norm(z))
            elementary.add("norm" + at + " = " + complextest::describe(r[4]));
        if(!complextest::sameBits(others[2u * i], std::conj(z)))
            elementary.add("conj" + at + " = " + complextest::describe(others[2u * i]));
        if(!complextest::sameBits(others[2u * i + 1u], z))
            elementary.add("proj" + at + " = " + complextest::describe(others[2u * i + 1u]));
    }
    INFO("real, imag, conj, proj exact; abs, arg, norm within " << tight << " relative:" << elementary.text());
    CHECK(elementary.count() == 0u);
}

TEMPLATE_LIST_TEST_CASE("Complex pow matches std::pow", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    auto const points = complextest::gridPoints<T>();
    std::vector<Complex<T>> const complexExponents{{T{0.5}, T{0.3}}, {T{-1.2}, T{0.7}}, {T{2}, T{0}}, {T{3}, T{-1}}};
    // Positive real bases (a negative one lies on the branch cut of log); real exponents of both signs.
    std::vector<T> const reals{T{2.5}, T{0.7}, T{3}, T{0.25}};
    auto const n = points.size();
    auto const k = complexExponents.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto pointsDev = complextest::toDevice<Acc>(queue, points);
    auto exponentsDev = complextest::toDevice<Acc>(queue, complexExponents);
    auto realsDev = complextest::toDevice<Acc>(queue, reals);
    auto outDev = complextest::deviceBuf<Complex<T>, Acc>(n * k * 3u);
    REQUIRE(fixture(
        PowKernel{},
        alpaka::getPtrNative(pointsDev),
        static_cast<Idx>(n),
        alpaka::getPtrNative(exponentsDev),
        alpaka::getPtrNative(realsDev),
        static_cast<Idx>(k),
        alpaka::getPtrNative(outDev)));
    auto const out = complextest::toHost(queue, outDev);

    T const tolerance = complextest::relativeTolerance<T>;
    complextest::Mismatches mismatches;
    for(std::size_t i = 0; i < n; ++i)
        for(std::size_t e = 0; e < k; ++e)
        {
            auto const z = toStdComplex(points[i]);
            auto const w = toStdComplex(complexExponents[e]);
            T const s = reals[e];
            std::complex<T> const expected[] = {std::pow(z, w), std::pow(z, s), std::pow(s, z)};
            std::string const what[]
                = {"pow(" + complextest::describe(z) + ", " + complextest::describe(w) + ")",
                   "pow(" + complextest::describe(z) + ", " + complextest::describe(s) + ")",
                   "pow(" + complextest::describe(s) + ", " + complextest::describe(z) + ")"};
            for(std::size_t r = 0; r < 3u; ++r)
            {
                auto const got = out[(i * k + e) * 3u + r];
                if(!(complextest::relativeError(got, expected[r]) <= tolerance))
                    mismatches.add(
                        what[r] + " = " + complextest::describe(got) + ", expected "
                        + complextest::describe(expected[r]));
            }
        }
    INFO(
        alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>() << ", pow within " << tolerance
                                  << " relative:" << mismatches.text());
    CHECK(mismatches.count() == 0u);

    // Zero bases: 0^0 = 1, 0^w = 0 (std leaves 0^w with Re w <= 0 open; these are alpaka's choices).
    CHECK(alpaka::pow(Complex<T>{}, Complex<T>{}) == Complex<T>{T{1}});
    CHECK(alpaka::pow(Complex<T>{}, Complex<T>{T{2}, T{1}}) == Complex<T>{});
    CHECK(alpaka::pow(Complex<T>{}, T{0}) == Complex<T>{T{1}});
    CHECK(alpaka::pow(Complex<T>{}, T{2}) == Complex<T>{});
}

TEMPLATE_LIST_TEST_CASE(
    "Complex polar matches std::polar and proj maps infinities to (inf, +-0)", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    T const inf = std::numeric_limits<T>::infinity();
    T const nan = std::numeric_limits<T>::quiet_NaN();
    std::vector<T> rho;
    std::vector<T> theta;
    for(T const r : {T{0}, T{0.5}, T{1}, T{3}})
        for(T const t : {T{-3}, T{-1}, T{0}, T{0.5}, T{2}, T{3.1}})
        {
            rho.push_back(r);
            theta.push_back(t);
        }
    // C99 Annex G: a value with an infinite part projects to (inf, copysign(0, imag)); every other value to itself.
    std::vector<Complex<T>> projInputs{
        {inf, T{1}},
        {inf, T{-1}},
        {-inf, nan},
        {T{1}, -inf},
        {nan, inf},
        {T{-2}, inf},
        {T{1}, T{2}},
        {-T{0}, -T{0}},
        {nan, T{1}}};
    std::vector<std::complex<T>> const projExpected{
        {inf, T{0}},
        {inf, -T{0}},
        {inf, T{0}}, // the sign of a NaN imaginary part is not specified: compared by value below
        {inf, -T{0}},
        {inf, T{0}},
        {inf, T{0}},
        {T{1}, T{2}},
        {-T{0}, -T{0}},
        {nan, T{1}}};
    projInputs.resize(rho.size(), Complex<T>{T{1}, T{2}});
    auto const n = rho.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto rhoDev = complextest::toDevice<Acc>(queue, rho);
    auto thetaDev = complextest::toDevice<Acc>(queue, theta);
    auto projDev = complextest::toDevice<Acc>(queue, projInputs);
    auto polarOutDev = complextest::deviceBuf<Complex<T>, Acc>(n);
    auto projOutDev = complextest::deviceBuf<Complex<T>, Acc>(n);
    REQUIRE(fixture(
        PolarProjKernel{},
        alpaka::getPtrNative(rhoDev),
        alpaka::getPtrNative(thetaDev),
        alpaka::getPtrNative(projDev),
        static_cast<Idx>(n),
        alpaka::getPtrNative(polarOutDev),
        alpaka::getPtrNative(projOutDev)));
    auto const polarOut = complextest::toHost(queue, polarOutDev);
    auto const projOut = complextest::toHost(queue, projOutDev);

    INFO(alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>());
    T const tight = complextest::arithmeticTolerance<T>;
    for(std::size_t i = 0; i < n; ++i)
    {
        auto const expected = std::polar(rho[i], theta[i]);
        INFO("polar(" << rho[i] << ", " << theta[i] << ") = " << polarOut[i] << ", expected " << expected);
        if(rho[i] == T{0})
            CHECK((polarOut[i].real() == T{0} && polarOut[i].imag() == T{0}));
        else
            CHECK(complextest::relativeError(polarOut[i], expected) <= tight);
    }
    for(std::size_t i = 0; i < projExpected.size(); ++i)
    {
        INFO(
            "proj" << complextest::describe(projInputs[i]) << " = " << complextest::describe(projOut[i])
                   << ", expected " << complextest::describe(projExpected[i]));
        if(std::isnan(projInputs[i].imag()))
            CHECK((projOut[i].real() == projExpected[i].real() && projOut[i].imag() == T{0}));
        else
            CHECK(complextest::sameBits(projOut[i], projExpected[i]));
    }
}
