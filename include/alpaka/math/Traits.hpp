// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::math::f(acc, args...): math functions in kernels. Each dispatches through math::trait::F<TImpl, TArg...>,
//! where TImpl is the math implementation the accelerator names (ConceptMathF). Back-ends specialize the trait for
//! float and double (native functions); every other type reaches the default, which makes an unqualified call so
//! that argument-dependent lookup finds a user type's own sin/abs/...

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/math/Libm.hpp"

#include <utility>

namespace alpaka::math
{
    namespace detail
    {
        //! The fallbacks of the default Max and Min traits, as std::max and std::min (the larger or smaller by
        //! operator<, the first when equal) without <algorithm>. Two template parameters: where argument-dependent
        //! lookup also finds std::max (a type of namespace std), std's is more specialized and wins, and a type's own
        //! max or min in its namespace wins over both.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TA, typename TB>
        ALPAKA_FN_HOST_ACC constexpr auto max(TA const& a, TB const& b)
        {
            return a < b ? b : a;
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TA, typename TB>
        ALPAKA_FN_HOST_ACC constexpr auto min(TA const& a, TB const& b)
        {
            return b < a ? b : a;
        }
    } // namespace detail

    //! Defines ConceptMath<Name>, trait::<Name><T, TArg> with an ADL default, and math::<name>(ctx, arg).
    //! TStdUsing brings the standard library's <name> in for the default when it has one (libm::<name>, or
    //! detail::max/min).
#define ALPAKA_MATH_DEFINE_UNARY(Name, name, TStdUsing)                                                                \
    struct ConceptMath##Name;                                                                                          \
    namespace trait                                                                                                    \
    {                                                                                                                  \
        template<typename T, typename TArg, typename TSfinae = void>                                                   \
        struct Name                                                                                                    \
        {                                                                                                              \
            ALPAKA_NO_HOST_ACC_WARNING                                                                                 \
            ALPAKA_FN_HOST_ACC auto operator()(T const&, TArg const& x)                                                \
            {                                                                                                          \
                TStdUsing;                                                                                             \
                /* ADL: a compile error here means the type has no name(x) in its namespace. */                        \
                return name(x);                                                                                        \
            }                                                                                                          \
        };                                                                                                             \
    }                                                                                                                  \
    ALPAKA_NO_HOST_ACC_WARNING                                                                                         \
    template<typename T, typename TArg>                                                                                \
    ALPAKA_FN_HOST_ACC auto name(T const& ctx, TArg const& arg)                                                        \
    {                                                                                                                  \
        using Impl = concepts::ImplementationBase<ConceptMath##Name, T>;                                               \
        return trait::Name<Impl, TArg>{}(ctx, arg);                                                                    \
    }

    //! The same for functions of two arguments: math::<name>(ctx, a, b).
#define ALPAKA_MATH_DEFINE_BINARY(Name, name, TStdUsing)                                                               \
    struct ConceptMath##Name;                                                                                          \
    namespace trait                                                                                                    \
    {                                                                                                                  \
        template<typename T, typename TArgA, typename TArgB, typename TSfinae = void>                                  \
        struct Name                                                                                                    \
        {                                                                                                              \
            ALPAKA_NO_HOST_ACC_WARNING                                                                                 \
            ALPAKA_FN_HOST_ACC auto operator()(T const&, TArgA const& a, TArgB const& b)                               \
            {                                                                                                          \
                TStdUsing;                                                                                             \
                return name(a, b);                                                                                     \
            }                                                                                                          \
        };                                                                                                             \
    }                                                                                                                  \
    ALPAKA_NO_HOST_ACC_WARNING                                                                                         \
    template<typename T, typename TArgA, typename TArgB>                                                               \
    ALPAKA_FN_HOST_ACC auto name(T const& ctx, TArgA const& a, TArgB const& b)                                         \
    {                                                                                                                  \
        using Impl = concepts::ImplementationBase<ConceptMath##Name, T>;                                               \
        return trait::Name<Impl, TArgA, TArgB>{}(ctx, a, b);                                                           \
    }

#define ALPAKA_MATH_LIBM(name)   using libm::name
#define ALPAKA_MATH_DETAIL(name) using detail::name
#define ALPAKA_MATH_NO_STD       static_cast<void>(0)

    ALPAKA_MATH_DEFINE_UNARY(Abs, abs, ALPAKA_MATH_LIBM(abs))
    ALPAKA_MATH_DEFINE_UNARY(Acos, acos, ALPAKA_MATH_LIBM(acos))
    ALPAKA_MATH_DEFINE_UNARY(Acosh, acosh, ALPAKA_MATH_LIBM(acosh))
    ALPAKA_MATH_DEFINE_UNARY(Arg, arg, ALPAKA_MATH_NO_STD)
    ALPAKA_MATH_DEFINE_UNARY(Asin, asin, ALPAKA_MATH_LIBM(asin))
    ALPAKA_MATH_DEFINE_UNARY(Asinh, asinh, ALPAKA_MATH_LIBM(asinh))
    ALPAKA_MATH_DEFINE_UNARY(Atan, atan, ALPAKA_MATH_LIBM(atan))
    ALPAKA_MATH_DEFINE_UNARY(Atanh, atanh, ALPAKA_MATH_LIBM(atanh))
    ALPAKA_MATH_DEFINE_UNARY(Cbrt, cbrt, ALPAKA_MATH_LIBM(cbrt))
    ALPAKA_MATH_DEFINE_UNARY(Ceil, ceil, ALPAKA_MATH_LIBM(ceil))
    ALPAKA_MATH_DEFINE_UNARY(Conj, conj, ALPAKA_MATH_NO_STD)
    ALPAKA_MATH_DEFINE_UNARY(Cos, cos, ALPAKA_MATH_LIBM(cos))
    ALPAKA_MATH_DEFINE_UNARY(Cosh, cosh, ALPAKA_MATH_LIBM(cosh))
    ALPAKA_MATH_DEFINE_UNARY(Erf, erf, ALPAKA_MATH_LIBM(erf))
    ALPAKA_MATH_DEFINE_UNARY(Exp, exp, ALPAKA_MATH_LIBM(exp))
    ALPAKA_MATH_DEFINE_UNARY(Floor, floor, ALPAKA_MATH_LIBM(floor))
    ALPAKA_MATH_DEFINE_UNARY(Isfinite, isfinite, ALPAKA_MATH_LIBM(isfinite))
    ALPAKA_MATH_DEFINE_UNARY(Isinf, isinf, ALPAKA_MATH_LIBM(isinf))
    ALPAKA_MATH_DEFINE_UNARY(Isnan, isnan, ALPAKA_MATH_LIBM(isnan))
    ALPAKA_MATH_DEFINE_UNARY(Llround, llround, ALPAKA_MATH_LIBM(llround))
    ALPAKA_MATH_DEFINE_UNARY(Log, log, ALPAKA_MATH_LIBM(log))
    ALPAKA_MATH_DEFINE_UNARY(Log2, log2, ALPAKA_MATH_LIBM(log2))
    ALPAKA_MATH_DEFINE_UNARY(Log10, log10, ALPAKA_MATH_LIBM(log10))
    ALPAKA_MATH_DEFINE_UNARY(Lround, lround, ALPAKA_MATH_LIBM(lround))
    ALPAKA_MATH_DEFINE_UNARY(Round, round, ALPAKA_MATH_LIBM(round))
    ALPAKA_MATH_DEFINE_UNARY(Sin, sin, ALPAKA_MATH_LIBM(sin))
    ALPAKA_MATH_DEFINE_UNARY(Sinh, sinh, ALPAKA_MATH_LIBM(sinh))
    ALPAKA_MATH_DEFINE_UNARY(Sqrt, sqrt, ALPAKA_MATH_LIBM(sqrt))
    ALPAKA_MATH_DEFINE_UNARY(Tan, tan, ALPAKA_MATH_LIBM(tan))
    ALPAKA_MATH_DEFINE_UNARY(Tanh, tanh, ALPAKA_MATH_LIBM(tanh))
    ALPAKA_MATH_DEFINE_UNARY(Trunc, trunc, ALPAKA_MATH_LIBM(trunc))

    ALPAKA_MATH_DEFINE_BINARY(Atan2, atan2, ALPAKA_MATH_LIBM(atan2))
    ALPAKA_MATH_DEFINE_BINARY(Copysign, copysign, ALPAKA_MATH_LIBM(copysign))
    ALPAKA_MATH_DEFINE_BINARY(Fmod, fmod, ALPAKA_MATH_LIBM(fmod))
    ALPAKA_MATH_DEFINE_BINARY(Max, max, ALPAKA_MATH_DETAIL(max))
    ALPAKA_MATH_DEFINE_BINARY(Min, min, ALPAKA_MATH_DETAIL(min))
    ALPAKA_MATH_DEFINE_BINARY(Pow, pow, ALPAKA_MATH_LIBM(pow))
    ALPAKA_MATH_DEFINE_BINARY(Remainder, remainder, ALPAKA_MATH_LIBM(remainder))

#undef ALPAKA_MATH_DEFINE_UNARY
#undef ALPAKA_MATH_DEFINE_BINARY
#undef ALPAKA_MATH_LIBM
#undef ALPAKA_MATH_DETAIL
#undef ALPAKA_MATH_NO_STD

    //! x * y + z with one rounding.
    struct ConceptMathFma;

    namespace trait
    {
        template<typename T, typename TArgX, typename TArgY, typename TArgZ, typename TSfinae = void>
        struct Fma
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC auto operator()(T const&, TArgX const& x, TArgY const& y, TArgZ const& z)
            {
                using libm::fma;
                return fma(x, y, z);
            }
        };
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T, typename TArgX, typename TArgY, typename TArgZ>
    ALPAKA_FN_HOST_ACC auto fma(T const& ctx, TArgX const& x, TArgY const& y, TArgZ const& z)
    {
        using Impl = concepts::ImplementationBase<ConceptMathFma, T>;
        return trait::Fma<Impl, TArgX, TArgY, TArgZ>{}(ctx, x, y, z);
    }

    //! 1 / sqrt(x). The default calls a type's own rsqrt(x) when argument-dependent lookup finds one, else computes
    //! TArg(1) / sqrt(x) (so alpaka::Complex and user types with only sqrt and division work).
    struct ConceptMathRsqrt;

    namespace trait
    {
        template<typename T, typename TArg, typename TSfinae = void>
        struct Rsqrt
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC auto operator()(T const&, TArg const& x)
            {
                if constexpr(requires { rsqrt(x); })
                    return rsqrt(x);
                else
                {
                    using libm::sqrt;
                    return static_cast<TArg>(1) / sqrt(x);
                }
            }
        };
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T, typename TArg>
    ALPAKA_FN_HOST_ACC auto rsqrt(T const& ctx, TArg const& arg)
    {
        using Impl = concepts::ImplementationBase<ConceptMathRsqrt, T>;
        return trait::Rsqrt<Impl, TArg>{}(ctx, arg);
    }

    namespace detail
    {
        //! The fallback of the default SinCos trait: sin and cos separately (found by ADL for user types). A type's
        //! own sincos(arg, s, c) in its namespace is a better match and wins.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TArg>
        ALPAKA_FN_HOST_ACC auto sincos(TArg const& arg, TArg& resultSin, TArg& resultCos) -> void
        {
            using libm::cos;
            using libm::sin;
            resultSin = sin(arg);
            resultCos = cos(arg);
        }
    } // namespace detail

    //! Sine and cosine of one argument at once (cheaper on GPUs).
    struct ConceptMathSinCos;

    namespace trait
    {
        //! The default makes an unqualified call sincos(arg, s, c), so argument-dependent lookup finds a user type's
        //! own sincos; without one, detail::sincos computes sin and cos separately.
        template<typename T, typename TArg, typename TSfinae = void>
        struct SinCos
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC auto operator()(T const&, TArg const& arg, TArg& resultSin, TArg& resultCos) -> void
            {
                using detail::sincos;
                sincos(arg, resultSin, resultCos);
            }
        };
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T, typename TArg>
    ALPAKA_FN_HOST_ACC auto sincos(T const& ctx, TArg const& arg, TArg& resultSin, TArg& resultCos) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptMathSinCos, T>;
        trait::SinCos<Impl, TArg>{}(ctx, arg, resultSin, resultCos);
    }
} // namespace alpaka::math
