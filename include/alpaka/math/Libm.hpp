// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::math::libm: the functions of the C math library with the overloads <cmath> gives them (float, double,
//! long double, integers as double, mixed arguments promoted), and std::abs, for the library's own use.
//!
//! Why not <cmath>: with C++17 and later, libstdc++'s <cmath> carries the special functions (Bessel, Legendre, zeta,
//! ...), and it is the heaviest header left on the path of a kernel launch, compiled in every translation unit
//! (measured: docs/dev/measurements.md#headers-left-out). g++ and clang know every function of the C math library as a
//! builtin, and libstdc++'s own float and long double overloads are these builtins, so calling them directly generates
//! the same code without the header.
//!
//! Where builtins are not the same thing, this is <cmath> itself (`using std::sin;` ...):
//! - other compilers;
//! - GPU languages and run-time compilation, whose device math comes from <cmath>-shaped headers;
//! - clang with the OpenMP 5 back-end, which maps device math by declarations in its <cmath> wrappers;
//! - -ffast-math, where glibc's <math.h> declares the vector versions (libmvec) that let loops over sin/exp
//!   vectorize, and a builtin alone would not have them.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Config.hpp"

#include <type_traits>

#if(ALPAKA_COMP_GNUC || ALPAKA_COMP_CLANG) && !ALPAKA_LANG_CUDA && !ALPAKA_LANG_HIP && !ALPAKA_COMP_CLANG_CUDA         \
    && !ALPAKA_RTC && !defined(__FAST_MATH__) && !(ALPAKA_COMP_CLANG && defined(ALPAKA_ACC_ANY_BT_OMP5_ENABLED))
#    define ALPAKA_MATH_LIBM_BUILTINS 1
#else
#    define ALPAKA_MATH_LIBM_BUILTINS 0
#    include <cmath>
#    include <cstdlib>
#endif

namespace alpaka::math::libm
{
#if ALPAKA_MATH_LIBM_BUILTINS
    namespace detail
    {
        template<typename T>
        concept Arithmetic = std::is_arithmetic_v<T>;

        //! The type <cmath> computes mixed arguments in: long double if one is, else double if one is double or an
        //! integer, else float ([c.math.general]).
        template<typename... T>
        using Promoted = std::conditional_t<
            (std::is_same_v<T, long double> || ...),
            long double,
            std::conditional_t<((std::is_integral_v<T> || std::is_same_v<T, double>) || ...), double, float>>;

        //! True unless all arguments are one floating-point type (those calls take the exact overloads).
        template<typename TFirst, typename... TRest>
        inline constexpr bool isMixed = !(std::is_floating_point_v<TFirst> && (std::is_same_v<TFirst, TRest> && ...));
    } // namespace detail

//! name(x) -> TResult for float, double and long double, and integers as double.
#    define ALPAKA_MATH_LIBM_UNARY_TO(name, TFloat, TDouble, TLongDouble)                                              \
        ALPAKA_FN_HOST_ACC inline auto name(float x) -> TFloat                                                         \
        {                                                                                                              \
            return __builtin_##name##f(x);                                                                             \
        }                                                                                                              \
        ALPAKA_FN_HOST_ACC inline auto name(double x) -> TDouble                                                       \
        {                                                                                                              \
            return __builtin_##name(x);                                                                                \
        }                                                                                                              \
        ALPAKA_FN_HOST_ACC inline auto name(long double x) -> TLongDouble                                              \
        {                                                                                                              \
            return __builtin_##name##l(x);                                                                             \
        }                                                                                                              \
        template<typename TInt>                                                                                        \
            requires std::is_integral_v<TInt>                                                                          \
        ALPAKA_FN_HOST_ACC inline auto name(TInt x) -> TDouble                                                         \
        {                                                                                                              \
            return __builtin_##name(static_cast<double>(x));                                                           \
        }
#    define ALPAKA_MATH_LIBM_UNARY(name) ALPAKA_MATH_LIBM_UNARY_TO(name, float, double, long double)

    ALPAKA_MATH_LIBM_UNARY(acos)
    ALPAKA_MATH_LIBM_UNARY(acosh)
    ALPAKA_MATH_LIBM_UNARY(asin)
    ALPAKA_MATH_LIBM_UNARY(asinh)
    ALPAKA_MATH_LIBM_UNARY(atan)
    ALPAKA_MATH_LIBM_UNARY(atanh)
    ALPAKA_MATH_LIBM_UNARY(cbrt)
    ALPAKA_MATH_LIBM_UNARY(ceil)
    ALPAKA_MATH_LIBM_UNARY(cos)
    ALPAKA_MATH_LIBM_UNARY(cosh)
    ALPAKA_MATH_LIBM_UNARY(erf)
    ALPAKA_MATH_LIBM_UNARY(exp)
    ALPAKA_MATH_LIBM_UNARY(fabs)
    ALPAKA_MATH_LIBM_UNARY(floor)
    ALPAKA_MATH_LIBM_UNARY(log)
    ALPAKA_MATH_LIBM_UNARY(log2)
    ALPAKA_MATH_LIBM_UNARY(log10)
    ALPAKA_MATH_LIBM_UNARY(round)
    ALPAKA_MATH_LIBM_UNARY(sin)
    ALPAKA_MATH_LIBM_UNARY(sinh)
    ALPAKA_MATH_LIBM_UNARY(sqrt)
    ALPAKA_MATH_LIBM_UNARY(tan)
    ALPAKA_MATH_LIBM_UNARY(tanh)
    ALPAKA_MATH_LIBM_UNARY(trunc)
    ALPAKA_MATH_LIBM_UNARY_TO(lround, long, long, long)
    ALPAKA_MATH_LIBM_UNARY_TO(llround, long long, long long, long long)
#    undef ALPAKA_MATH_LIBM_UNARY
#    undef ALPAKA_MATH_LIBM_UNARY_TO

//! Classification: the builtins are type-generic; an integer is finite, not NaN and not infinite.
#    define ALPAKA_MATH_LIBM_CLASSIFY(name, integerResult)                                                             \
        template<detail::Arithmetic T>                                                                                 \
        ALPAKA_FN_HOST_ACC inline auto name(T x) -> bool                                                               \
        {                                                                                                              \
            if constexpr(std::is_integral_v<T>)                                                                        \
                return integerResult;                                                                                  \
            else                                                                                                       \
                return __builtin_##name(x);                                                                            \
        }

    ALPAKA_MATH_LIBM_CLASSIFY(isfinite, true)
    ALPAKA_MATH_LIBM_CLASSIFY(isinf, false)
    ALPAKA_MATH_LIBM_CLASSIFY(isnan, false)
    ALPAKA_MATH_LIBM_CLASSIFY(signbit, x < T{0})
#    undef ALPAKA_MATH_LIBM_CLASSIFY

//! name(a, b) for the three floating-point types, and any other pair of arithmetic types promoted.
#    define ALPAKA_MATH_LIBM_BINARY(name)                                                                              \
        ALPAKA_FN_HOST_ACC inline auto name(float a, float b) -> float                                                 \
        {                                                                                                              \
            return __builtin_##name##f(a, b);                                                                          \
        }                                                                                                              \
        ALPAKA_FN_HOST_ACC inline auto name(double a, double b) -> double                                              \
        {                                                                                                              \
            return __builtin_##name(a, b);                                                                             \
        }                                                                                                              \
        ALPAKA_FN_HOST_ACC inline auto name(long double a, long double b) -> long double                               \
        {                                                                                                              \
            return __builtin_##name##l(a, b);                                                                          \
        }                                                                                                              \
        template<detail::Arithmetic TA, detail::Arithmetic TB>                                                         \
            requires detail::isMixed<TA, TB>                                                                           \
        ALPAKA_FN_HOST_ACC inline auto name(TA a, TB b)                                                                \
        {                                                                                                              \
            using Common = detail::Promoted<TA, TB>;                                                                   \
            return name(static_cast<Common>(a), static_cast<Common>(b));                                               \
        }

    ALPAKA_MATH_LIBM_BINARY(atan2)
    ALPAKA_MATH_LIBM_BINARY(copysign)
    ALPAKA_MATH_LIBM_BINARY(fmax)
    ALPAKA_MATH_LIBM_BINARY(fmin)
    ALPAKA_MATH_LIBM_BINARY(fmod)
    ALPAKA_MATH_LIBM_BINARY(hypot)
    ALPAKA_MATH_LIBM_BINARY(pow)
    ALPAKA_MATH_LIBM_BINARY(remainder)
#    undef ALPAKA_MATH_LIBM_BINARY

    //! |x| of the signed integers (as <cstdlib>: smaller ones promote to int) and of the floating-point types.
    ALPAKA_FN_HOST_ACC inline auto abs(int x) -> int
    {
        return __builtin_abs(x);
    }

    ALPAKA_FN_HOST_ACC inline auto abs(long x) -> long
    {
        return __builtin_labs(x);
    }

    ALPAKA_FN_HOST_ACC inline auto abs(long long x) -> long long
    {
        return __builtin_llabs(x);
    }

    ALPAKA_FN_HOST_ACC inline auto abs(float x) -> float
    {
        return __builtin_fabsf(x);
    }

    ALPAKA_FN_HOST_ACC inline auto abs(double x) -> double
    {
        return __builtin_fabs(x);
    }

    ALPAKA_FN_HOST_ACC inline auto abs(long double x) -> long double
    {
        return __builtin_fabsl(x);
    }

    ALPAKA_FN_HOST_ACC inline auto fma(float x, float y, float z) -> float
    {
        return __builtin_fmaf(x, y, z);
    }

    ALPAKA_FN_HOST_ACC inline auto fma(double x, double y, double z) -> double
    {
        return __builtin_fma(x, y, z);
    }

    ALPAKA_FN_HOST_ACC inline auto fma(long double x, long double y, long double z) -> long double
    {
        return __builtin_fmal(x, y, z);
    }

    template<detail::Arithmetic TX, detail::Arithmetic TY, detail::Arithmetic TZ>
        requires detail::isMixed<TX, TY, TZ>
    ALPAKA_FN_HOST_ACC inline auto fma(TX x, TY y, TZ z)
    {
        using Common = detail::Promoted<TX, TY, TZ>;
        return fma(static_cast<Common>(x), static_cast<Common>(y), static_cast<Common>(z));
    }
#else
//! name(args...) is std::name(args...); for the run-time compilers ::name(args...), the device math functions they
//! declare themselves (CCCL's std, NVRTC's standard library, lacks some, such as erf and fma).
#    if ALPAKA_RTC
#        define ALPAKA_MATH_LIBM_QUALIFIER
#    else
#        define ALPAKA_MATH_LIBM_QUALIFIER std
#    endif
#    define ALPAKA_MATH_LIBM_FORWARD(name)                                                                             \
        ALPAKA_NO_HOST_ACC_WARNING                                                                                     \
        template<typename... TArgs>                                                                                    \
        ALPAKA_FN_HOST_ACC inline auto name(                                                                           \
            TArgs const&... args) -> decltype(ALPAKA_MATH_LIBM_QUALIFIER::name(args...))                               \
        {                                                                                                              \
            return ALPAKA_MATH_LIBM_QUALIFIER::name(args...);                                                          \
        }

    ALPAKA_MATH_LIBM_FORWARD(abs)
    ALPAKA_MATH_LIBM_FORWARD(acos)
    ALPAKA_MATH_LIBM_FORWARD(acosh)
    ALPAKA_MATH_LIBM_FORWARD(asin)
    ALPAKA_MATH_LIBM_FORWARD(asinh)
    ALPAKA_MATH_LIBM_FORWARD(atan)
    ALPAKA_MATH_LIBM_FORWARD(atan2)
    ALPAKA_MATH_LIBM_FORWARD(atanh)
    ALPAKA_MATH_LIBM_FORWARD(cbrt)
    ALPAKA_MATH_LIBM_FORWARD(ceil)
    ALPAKA_MATH_LIBM_FORWARD(copysign)
    ALPAKA_MATH_LIBM_FORWARD(cos)
    ALPAKA_MATH_LIBM_FORWARD(cosh)
    ALPAKA_MATH_LIBM_FORWARD(erf)
    ALPAKA_MATH_LIBM_FORWARD(exp)
    ALPAKA_MATH_LIBM_FORWARD(fabs)
    ALPAKA_MATH_LIBM_FORWARD(floor)
    ALPAKA_MATH_LIBM_FORWARD(fma)
    ALPAKA_MATH_LIBM_FORWARD(fmax)
    ALPAKA_MATH_LIBM_FORWARD(fmin)
    ALPAKA_MATH_LIBM_FORWARD(fmod)
    ALPAKA_MATH_LIBM_FORWARD(hypot)
    ALPAKA_MATH_LIBM_FORWARD(isfinite)
    ALPAKA_MATH_LIBM_FORWARD(isinf)
    ALPAKA_MATH_LIBM_FORWARD(isnan)
    ALPAKA_MATH_LIBM_FORWARD(llround)
    ALPAKA_MATH_LIBM_FORWARD(log)
    ALPAKA_MATH_LIBM_FORWARD(log10)
    ALPAKA_MATH_LIBM_FORWARD(log2)
    ALPAKA_MATH_LIBM_FORWARD(lround)
    ALPAKA_MATH_LIBM_FORWARD(pow)
    ALPAKA_MATH_LIBM_FORWARD(remainder)
    ALPAKA_MATH_LIBM_FORWARD(round)
    ALPAKA_MATH_LIBM_FORWARD(signbit)
    ALPAKA_MATH_LIBM_FORWARD(sin)
    ALPAKA_MATH_LIBM_FORWARD(sinh)
    ALPAKA_MATH_LIBM_FORWARD(sqrt)
    ALPAKA_MATH_LIBM_FORWARD(tan)
    ALPAKA_MATH_LIBM_FORWARD(tanh)
    ALPAKA_MATH_LIBM_FORWARD(trunc)
#    undef ALPAKA_MATH_LIBM_FORWARD
#    undef ALPAKA_MATH_LIBM_QUALIFIER
#endif
} // namespace alpaka::math::libm
