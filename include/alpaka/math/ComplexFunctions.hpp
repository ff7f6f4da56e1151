// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The functions of <complex> for alpaka::Complex, written with real math only so they run in kernels: real, imag,
//! abs, arg, norm, conj, proj, polar, exp, log, log10, pow, sqrt, sin, cos, tan, sinh, cosh, tanh and their inverses.
//! Branch cuts follow std::complex (C99 Annex G).

#include "alpaka/core/Common.hpp"
#include "alpaka/math/Complex.hpp"
#include "alpaka/math/Constants.hpp"
#include "alpaka/math/Libm.hpp"

#include <limits>
#include <type_traits>

namespace alpaka
{
    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto real(Complex<T> const& z) -> T
    {
        return z.real();
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto imag(Complex<T> const& z) -> T
    {
        return z.imag();
    }

    //! |z| without intermediate overflow.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto abs(Complex<T> const& z) -> T
    {
        return math::libm::hypot(z.real(), z.imag());
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto arg(Complex<T> const& z) -> T
    {
        return math::libm::atan2(z.imag(), z.real());
    }

    //! |z|², the field norm.
    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto norm(Complex<T> const& z) -> T
    {
        return z.real() * z.real() + z.imag() * z.imag();
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto conj(Complex<T> const& z) -> Complex<T>
    {
        return {z.real(), -z.imag()};
    }

    //! The projection onto the Riemann sphere: infinities map to (inf, ±0).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto proj(Complex<T> const& z) -> Complex<T>
    {
        if(math::libm::isinf(z.real()) || math::libm::isinf(z.imag()))
            return {std::numeric_limits<T>::infinity(), math::libm::copysign(T{0}, z.imag())};
        return z;
    }

    //! The complex number with magnitude rho and phase theta.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto polar(T const& rho, T const& theta = T{}) -> Complex<T>
    {
        return {rho * math::libm::cos(theta), rho * math::libm::sin(theta)};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto exp(Complex<T> const& z) -> Complex<T>
    {
        T const magnitude = math::libm::exp(z.real());
        if(z.imag() == T{0})
            return {magnitude, z.imag()}; // keeps the sign of a zero imaginary part
        return {magnitude * math::libm::cos(z.imag()), magnitude * math::libm::sin(z.imag())};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto log(Complex<T> const& z) -> Complex<T>
    {
        return {math::libm::log(abs(z)), arg(z)};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto log10(Complex<T> const& z) -> Complex<T>
    {
        // A copy of the constant: CUDA device code cannot bind a namespace-scope constexpr to T const&.
        return log(z) * T{math::constants::log10e_v<T>};
    }

    //! Principal square root, with the branch cut along the negative real axis.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto sqrt(Complex<T> const& z) -> Complex<T>
    {
        T const x = z.real();
        T const y = z.imag();
        if(x == T{0} && y == T{0})
            return {T{0}, y};
        // Kahan's formulation: no cancellation for either sign of x.
        T const t = math::libm::sqrt((math::libm::abs(x) + abs(z)) / T{2});
        if(x >= T{0})
            return {t, y / (T{2} * t)};
        return {math::libm::abs(y) / (T{2} * t), math::libm::copysign(t, y)};
    }

    namespace detail
    {
        //! The value type of pow with a T and a U operand, promoted as std::pow of std::complex: an integer operand
        //! counts as double, then the common type.
        template<typename T, typename U>
        using ComplexPowValue = std::common_type_t<
            std::conditional_t<std::is_integral_v<T>, double, T>,
            std::conditional_t<std::is_integral_v<U>, double, U>>;
    } // namespace detail

    //! base^exponent = exp(exponent * log(base)), in the common precision of both operands (as std::pow).
    template<typename T, typename U>
    ALPAKA_FN_HOST_ACC auto
    pow(Complex<T> const& base, Complex<U> const& exponent) -> Complex<detail::ComplexPowValue<T, U>>
    {
        using R = detail::ComplexPowValue<T, U>;
        Complex<R> const b(base);
        Complex<R> const e(exponent);
        if(b == R{0})
            return e == R{0} ? Complex<R>{R{1}} : Complex<R>{};
        return exp(e * log(b));
    }

    //! A real exponent: |base|^exponent at phase arg(base) * exponent.
    template<typename T, typename U>
        requires std::is_arithmetic_v<U>
    ALPAKA_FN_HOST_ACC auto pow(Complex<T> const& base, U const& exponent) -> Complex<detail::ComplexPowValue<T, U>>
    {
        using R = detail::ComplexPowValue<T, U>;
        Complex<R> const b(base);
        auto const e = static_cast<R>(exponent);
        if(b == R{0})
            return e == R{0} ? Complex<R>{R{1}} : Complex<R>{};
        return polar(math::libm::pow(abs(b), e), arg(b) * e);
    }

    //! A real base.
    template<typename T, typename U>
        requires std::is_arithmetic_v<T>
    ALPAKA_FN_HOST_ACC auto pow(T const& base, Complex<U> const& exponent) -> Complex<detail::ComplexPowValue<T, U>>
    {
        using R = detail::ComplexPowValue<T, U>;
        return pow(Complex<R>{static_cast<R>(base)}, Complex<R>(exponent));
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto sinh(Complex<T> const& z) -> Complex<T>
    {
        return {
            math::libm::sinh(z.real()) * math::libm::cos(z.imag()),
            math::libm::cosh(z.real()) * math::libm::sin(z.imag())};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC auto cosh(Complex<T> const& z) -> Complex<T>
    {
        return {
            math::libm::cosh(z.real()) * math::libm::cos(z.imag()),
            math::libm::sinh(z.real()) * math::libm::sin(z.imag())};
    }

    //! tanh through exp(-2|x|), which stays finite for large |x| (cosh would overflow).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto tanh(Complex<T> const& z) -> Complex<T>
    {
        T const x = z.real();
        T const y = z.imag();
        if(math::libm::abs(x) > T{20})
            return {
                math::libm::copysign(T{1}, x),
                T{4} * math::libm::sin(y) * math::libm::cos(y) * math::libm::exp(T{-2} * math::libm::abs(x))};
        T const denominator = math::libm::cosh(T{2} * x) + math::libm::cos(T{2} * y);
        return {math::libm::sinh(T{2} * x) / denominator, math::libm::sin(T{2} * y) / denominator};
    }

    //! sin(z) = -i sinh(iz).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto sin(Complex<T> const& z) -> Complex<T>
    {
        Complex<T> const s = sinh(Complex<T>{-z.imag(), z.real()});
        return {s.imag(), -s.real()};
    }

    //! cos(z) = cosh(iz).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto cos(Complex<T> const& z) -> Complex<T>
    {
        return cosh(Complex<T>{-z.imag(), z.real()});
    }

    //! tan(z) = -i tanh(iz).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto tan(Complex<T> const& z) -> Complex<T>
    {
        Complex<T> const t = tanh(Complex<T>{-z.imag(), z.real()});
        return {t.imag(), -t.real()};
    }

    //! asinh(z) = log(z + sqrt(z² + 1)), evaluated in the right half plane and mirrored for accuracy.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto asinh(Complex<T> const& z) -> Complex<T>
    {
        bool const negative = z.real() < T{0} || (z.real() == T{0} && math::libm::signbit(z.real()));
        Complex<T> const w = negative ? -z : z;
        Complex<T> result = log(w + sqrt(w * w + T{1}));
        if(negative)
            result = -result;
        return result;
    }

    //! acosh(z) = log(z + sqrt(z + 1) sqrt(z - 1)) (branch cut (-inf, 1) on the real axis).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto acosh(Complex<T> const& z) -> Complex<T>
    {
        return log(z + sqrt(z + T{1}) * sqrt(z - T{1}));
    }

    //! atanh(z) = (log(1 + z) - log(1 - z)) / 2.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto atanh(Complex<T> const& z) -> Complex<T>
    {
        return (log(T{1} + z) - log(T{1} - z)) / T{2};
    }

    //! asin(z) = -i asinh(iz).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto asin(Complex<T> const& z) -> Complex<T>
    {
        Complex<T> const s = asinh(Complex<T>{-z.imag(), z.real()});
        return {s.imag(), -s.real()};
    }

    //! acos(z) = pi/2 - asin(z).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto acos(Complex<T> const& z) -> Complex<T>
    {
        Complex<T> const s = asin(z);
        return {math::constants::pi_v<T> / T{2} - s.real(), -s.imag()};
    }

    //! atan(z) = -i atanh(iz).
    template<typename T>
    ALPAKA_FN_HOST_ACC auto atan(Complex<T> const& z) -> Complex<T>
    {
        Complex<T> const t = atanh(Complex<T>{-z.imag(), z.real()});
        return {t.imag(), -t.real()};
    }
} // namespace alpaka
