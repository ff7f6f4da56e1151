// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MathStdLib: the math implementation of the CPU back-ends. Arithmetic types go to the C math library (libm::, the
//! overloads of <cmath>); other types (alpaka::Complex, user types) fall through to the ADL defaults of
//! math/Traits.hpp.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/math/Complex.hpp"
#include "alpaka/math/Libm.hpp"
#include "alpaka/math/Traits.hpp"

#include <type_traits>

namespace alpaka::math
{
    class MathStdLib
        : public concepts::Implements<ConceptMathAbs, MathStdLib>
        , public concepts::Implements<ConceptMathAcos, MathStdLib>
        , public concepts::Implements<ConceptMathAcosh, MathStdLib>
        , public concepts::Implements<ConceptMathArg, MathStdLib>
        , public concepts::Implements<ConceptMathAsin, MathStdLib>
        , public concepts::Implements<ConceptMathAsinh, MathStdLib>
        , public concepts::Implements<ConceptMathAtan, MathStdLib>
        , public concepts::Implements<ConceptMathAtanh, MathStdLib>
        , public concepts::Implements<ConceptMathAtan2, MathStdLib>
        , public concepts::Implements<ConceptMathCbrt, MathStdLib>
        , public concepts::Implements<ConceptMathCeil, MathStdLib>
        , public concepts::Implements<ConceptMathConj, MathStdLib>
        , public concepts::Implements<ConceptMathCopysign, MathStdLib>
        , public concepts::Implements<ConceptMathCos, MathStdLib>
        , public concepts::Implements<ConceptMathCosh, MathStdLib>
        , public concepts::Implements<ConceptMathErf, MathStdLib>
        , public concepts::Implements<ConceptMathExp, MathStdLib>
        , public concepts::Implements<ConceptMathFloor, MathStdLib>
        , public concepts::Implements<ConceptMathFma, MathStdLib>
        , public concepts::Implements<ConceptMathFmod, MathStdLib>
        , public concepts::Implements<ConceptMathIsfinite, MathStdLib>
        , public concepts::Implements<ConceptMathIsinf, MathStdLib>
        , public concepts::Implements<ConceptMathIsnan, MathStdLib>
        , public concepts::Implements<ConceptMathLlround, MathStdLib>
        , public concepts::Implements<ConceptMathLog, MathStdLib>
        , public concepts::Implements<ConceptMathLog2, MathStdLib>
        , public concepts::Implements<ConceptMathLog10, MathStdLib>
        , public concepts::Implements<ConceptMathLround, MathStdLib>
        , public concepts::Implements<ConceptMathMax, MathStdLib>
        , public concepts::Implements<ConceptMathMin, MathStdLib>
        , public concepts::Implements<ConceptMathPow, MathStdLib>
        , public concepts::Implements<ConceptMathRemainder, MathStdLib>
        , public concepts::Implements<ConceptMathRound, MathStdLib>
        , public concepts::Implements<ConceptMathRsqrt, MathStdLib>
        , public concepts::Implements<ConceptMathSin, MathStdLib>
        , public concepts::Implements<ConceptMathSinCos, MathStdLib>
        , public concepts::Implements<ConceptMathSinh, MathStdLib>
        , public concepts::Implements<ConceptMathSqrt, MathStdLib>
        , public concepts::Implements<ConceptMathTan, MathStdLib>
        , public concepts::Implements<ConceptMathTanh, MathStdLib>
        , public concepts::Implements<ConceptMathTrunc, MathStdLib>
    {
    };

    namespace detail
    {
        template<typename T>
        concept Arithmetic = std::is_arithmetic_v<T>;

        //! The floating-point type a function of T computes in (double for integers, like <cmath>).
        template<typename T>
        using FloatOf = std::conditional_t<std::is_floating_point_v<T>, T, double>;
    } // namespace detail

    namespace trait
    {
        // Unary functions that <cmath> provides for every arithmetic type.
#define ALPAKA_MATH_STDLIB_UNARY(Name, name)                                                                           \
    template<detail::Arithmetic TArg>                                                                                  \
    struct Name<MathStdLib, TArg>                                                                                      \
    {                                                                                                                  \
        ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArg const& arg)                                         \
        {                                                                                                              \
            return libm::name(arg);                                                                                    \
        }                                                                                                              \
    };

        ALPAKA_MATH_STDLIB_UNARY(Acos, acos)
        ALPAKA_MATH_STDLIB_UNARY(Acosh, acosh)
        ALPAKA_MATH_STDLIB_UNARY(Asin, asin)
        ALPAKA_MATH_STDLIB_UNARY(Asinh, asinh)
        ALPAKA_MATH_STDLIB_UNARY(Atan, atan)
        ALPAKA_MATH_STDLIB_UNARY(Atanh, atanh)
        ALPAKA_MATH_STDLIB_UNARY(Cbrt, cbrt)
        ALPAKA_MATH_STDLIB_UNARY(Ceil, ceil)
        ALPAKA_MATH_STDLIB_UNARY(Cos, cos)
        ALPAKA_MATH_STDLIB_UNARY(Cosh, cosh)
        ALPAKA_MATH_STDLIB_UNARY(Erf, erf)
        ALPAKA_MATH_STDLIB_UNARY(Exp, exp)
        ALPAKA_MATH_STDLIB_UNARY(Floor, floor)
        ALPAKA_MATH_STDLIB_UNARY(Isfinite, isfinite)
        ALPAKA_MATH_STDLIB_UNARY(Isinf, isinf)
        ALPAKA_MATH_STDLIB_UNARY(Isnan, isnan)
        ALPAKA_MATH_STDLIB_UNARY(Llround, llround)
        ALPAKA_MATH_STDLIB_UNARY(Log, log)
        ALPAKA_MATH_STDLIB_UNARY(Log2, log2)
        ALPAKA_MATH_STDLIB_UNARY(Log10, log10)
        ALPAKA_MATH_STDLIB_UNARY(Lround, lround)
        ALPAKA_MATH_STDLIB_UNARY(Round, round)
        ALPAKA_MATH_STDLIB_UNARY(Sin, sin)
        ALPAKA_MATH_STDLIB_UNARY(Sinh, sinh)
        ALPAKA_MATH_STDLIB_UNARY(Sqrt, sqrt)
        ALPAKA_MATH_STDLIB_UNARY(Tan, tan)
        ALPAKA_MATH_STDLIB_UNARY(Tanh, tanh)
        ALPAKA_MATH_STDLIB_UNARY(Trunc, trunc)
#undef ALPAKA_MATH_STDLIB_UNARY

        // Binary functions of <cmath> (mixed argument types promote like <cmath>).
#define ALPAKA_MATH_STDLIB_BINARY(Name, name)                                                                          \
    template<detail::Arithmetic TArgA, detail::Arithmetic TArgB>                                                       \
    struct Name<MathStdLib, TArgA, TArgB>                                                                              \
    {                                                                                                                  \
        ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArgA const& a, TArgB const& b)                          \
        {                                                                                                              \
            return libm::name(a, b);                                                                                   \
        }                                                                                                              \
    };

        ALPAKA_MATH_STDLIB_BINARY(Atan2, atan2)
        ALPAKA_MATH_STDLIB_BINARY(Copysign, copysign)
        ALPAKA_MATH_STDLIB_BINARY(Fmod, fmod)
        ALPAKA_MATH_STDLIB_BINARY(Pow, pow)
        ALPAKA_MATH_STDLIB_BINARY(Remainder, remainder)
#undef ALPAKA_MATH_STDLIB_BINARY

        //! |arg|; unsigned values are their own magnitude.
        template<detail::Arithmetic TArg>
        struct Abs<MathStdLib, TArg>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArg const& arg)
            {
                if constexpr(std::is_unsigned_v<TArg>)
                    return arg;
                else
                    return libm::abs(arg);
            }
        };

        //! 1 / sqrt(arg).
        template<detail::Arithmetic TArg>
        struct Rsqrt<MathStdLib, TArg>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArg const& arg)
            {
                using Float = detail::FloatOf<TArg>;
                return Float{1} / libm::sqrt(static_cast<Float>(arg));
            }
        };

        //! The phase of a real number: 0 for positive values, pi for negative ones (and for -0.0).
        template<detail::Arithmetic TArg>
        struct Arg<MathStdLib, TArg>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArg const& arg)
            {
                using Float = detail::FloatOf<TArg>;
                return libm::atan2(Float{0}, static_cast<Float>(arg));
            }
        };

        //! The conjugate of a real number x is conj(x + 0i) = x - 0i, as std::conj.
        template<detail::Arithmetic TArg>
        struct Conj<MathStdLib, TArg>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArg const& arg)
            {
                using Float = detail::FloatOf<TArg>;
                return Complex<Float>{static_cast<Float>(arg), -Float{0}};
            }
        };

        //! Integers compare exactly; floating-point minimum ignores a NaN operand (fmin).
        template<detail::Arithmetic TArgA, detail::Arithmetic TArgB>
        struct Min<MathStdLib, TArgA, TArgB>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArgA const& a, TArgB const& b)
            {
                if constexpr(std::is_integral_v<TArgA> && std::is_integral_v<TArgB>)
                {
                    using Common = std::common_type_t<TArgA, TArgB>;
                    return static_cast<Common>(b) < static_cast<Common>(a) ? static_cast<Common>(b)
                                                                           : static_cast<Common>(a);
                }
                else
                    return libm::fmin(a, b);
            }
        };

        template<detail::Arithmetic TArgA, detail::Arithmetic TArgB>
        struct Max<MathStdLib, TArgA, TArgB>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArgA const& a, TArgB const& b)
            {
                if constexpr(std::is_integral_v<TArgA> && std::is_integral_v<TArgB>)
                {
                    using Common = std::common_type_t<TArgA, TArgB>;
                    return static_cast<Common>(a) < static_cast<Common>(b) ? static_cast<Common>(b)
                                                                           : static_cast<Common>(a);
                }
                else
                    return libm::fmax(a, b);
            }
        };

        template<detail::Arithmetic TArgX, detail::Arithmetic TArgY, detail::Arithmetic TArgZ>
        struct Fma<MathStdLib, TArgX, TArgY, TArgZ>
        {
            ALPAKA_FN_HOST_ACC auto operator()(MathStdLib const&, TArgX const& x, TArgY const& y, TArgZ const& z)
            {
                return libm::fma(x, y, z);
            }
        };

        template<typename TArg>
            requires std::is_floating_point_v<TArg>
        struct SinCos<MathStdLib, TArg>
        {
            ALPAKA_FN_HOST_ACC auto
            operator()(MathStdLib const&, TArg const& arg, TArg& resultSin, TArg& resultCos) -> void
            {
                resultSin = libm::sin(arg);
                resultCos = libm::cos(arg);
            }
        };
    } // namespace trait
} // namespace alpaka::math
