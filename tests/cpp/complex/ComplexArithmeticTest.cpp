// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka::Complex arithmetic in a kernel against std::complex: complex and real operands on either side, compound
//! assignment, unary signs, == and !=. Addition, subtraction and the operations with a real operand are exact,
//! including the signs of zero parts; complex multiplication and division (whose rounding depends on the formula)
//! are within 4 epsilon relative to the exact result's magnitude.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <complex>
#include <cstddef>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Complex.hpp"

namespace
{
    template<typename T>
    using Complex = alpaka::Complex<T>;

    // Compile-time arithmetic: every operator is constexpr.
    static_assert(Complex<double>{1, 2} + Complex<double>{3, 4} == Complex<double>{4, 6});
    static_assert(Complex<double>{1, 2} * Complex<double>{3, 4} == Complex<double>{-5, 10});
    static_assert(Complex<double>{-5, 10} / Complex<double>{3, 4} == Complex<double>{1, 2});
    static_assert(2.0 * Complex<double>{1, 2} - 1.0 == Complex<double>{1, 4});
    static_assert(Complex<float>{2, 0} == 2.0f && 2.0f == Complex<float>{2, 0} && Complex<float>{2, 1} != 2.0f);
    static_assert(-Complex<float>{1, -2} == Complex<float>{-1, 2});
    static_assert(std::is_trivially_copyable_v<Complex<float>> && std::is_trivially_copyable_v<Complex<double>>);

    //! Results per pair of complex operands (a, b).
    enum PairResult : std::size_t
    {
        PairAdd,
        PairSub,
        PairMul,
        PairDiv,
        PairAddAssign,
        PairSubAssign,
        PairMulAssign,
        PairDivAssign,
        PairCount
    };

    //! Results per complex a and real s.
    enum ScalarResult : std::size_t
    {
        ComplexPlusReal,
        ComplexMinusReal,
        ComplexTimesReal,
        ComplexOverReal,
        RealPlusComplex,
        RealMinusComplex,
        RealTimesComplex,
        RealOverComplex,
        AddAssignReal,
        SubAssignReal,
        MulAssignReal,
        DivAssignReal,
        ScalarCount
    };

    char const* const pairNames[] = {"a + b", "a - b", "a * b", "a / b", "a += b", "a -= b", "a *= b", "a /= b"};
    char const* const scalarNames[] = {
        "a + s", "a - s", "a * s", "a / s", "s + a", "s - a", "s * a", "s / a", "a += s", "a -= s", "a *= s", "a /= s"};

    struct ArithmeticKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            Complex<T> const* points,
            alpaka::Idx<TAcc> pointCount,
            T const* scalars,
            alpaka::Idx<TAcc> scalarCount,
            Complex<T>* pairOut,
            Complex<T>* scalarOut,
            Complex<T>* unaryOut,
            int* compare) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const i : alpaka::uniformElements(acc, pointCount))
            {
                Complex<T> const a = points[i];
                unaryOut[2u * i] = -a;
                unaryOut[2u * i + 1u] = +a;
                for(Idx j = 0; j < pointCount; ++j)
                {
                    Complex<T> const b = points[j];
                    Complex<T>* out = pairOut + (i * pointCount + j) * PairCount;
                    out[PairAdd] = a + b;
                    out[PairSub] = a - b;
                    out[PairMul] = a * b;
                    out[PairDiv] = a / b;
                    Complex<T> c = a;
                    out[PairAddAssign] = (c += b);
                    c = a;
                    out[PairSubAssign] = (c -= b);
                    c = a;
                    out[PairMulAssign] = (c *= b);
                    c = a;
                    out[PairDivAssign] = (c /= b);
                    compare[(i * pointCount + j) * 2u] = a == b ? 1 : 0;
                    compare[(i * pointCount + j) * 2u + 1u] = a != b ? 1 : 0;
                }
                for(Idx j = 0; j < scalarCount; ++j)
                {
                    T const s = scalars[j];
                    Complex<T>* out = scalarOut + (i * scalarCount + j) * ScalarCount;
                    out[ComplexPlusReal] = a + s;
                    out[ComplexMinusReal] = a - s;
                    out[ComplexTimesReal] = a * s;
                    out[ComplexOverReal] = a / s;
                    out[RealPlusComplex] = s + a;
                    out[RealMinusComplex] = s - a;
                    out[RealTimesComplex] = s * a;
                    out[RealOverComplex] = s / a;
                    Complex<T> c = a;
                    out[AddAssignReal] = (c += s);
                    c = a;
                    out[SubAssignReal] = (c -= s);
                    c = a;
                    out[MulAssignReal] = (c *= s);
                    c = a;
                    out[DivAssignReal] = (c /= s);
                    int* cmp = compare + pointCount * pointCount * 2u + (i * scalarCount + j) * 4u;
                    cmp[0] = a == s ? 1 : 0;
                    cmp[1] = a != s ? 1 : 0;
                    cmp[2] = s == a ? 1 : 0;
                    cmp[3] = s != a ? 1 : 0;
                }
            }
        }
    };

    //! Operands with zero parts of either sign, real and imaginary numbers, and equal values of different bits.
    template<typename T>
    auto arithmeticPoints() -> std::vector<Complex<T>>
    {
        return {
            {T{1.5}, T{-2.25}},
            {T{-0.75}, T{0.5}},
            {T{3}, T{0}},
            {T{3}, -T{0}},
            {T{0}, T{2}},
            {-T{0}, T{-2}},
            {T{-4}, T{0.25}},
            {T{2.5}, T{0}},
            {T{1e-3}, T{7}},
            {T{1e15}, T{-3e-5}}};
    }

    template<typename T>
    auto toStd(Complex<T> z) -> std::complex<T>
    {
        return {z.real(), z.imag()};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("Complex arithmetic matches std::complex", "[complex]", complextest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    using Idx = alpaka::Idx<Acc>;
    using SC = std::complex<T>;
    auto const points = arithmeticPoints<T>();
    std::vector<T> const scalars{T{2.5}, T{-0.75}, T{3}, T{1e-3}};
    auto const n = points.size();
    auto const m = scalars.size();

    alpaka::test::KernelExecutionFixture<Acc> fixture(complextest::extentOf<Acc>(n));
    auto& queue = fixture.getQueue();
    auto pointsDev = complextest::toDevice<Acc>(queue, points);
    auto scalarsDev = complextest::toDevice<Acc>(queue, scalars);
    auto pairDev = complextest::deviceBuf<Complex<T>, Acc>(n * n * PairCount);
    auto scalarDev = complextest::deviceBuf<Complex<T>, Acc>(n * m * ScalarCount);
    auto unaryDev = complextest::deviceBuf<Complex<T>, Acc>(2u * n);
    auto compareDev = complextest::deviceBuf<int, Acc>(n * n * 2u + n * m * 4u);
    REQUIRE(fixture(
        ArithmeticKernel{},
        alpaka::getPtrNative(pointsDev),
        static_cast<Idx>(n),
        alpaka::getPtrNative(scalarsDev),
        static_cast<Idx>(m),
        alpaka::getPtrNative(pairDev),
        alpaka::getPtrNative(scalarDev),
        alpaka::getPtrNative(unaryDev),
        alpaka::getPtrNative(compareDev)));
    auto const pairResults = complextest::toHost(queue, pairDev);
    auto const scalarResults = complextest::toHost(queue, scalarDev);
    auto const unaryResults = complextest::toHost(queue, unaryDev);
    auto const compare = complextest::toHost(queue, compareDev);

    INFO(alpaka::getAccName<Acc>() << ", " << complextest::typeName<T>());
    complextest::Mismatches exact;
    complextest::Mismatches rounded;
    complextest::Mismatches comparisons;
    auto const checkExact = [&](Complex<T> got, SC expected, std::string const& what)
    {
        if(!complextest::sameBits(got, expected))
            exact.add(what + " = " + complextest::describe(got) + ", expected " + complextest::describe(expected));
    };
    auto const checkRounded = [&](Complex<T> got, SC expected, std::string const& what)
    {
        if(!(complextest::relativeError(got, expected) <= complextest::arithmeticTolerance<T>))
            rounded.add(what + " = " + complextest::describe(got) + ", expected " + complextest::describe(expected));
    };

    for(std::size_t i = 0; i < n; ++i)
    {
        SC const a = toStd(points[i]);
        std::string const at = " with a = " + complextest::describe(a);
        checkExact(unaryResults[2u * i], -a, "-a" + at);
        checkExact(unaryResults[2u * i + 1u], +a, "+a" + at);
        for(std::size_t j = 0; j < n; ++j)
        {
            SC const b = toStd(points[j]);
            auto const* got = &pairResults[(i * n + j) * PairCount];
            std::string const with = at + ", b = " + complextest::describe(b);
            SC const expected[] = {a + b, a - b, a * b, a / b, a + b, a - b, a * b, a / b};
            for(std::size_t r = 0; r < PairCount; ++r)
            {
                bool const rounds = r == PairMul || r == PairDiv || r == PairMulAssign || r == PairDivAssign;
                if(rounds)
                    checkRounded(got[r], expected[r], pairNames[r] + with);
                else
                    checkExact(got[r], expected[r], pairNames[r] + with);
            }
            if(compare[(i * n + j) * 2u] != (a == b ? 1 : 0) || compare[(i * n + j) * 2u + 1u] != (a != b ? 1 : 0))
                comparisons.add("a == b, a != b" + with);
        }
        for(std::size_t j = 0; j < m; ++j)
        {
            T const s = scalars[j];
            auto const* got = &scalarResults[(i * m + j) * ScalarCount];
            std::string const with = at + ", s = " + complextest::describe(s);
            SC const expected[] = {a + s, a - s, a * s, a / s, s + a, s - a, s * a, s / a, a + s, a - s, a * s, a / s};
            for(std::size_t r = 0; r < ScalarCount; ++r)
            {
                if(r == RealOverComplex)
                    checkRounded(got[r], expected[r], scalarNames[r] + with);
                else
                    checkExact(got[r], expected[r], scalarNames[r] + with);
            }
            int const* cmp = &compare[n * n * 2u + (i * m + j) * 4u];
            if(cmp[0] != (a == s ? 1 : 0) || cmp[1] != (a != s ? 1 : 0) || cmp[2] != (s == a ? 1 : 0)
               || cmp[3] != (s != a ? 1 : 0))
                comparisons.add("a == s, a != s, s == a, s != a" + with);
        }
    }
    {
        INFO("exact results (bitwise, signs of zero included):" << exact.text());
        CHECK(exact.count() == 0u);
    }
    {
        INFO(
            "complex multiplication and division within " << complextest::arithmeticTolerance<T>
                                                          << " relative:" << rounded.text());
        CHECK(rounded.count() == 0u);
    }
    {
        INFO("comparisons:" << comparisons.text());
        CHECK(comparisons.count() == 0u);
    }
}

TEST_CASE("Complex equality compares values: signed zeros are equal, NaN is unequal", "[complex]")
{
    using C = Complex<double>;
    double const nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(C{0.0, 0.0} == C{-0.0, -0.0});
    CHECK(C{1.0, -0.0} == 1.0);
    CHECK(1.0 == C{1.0, 0.0});
    CHECK(C{1.0, 1e-300} != 1.0);
    CHECK(C{nan, 0.0} != C{nan, 0.0});
    CHECK_FALSE(C{nan, 0.0} == C{nan, 0.0});
    CHECK(C{1.0, 2.0} != C{1.0, -2.0});
    CHECK(C{1.0, 2.0} != C{-1.0, 2.0});
}

TEST_CASE("Complex converts to and from std::complex and between precisions", "[complex]")
{
    std::complex<double> const s(1.5, -2.5);
    Complex<double> const z = s;
    CHECK(z.real() == 1.5);
    CHECK(z.imag() == -2.5);
    CHECK(static_cast<std::complex<double>>(z) == s);
    // Both ways implicitly, as upstream's (the conversions are matched by shape, without <complex> in alpaka.hpp),
    // but only within one precision, and not from other class templates.
    std::complex<double> const back = z;
    CHECK(back == s);
    auto const takesStd = [](std::complex<float> c) { return c.real() + c.imag(); };
    CHECK(takesStd(Complex<float>{1.0f, 2.0f}) == 3.0f);
    static_assert(std::is_convertible_v<std::complex<float>, Complex<float>>);
    static_assert(std::is_convertible_v<Complex<float>, std::complex<float>>);
    static_assert(!std::is_convertible_v<std::complex<double>, Complex<float>>);
    static_assert(!std::is_convertible_v<Complex<float>, std::complex<double>>);
    static_assert(!std::is_convertible_v<std::vector<float>, Complex<float>>);
    static_assert(!std::is_convertible_v<Complex<float>, std::vector<float>>);
    std::ostringstream printed;
    printed << Complex<double>{1.5, -2.5};
    CHECK(printed.str() == "(1.5,-2.5)");
    // Widening converts implicitly, narrowing only explicitly (as std::complex).
    static_assert(std::is_convertible_v<Complex<float>, Complex<double>>);
    static_assert(!std::is_convertible_v<Complex<double>, Complex<float>>);
    static_assert(std::is_constructible_v<Complex<float>, Complex<double>>);
    Complex<float> const narrow(Complex<double>{0.1, 0.2});
    CHECK(narrow.real() == 0.1f);
    CHECK(narrow.imag() == 0.2f);
    Complex<double> wide = Complex<float>{0.5f, -0.25f};
    CHECK(wide == Complex<double>{0.5, -0.25});
    wide.real(3.0);
    wide.imag(4.0);
    CHECK(wide == Complex<double>{3.0, 4.0});
    CHECK(Complex<double>{} == Complex<double>{0.0, 0.0});
    CHECK(Complex<double>{2.0} == Complex<double>{2.0, 0.0});
}
