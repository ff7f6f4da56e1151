// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! A user type with its own sqrt, abs, sin, arg and pow in its namespace: alpaka::math::sqrt(acc, value) in a kernel
//! reaches them through the traits' default, which makes an unqualified call (argument-dependent lookup).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Math.hpp"

namespace usertype
{
    //! A value that remembers which function made it.
    struct Tagged
    {
        double value;
        int madeBy;
    };

    enum : int
    {
        None,
        BySqrt,
        ByAbs,
        BySin,
        ByArg,
        ByPow,
        BySinCos
    };

    ALPAKA_FN_HOST_ACC inline auto sqrt(Tagged const& x) -> Tagged
    {
        return {std::sqrt(x.value), BySqrt};
    }

    ALPAKA_FN_HOST_ACC inline auto abs(Tagged const& x) -> Tagged
    {
        return {std::fabs(x.value), ByAbs};
    }

    ALPAKA_FN_HOST_ACC inline auto sin(Tagged const& x) -> Tagged
    {
        return {std::sin(x.value), BySin};
    }

    //! The parameter of math::arg's default trait must not hide this function (it once was called arg).
    ALPAKA_FN_HOST_ACC inline auto arg(Tagged const& x) -> Tagged
    {
        return {x.value < 0.0 ? 3.0 : 0.0, ByArg};
    }

    ALPAKA_FN_HOST_ACC inline auto pow(Tagged const& base, Tagged const& exponent) -> Tagged
    {
        return {std::pow(base.value, exponent.value), ByPow};
    }

    //! Both at once, found by math::sincos's default trait in preference to its sin-and-cos fallback.
    ALPAKA_FN_HOST_ACC inline auto sincos(Tagged const& x, Tagged& s, Tagged& c) -> void
    {
        s = {std::sin(x.value), BySinCos};
        c = {std::cos(x.value), BySinCos};
    }

    //! A type with sin and cos but no sincos: math::sincos falls back to calling both.
    struct OnlySinCos
    {
        double value;
        int madeBy;
    };

    ALPAKA_FN_HOST_ACC inline auto sin(OnlySinCos const& x) -> OnlySinCos
    {
        return {std::sin(x.value), BySin};
    }

    ALPAKA_FN_HOST_ACC inline auto cos(OnlySinCos const& x) -> OnlySinCos
    {
        return {std::cos(x.value), BySin};
    }

    //! A type with its own rsqrt: math::rsqrt's default prefers it to 1 / sqrt.
    ALPAKA_FN_HOST_ACC inline auto rsqrt(Tagged const& x) -> Tagged
    {
        return {1.0 / std::sqrt(x.value), BySqrt};
    }
} // namespace usertype

namespace
{
    struct UserTypeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            using usertype::Tagged;
            namespace math = alpaka::math;
            static_assert(std::is_same_v<decltype(math::sqrt(acc, Tagged{})), Tagged>);

            Tagged const root = math::sqrt(acc, Tagged{16.0, usertype::None});
            ALPAKA_CHECK(*success, root.madeBy == usertype::BySqrt);
            ALPAKA_CHECK(*success, root.value == 4.0);

            Tagged const magnitude = math::abs(acc, Tagged{-2.5, usertype::None});
            ALPAKA_CHECK(*success, magnitude.madeBy == usertype::ByAbs);
            ALPAKA_CHECK(*success, magnitude.value == 2.5);

            Tagged const sine = math::sin(acc, Tagged{0.0, usertype::None});
            ALPAKA_CHECK(*success, sine.madeBy == usertype::BySin);
            ALPAKA_CHECK(*success, sine.value == 0.0);

            Tagged const phase = math::arg(acc, Tagged{-1.0, usertype::None});
            ALPAKA_CHECK(*success, phase.madeBy == usertype::ByArg);
            ALPAKA_CHECK(*success, phase.value == 3.0);

            // The binary functions take the same route.
            Tagged const power = math::pow(acc, Tagged{2.0, usertype::None}, Tagged{10.0, usertype::None});
            ALPAKA_CHECK(*success, power.madeBy == usertype::ByPow);
            ALPAKA_CHECK(*success, power.value == 1024.0);

            Tagged s{};
            Tagged c{};
            math::sincos(acc, Tagged{0.0, usertype::None}, s, c);
            ALPAKA_CHECK(*success, s.madeBy == usertype::BySinCos && c.madeBy == usertype::BySinCos);
            ALPAKA_CHECK(*success, s.value == 0.0 && c.value == 1.0);

            usertype::OnlySinCos fs{};
            usertype::OnlySinCos fc{};
            math::sincos(acc, usertype::OnlySinCos{0.0, usertype::None}, fs, fc);
            ALPAKA_CHECK(*success, fs.madeBy == usertype::BySin && fc.madeBy == usertype::BySin);
            ALPAKA_CHECK(*success, fs.value == 0.0 && fc.value == 1.0);

            Tagged const reciprocalRoot = math::rsqrt(acc, Tagged{4.0, usertype::None});
            ALPAKA_CHECK(*success, reciprocalRoot.madeBy == usertype::BySqrt);
            ALPAKA_CHECK(*success, reciprocalRoot.value == 0.5);

            // Arithmetic types still go to the accelerator's own implementation.
            ALPAKA_CHECK(*success, math::sqrt(acc, 16.0) == 4.0);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("math functions of a user type find its own functions by ADL", "[math]", mathtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(mathtest::extentOf<Acc>(1u));
    CHECK(fixture(UserTypeKernel{}));
}
