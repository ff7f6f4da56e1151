// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::Complex<T>: a complex number usable in kernels on every back-end (std::complex is host-only on GPUs).
//! Arithmetic with complex and real operands, comparison, and the functions of <complex> as free functions found by
//! argument-dependent lookup, so alpaka::math::sin(acc, z) works through math's default traits.

#include "alpaka/core/Common.hpp"
#include "alpaka/math/Constants.hpp"

#include <type_traits>
#if !ALPAKA_RTC
#    include <concepts>
#    include <iosfwd>
#endif

namespace alpaka
{
    template<typename T>
    class Complex;

#if !ALPAKA_RTC
    namespace detail
    {
        //! TOther is TTemplate<T> for a template other than Complex whose objects have real() and imag():
        //! std::complex<T>, and cuda::std::complex<T> or thrust::complex<T>. Matched by shape so that interoperation
        //! with std::complex does not need <complex>, which would bring itself, <sstream> and the input streams into
        //! every unit that includes alpaka.hpp (measured: docs/dev/measurements.md#headers-left-out).
        template<typename TOther, typename T>
        inline constexpr bool isForeignComplexOf = false;

        template<template<typename> class TTemplate, typename T>
        inline constexpr bool isForeignComplexOf<TTemplate<T>, T> = !std::is_same_v<TTemplate<T>, Complex<T>>;

        template<typename TOther, typename T>
        concept ForeignComplexOf = isForeignComplexOf<TOther, T> && requires(TOther const& z) {
            { z.real() } -> std::convertible_to<T>;
            { z.imag() } -> std::convertible_to<T>;
        };
    } // namespace detail
#endif

    template<typename T>
    class Complex
    {
        static_assert(std::is_floating_point_v<T>, "alpaka::Complex<T> needs a floating-point T");

    public:
        using value_type = T;

        ALPAKA_FN_HOST_ACC constexpr Complex(T real = T{}, T imag = T{})
            : m_real(real)
            , m_imag(imag)
        {
        }

        //! Converting from another precision, explicit where it narrows (as std::complex).
        template<typename U>
        ALPAKA_FN_HOST_ACC constexpr explicit(sizeof(U) > sizeof(T)) Complex(Complex<U> const& other)
            : m_real(static_cast<T>(other.real()))
            , m_imag(static_cast<T>(other.imag()))
        {
        }

#if !ALPAKA_RTC
        //! Interoperation with std::complex<T> on the host, both ways and implicit, as upstream's.
        template<detail::ForeignComplexOf<T> TOther>
        constexpr Complex(TOther const& other)
            : m_real(other.real())
            , m_imag(other.imag())
        {
        }

        template<detail::ForeignComplexOf<T> TOther>
        constexpr operator TOther() const
        {
            return TOther(m_real, m_imag);
        }
#endif

        ALPAKA_FN_HOST_ACC constexpr auto real() const -> T
        {
            return m_real;
        }

        ALPAKA_FN_HOST_ACC constexpr auto imag() const -> T
        {
            return m_imag;
        }

        ALPAKA_FN_HOST_ACC constexpr void real(T value)
        {
            m_real = value;
        }

        ALPAKA_FN_HOST_ACC constexpr void imag(T value)
        {
            m_imag = value;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator+=(Complex const& other) -> Complex&
        {
            m_real += other.m_real;
            m_imag += other.m_imag;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator-=(Complex const& other) -> Complex&
        {
            m_real -= other.m_real;
            m_imag -= other.m_imag;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator*=(Complex const& other) -> Complex&
        {
            T const re = m_real * other.m_real - m_imag * other.m_imag;
            m_imag = m_real * other.m_imag + m_imag * other.m_real;
            m_real = re;
            return *this;
        }

        //! Smith's algorithm: scales by the larger component of the divisor to avoid overflow and underflow.
        ALPAKA_FN_HOST_ACC constexpr auto operator/=(Complex const& other) -> Complex&
        {
            T const c = other.m_real;
            T const d = other.m_imag;
            T const absC = c < T{0} ? -c : c;
            T const absD = d < T{0} ? -d : d;
            T re{};
            T im{};
            if(absC >= absD)
            {
                T const r = d / c;
                T const den = c + d * r;
                re = (m_real + m_imag * r) / den;
                im = (m_imag - m_real * r) / den;
            }
            else
            {
                T const r = c / d;
                T const den = c * r + d;
                re = (m_real * r + m_imag) / den;
                im = (m_imag * r - m_real) / den;
            }
            m_real = re;
            m_imag = im;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator+=(T const& value) -> Complex&
        {
            m_real += value;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator-=(T const& value) -> Complex&
        {
            m_real -= value;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator*=(T const& value) -> Complex&
        {
            m_real *= value;
            m_imag *= value;
            return *this;
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator/=(T const& value) -> Complex&
        {
            m_real /= value;
            m_imag /= value;
            return *this;
        }

    private:
        T m_real;
        T m_imag;
    };

    // Binary operators for complex ⊕ complex and complex ⊕ real.
#define ALPAKA_COMPLEX_BINARY_OPERATOR(op)                                                                             \
    template<typename T>                                                                                               \
    ALPAKA_FN_HOST_ACC constexpr auto operator op(Complex<T> a, Complex<T> const& b)->Complex<T>                       \
    {                                                                                                                  \
        return a op## = b;                                                                                             \
    }                                                                                                                  \
    template<typename T>                                                                                               \
    ALPAKA_FN_HOST_ACC constexpr auto operator op(Complex<T> a, T const& b)->Complex<T>                                \
    {                                                                                                                  \
        return a op## = b;                                                                                             \
    }

    ALPAKA_COMPLEX_BINARY_OPERATOR(+)
    ALPAKA_COMPLEX_BINARY_OPERATOR(-)
    ALPAKA_COMPLEX_BINARY_OPERATOR(*)
    ALPAKA_COMPLEX_BINARY_OPERATOR(/)
#undef ALPAKA_COMPLEX_BINARY_OPERATOR

    // real ⊕ complex: the real operand has no imaginary part that takes part (C99 Annex G, as libstdc++ and libc++
    // implement std::complex), so signed zeros and infinities in the imaginary part come out as with std::complex.
    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator+(T const& a, Complex<T> const& b) -> Complex<T>
    {
        return {a + b.real(), b.imag()};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator-(T const& a, Complex<T> const& b) -> Complex<T>
    {
        return {a - b.real(), -b.imag()};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator*(T const& a, Complex<T> const& b) -> Complex<T>
    {
        return {a * b.real(), a * b.imag()};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator/(T const& a, Complex<T> const& b) -> Complex<T>
    {
        return Complex<T>(a) /= b;
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator+(Complex<T> const& a) -> Complex<T>
    {
        return a;
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator-(Complex<T> const& a) -> Complex<T>
    {
        return {-a.real(), -a.imag()};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator==(Complex<T> const& a, Complex<T> const& b) -> bool
    {
        return a.real() == b.real() && a.imag() == b.imag();
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator==(Complex<T> const& a, T const& b) -> bool
    {
        return a.real() == b && a.imag() == T{0};
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator==(T const& a, Complex<T> const& b) -> bool
    {
        return b == a;
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator!=(Complex<T> const& a, Complex<T> const& b) -> bool
    {
        return !(a == b);
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator!=(Complex<T> const& a, T const& b) -> bool
    {
        return !(a == b);
    }

    template<typename T>
    ALPAKA_FN_HOST_ACC constexpr auto operator!=(T const& a, Complex<T> const& b) -> bool
    {
        return !(b == a);
    }

#if !ALPAKA_RTC
    //! Prints "(re,im)" like std::complex (a template of the stream type: <ostream> is needed only where used).
    template<typename TChar, typename TTraits, typename T>
    auto operator<<(std::basic_ostream<TChar, TTraits>& os, Complex<T> const& z) -> std::basic_ostream<TChar, TTraits>&
    {
        return os << "(" << z.real() << "," << z.imag() << ")";
    }
#endif
} // namespace alpaka

#include "alpaka/math/ComplexFunctions.hpp"
