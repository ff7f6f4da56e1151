// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The real math functions under test as an enumeration: each with its name, its ULP tolerance, its evaluation
//! through alpaka::math in a kernel, and its standard-library reference on the host.
//!
//! Tolerances: 0 ULP on the CPU back-ends, which call the same <cmath> functions as the reference, so their results
//! must be bit-identical. The GPU column is for back-ends with their own math libraries: provisional values after the
//! maximum ULP errors in the CUDA C++ Programming Guide (the larger of float and double), to be confirmed when a GPU
//! back-end runs these tests.

#include <alpaka/alpaka.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "alpaka_test/Math.hpp"

namespace mathtest
{
    enum class Unary : int
    {
        Abs,
        Acos,
        Acosh,
        Asin,
        Asinh,
        Atan,
        Atanh,
        Cbrt,
        Ceil,
        Cos,
        Cosh,
        Erf,
        Exp,
        Floor,
        Log,
        Log2,
        Log10,
        Round,
        Rsqrt,
        Sin,
        Sinh,
        Sqrt,
        Tan,
        Tanh,
        Trunc,
        Count
    };

    enum class Binary : int
    {
        Atan2,
        Copysign,
        Fmod,
        Max,
        Min,
        Pow,
        Remainder,
        Count
    };

    struct FunctionInfo
    {
        char const* name;
        std::uint32_t ulpCpu;
        std::uint32_t ulpGpu;
    };

    //! Indexed by Unary.
    // clang-format off
    inline constexpr FunctionInfo unaryInfo[] = {
        // {name, ULP on the CPU back-ends, ULP on GPU back-ends}
        {"abs",         0,       0},
        {"acos",        0,       2},
        {"acosh",       0,       4},
        {"asin",        0,       2},
        {"asinh",       0,       3},
        {"atan",        0,       2},
        {"atanh",       0,       3},
        {"cbrt",        0,       2},  // CUDA's 1 ULP off the reference's own 1 ULP (seen: 2 at 1e-10, H200)
        {"ceil",        0,       0},
        {"cos",         0,       2},
        {"cosh",        0,       2},
        {"erf",         0,       2},
        {"exp",         0,       2},
        {"floor",       0,       0},
        {"log",         0,       1},
        {"log2",        0,       1},
        {"log10",       0,       2},
        {"round",       0,       0},
        {"rsqrt",       0,       2},
        {"sin",         0,       2},
        {"sinh",        0,       3},
        {"sqrt",        0,       0},
        {"tan",         0,       4},
        {"tanh",        0,       2},
        {"trunc",       0,       0},
    };
    // clang-format on
    static_assert(std::size(unaryInfo) == static_cast<std::size_t>(Unary::Count));

    //! Indexed by Binary.
    // clang-format off
    inline constexpr FunctionInfo binaryInfo[] = {
        // {name, ULP on the CPU back-ends, ULP on GPU back-ends}
        {"atan2",       0,       3},
        {"copysign",    0,       0},
        {"fmod",        0,       0},
        {"max",         0,       0},
        {"min",         0,       0},
        {"pow",         0,       4},
        {"remainder",   0,       0},
    };
    // clang-format on
    static_assert(std::size(binaryInfo) == static_cast<std::size_t>(Binary::Count));

    //! fma rounds once on every back-end (IEEE 754).
    inline constexpr FunctionInfo fmaInfo{"fma", 0, 0};

    template<typename TAcc>
    constexpr auto tolerance(FunctionInfo const& info) -> std::uint32_t
    {
        return isCpuAcc<TAcc> ? info.ulpCpu : info.ulpGpu;
    }

    //! f(x) through alpaka::math, as a kernel calls it.
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto evaluate(TAcc const& acc, Unary f, T x) -> T
    {
        namespace math = alpaka::math;
        switch(f)
        {
            case Unary::Abs:
                return math::abs(acc, x);
            case Unary::Acos:
                return math::acos(acc, x);
            case Unary::Acosh:
                return math::acosh(acc, x);
            case Unary::Asin:
                return math::asin(acc, x);
            case Unary::Asinh:
                return math::asinh(acc, x);
            case Unary::Atan:
                return math::atan(acc, x);
            case Unary::Atanh:
                return math::atanh(acc, x);
            case Unary::Cbrt:
                return math::cbrt(acc, x);
            case Unary::Ceil:
                return math::ceil(acc, x);
            case Unary::Cos:
                return math::cos(acc, x);
            case Unary::Cosh:
                return math::cosh(acc, x);
            case Unary::Erf:
                return math::erf(acc, x);
            case Unary::Exp:
                return math::exp(acc, x);
            case Unary::Floor:
                return math::floor(acc, x);
            case Unary::Log:
                return math::log(acc, x);
            case Unary::Log2:
                return math::log2(acc, x);
            case Unary::Log10:
                return math::log10(acc, x);
            case Unary::Round:
                return math::round(acc, x);
            case Unary::Rsqrt:
                return math::rsqrt(acc, x);
            case Unary::Sin:
                return math::sin(acc, x);
            case Unary::Sinh:
                return math::sinh(acc, x);
            case Unary::Sqrt:
                return math::sqrt(acc, x);
            case Unary::Tan:
                return math::tan(acc, x);
            case Unary::Tanh:
                return math::tanh(acc, x);
            case Unary::Trunc:
                return math::trunc(acc, x);
            case Unary::Count:
                break;
        }
        return T{0};
    }

    //! The standard library's f(x) on the host.
    template<typename T>
    auto reference(Unary f, T x) -> T
    {
        switch(f)
        {
            case Unary::Abs:
                return std::fabs(x);
            case Unary::Acos:
                return std::acos(x);
            case Unary::Acosh:
                return std::acosh(x);
            case Unary::Asin:
                return std::asin(x);
            case Unary::Asinh:
                return std::asinh(x);
            case Unary::Atan:
                return std::atan(x);
            case Unary::Atanh:
                return std::atanh(x);
            case Unary::Cbrt:
                return std::cbrt(x);
            case Unary::Ceil:
                return std::ceil(x);
            case Unary::Cos:
                return std::cos(x);
            case Unary::Cosh:
                return std::cosh(x);
            case Unary::Erf:
                return std::erf(x);
            case Unary::Exp:
                return std::exp(x);
            case Unary::Floor:
                return std::floor(x);
            case Unary::Log:
                return std::log(x);
            case Unary::Log2:
                return std::log2(x);
            case Unary::Log10:
                return std::log10(x);
            case Unary::Round:
                return std::round(x);
            case Unary::Rsqrt:
                return T{1} / std::sqrt(x); // rsqrt is defined as 1 / sqrt
            case Unary::Sin:
                return std::sin(x);
            case Unary::Sinh:
                return std::sinh(x);
            case Unary::Sqrt:
                return std::sqrt(x);
            case Unary::Tan:
                return std::tan(x);
            case Unary::Tanh:
                return std::tanh(x);
            case Unary::Trunc:
                return std::trunc(x);
            case Unary::Count:
                break;
        }
        return T{0};
    }

    template<typename TAcc, typename T>
    ALPAKA_FN_ACC auto evaluate(TAcc const& acc, Binary f, T a, T b) -> T
    {
        namespace math = alpaka::math;
        switch(f)
        {
            case Binary::Atan2:
                return math::atan2(acc, a, b);
            case Binary::Copysign:
                return math::copysign(acc, a, b);
            case Binary::Fmod:
                return math::fmod(acc, a, b);
            case Binary::Max:
                return math::max(acc, a, b);
            case Binary::Min:
                return math::min(acc, a, b);
            case Binary::Pow:
                return math::pow(acc, a, b);
            case Binary::Remainder:
                return math::remainder(acc, a, b);
            case Binary::Count:
                break;
        }
        return T{0};
    }

    //! max and min of floating-point values are fmax and fmin: a NaN operand is ignored.
    template<typename T>
    auto reference(Binary f, T a, T b) -> T
    {
        switch(f)
        {
            case Binary::Atan2:
                return std::atan2(a, b);
            case Binary::Copysign:
                return std::copysign(a, b);
            case Binary::Fmod:
                return std::fmod(a, b);
            case Binary::Max:
                return std::fmax(a, b);
            case Binary::Min:
                return std::fmin(a, b);
            case Binary::Pow:
                return std::pow(a, b);
            case Binary::Remainder:
                return std::remainder(a, b);
            case Binary::Count:
                break;
        }
        return T{0};
    }
} // namespace mathtest
