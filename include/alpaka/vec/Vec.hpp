// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Vec<TDim, TVal>: a fixed-size vector of indices or extents in alpaka's [z][y][x] order (x is the last and fastest
//! component). Usable on the host and in kernels.
//! One header of over 400 lines, as upstream's: the type, its constructors, element access, arithmetic and reductions
//! are one interface that user code and every other header include together.

#include "alpaka/core/Assert.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/elem/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/meta/Functional.hpp"

#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>
#if !ALPAKA_RTC
#    include <iosfwd>
#endif

namespace alpaka
{
    template<typename TDim, typename TVal>
    class Vec;

    namespace detail
    {
        template<typename T>
        struct IsVec : std::false_type
        {
        };

        template<typename TDim, typename TVal>
        struct IsVec<Vec<TDim, TVal>> : std::true_type
        {
        };
    } // namespace detail

    //! Whether T is an alpaka::Vec.
    template<typename T>
    inline constexpr bool isVec = detail::IsVec<std::remove_cvref_t<T>>::value;

    template<typename TDim, typename TVal>
    class Vec final
    {
        static constexpr std::size_t kDim = TDim::value;

    public:
        static_assert(kDim < 64, "alpaka::Vec supports at most 63 dimensions");

        using Dim = TDim;
        using Val = TVal;
        using value_type = TVal;

        //! All components zero.
        ALPAKA_FN_HOST_ACC constexpr Vec()
            : m_data{}
        {
        }

        //! One value per dimension, in [z][y][x] order; implicit so that a scalar converts to a 1-D Vec.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename... TArgs>
            requires(sizeof...(TArgs) == kDim && kDim > 0 && (std::is_convertible_v<TArgs, TVal> && ...))
        ALPAKA_FN_HOST_ACC constexpr Vec(TArgs&&... args)
            : m_data{static_cast<TVal>(std::forward<TArgs>(args))...}
        {
        }

        //! Component i = generator(std::integral_constant<std::size_t, i>{}).
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TGenerator>
            requires(
                std::is_invocable_v<TGenerator&, std::integral_constant<std::size_t, 0>>
                && !std::is_convertible_v<TGenerator, TVal>)
        ALPAKA_FN_HOST_ACC constexpr explicit Vec(TGenerator&& generator)
            : Vec(std::forward<TGenerator>(generator), std::make_index_sequence<kDim>{})
        {
        }

        //! Every component equal to value.
        [[nodiscard]] ALPAKA_FN_HOST_ACC static constexpr auto all(TVal const& value) -> Vec
        {
            Vec v;
            for(std::size_t i = 0; i != kDim; ++i)
                v.m_data[i] = value;
            return v;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC static constexpr auto zeros() -> Vec
        {
            return all(static_cast<TVal>(0));
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC static constexpr auto ones() -> Vec
        {
            return all(static_cast<TVal>(1));
        }

        //! The number of components, as a TVal (upstream 2.0). constexpr where upstream's is consteval, so that
        //! `v.dim()` also works where v is a reference (function parameter), which g++ 12 and clang 14 refuse in a
        //! consteval call; Dim<Vec>::value is the count as a std::size_t.
        [[nodiscard]] ALPAKA_FN_HOST_ACC static constexpr auto dim() noexcept -> TVal
        {
            return static_cast<TVal>(kDim);
        }

        ALPAKA_FN_HOST_ACC constexpr auto begin() -> TVal*
        {
            return m_data;
        }

        ALPAKA_FN_HOST_ACC constexpr auto begin() const -> TVal const*
        {
            return m_data;
        }

        ALPAKA_FN_HOST_ACC constexpr auto end() -> TVal*
        {
            return m_data + kDim;
        }

        ALPAKA_FN_HOST_ACC constexpr auto end() const -> TVal const*
        {
            return m_data + kDim;
        }

        //! Component i; 0 is the slowest dimension, dim() - 1 the fastest.
        template<typename TIdx>
            requires std::is_integral_v<TIdx>
        ALPAKA_FN_HOST_ACC constexpr auto operator[](TIdx const i) -> TVal&
        {
            ALPAKA_ASSERT_ACC(kDim > 0 && static_cast<std::size_t>(i) < kDim);
            return m_data[i];
        }

        template<typename TIdx>
            requires std::is_integral_v<TIdx>
        ALPAKA_FN_HOST_ACC constexpr auto operator[](TIdx const i) const -> TVal const&
        {
            ALPAKA_ASSERT_ACC(kDim > 0 && static_cast<std::size_t>(i) < kDim);
            return m_data[i];
        }

        //! The fastest component (the last one).
        ALPAKA_FN_HOST_ACC constexpr auto x() -> TVal&
            requires(kDim >= 1)
        {
            return m_data[kDim - 1];
        }
        ALPAKA_FN_HOST_ACC constexpr auto x() const -> TVal const&
            requires(kDim >= 1)
        {
            return m_data[kDim - 1];
        }
        ALPAKA_FN_HOST_ACC constexpr auto y() -> TVal&
            requires(kDim >= 2)
        {
            return m_data[kDim - 2];
        }
        ALPAKA_FN_HOST_ACC constexpr auto y() const -> TVal const&
            requires(kDim >= 2)
        {
            return m_data[kDim - 2];
        }
        ALPAKA_FN_HOST_ACC constexpr auto z() -> TVal&
            requires(kDim >= 3)
        {
            return m_data[kDim - 3];
        }
        ALPAKA_FN_HOST_ACC constexpr auto z() const -> TVal const&
            requires(kDim >= 3)
        {
            return m_data[kDim - 3];
        }
        ALPAKA_FN_HOST_ACC constexpr auto w() -> TVal&
            requires(kDim >= 4)
        {
            return m_data[kDim - 4];
        }
        ALPAKA_FN_HOST_ACC constexpr auto w() const -> TVal const&
            requires(kDim >= 4)
        {
            return m_data[kDim - 4];
        }

        //! The slowest component (the first one).
        ALPAKA_FN_HOST_ACC constexpr auto front() -> TVal&
            requires(kDim >= 1)
        {
            return m_data[0];
        }
        ALPAKA_FN_HOST_ACC constexpr auto front() const -> TVal const&
            requires(kDim >= 1)
        {
            return m_data[0];
        }
        //! The fastest component (the last one), like x().
        ALPAKA_FN_HOST_ACC constexpr auto back() -> TVal&
            requires(kDim >= 1)
        {
            return m_data[kDim - 1];
        }
        ALPAKA_FN_HOST_ACC constexpr auto back() const -> TVal const&
            requires(kDim >= 1)
        {
            return m_data[kDim - 1];
        }

        //! Component I, for structured bindings: `auto [z, y, x] = vec;`.
        template<std::size_t I>
        ALPAKA_FN_HOST_ACC constexpr auto get() -> TVal&
        {
            static_assert(I < kDim, "Vec::get<I>: I must be smaller than the dimensionality");
            return m_data[I];
        }

        template<std::size_t I>
        ALPAKA_FN_HOST_ACC constexpr auto get() const -> TVal const&
        {
            static_assert(I < kDim, "Vec::get<I>: I must be smaller than the dimensionality");
            return m_data[I];
        }

        //! f(v[0], f(v[1], ... f(v[dim-1], initial))).
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TFnObj, typename TResult>
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto foldrAll(TFnObj const& f, TResult initial) const
        {
            auto result = initial;
            for(std::size_t i = kDim; i-- > 0;)
                result = f(m_data[i], result);
            return result;
        }

        //! f(v[0], f(v[1], ... v[dim-1])) for a Vec with at least one component.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TFnObj>
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto foldrAll(TFnObj const& f) const
            requires(kDim >= 1)
        {
            auto result = m_data[kDim - 1];
            for(std::size_t i = kDim - 1; i-- > 0;)
                result = f(m_data[i], result);
            return result;
        }

        //! Index of the smallest component (the first one on ties).
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto minElem() const -> std::size_t
            requires(kDim >= 1)
        {
            std::size_t best = 0;
            for(std::size_t i = 1; i < kDim; ++i)
                if(m_data[i] < m_data[best])
                    best = i;
            return best;
        }

        //! Index of the largest component (the first one on ties).
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto maxElem() const -> std::size_t
            requires(kDim >= 1)
        {
            std::size_t best = 0;
            for(std::size_t i = 1; i < kDim; ++i)
                if(m_data[best] < m_data[i])
                    best = i;
            return best;
        }

        //! Product of the components (1 for a 0-D Vec): the number of points of an extent.
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto prod() const -> TVal
        {
            TVal result = static_cast<TVal>(1);
            for(std::size_t i = 0; i != kDim; ++i)
                result = static_cast<TVal>(result * m_data[i]);
            return result;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto sum() const -> TVal
        {
            TVal result = static_cast<TVal>(0);
            for(std::size_t i = 0; i != kDim; ++i)
                result = static_cast<TVal>(result + m_data[i]);
            return result;
        }

        //! Smallest component (the largest TVal for a 0-D Vec).
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto min() const -> TVal
        {
            return foldrAll(meta::min{}, std::numeric_limits<TVal>::max());
        }

        //! Largest component (the lowest TVal for a 0-D Vec).
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto max() const -> TVal
        {
            return foldrAll(meta::max{}, std::numeric_limits<TVal>::lowest());
        }

        //! Every component is true (non-zero).
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto all() const -> bool
        {
            for(std::size_t i = 0; i != kDim; ++i)
                if(!m_data[i])
                    return false;
            return true;
        }

        //! At least one component is true.
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto any() const -> bool
        {
            for(std::size_t i = 0; i != kDim; ++i)
                if(m_data[i])
                    return true;
            return false;
        }

        //! No component is true.
        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto none() const -> bool
        {
            return !any();
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator+=(Vec const& other) -> Vec&
        {
            return apply(other, [](TVal a, TVal b) { return static_cast<TVal>(a + b); });
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator-=(Vec const& other) -> Vec&
        {
            return apply(other, [](TVal a, TVal b) { return static_cast<TVal>(a - b); });
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator*=(Vec const& other) -> Vec&
        {
            return apply(other, [](TVal a, TVal b) { return static_cast<TVal>(a * b); });
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator/=(Vec const& other) -> Vec&
        {
            return apply(other, [](TVal a, TVal b) { return static_cast<TVal>(a / b); });
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator%=(Vec const& other) -> Vec&
            requires std::is_integral_v<TVal>
        {
            return apply(other, [](TVal a, TVal b) { return static_cast<TVal>(a % b); });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator+(Vec a, Vec const& b) -> Vec
        {
            return a += b;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator-(Vec a, Vec const& b) -> Vec
        {
            return a -= b;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator*(Vec a, Vec const& b) -> Vec
        {
            return a *= b;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator/(Vec a, Vec const& b) -> Vec
        {
            return a /= b;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator%(Vec a, Vec const& b) -> Vec
            requires std::is_integral_v<TVal>
        {
            return a %= b;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator==(Vec const& a, Vec const& b) -> bool
        {
            for(std::size_t i = 0; i != kDim; ++i)
                if(!(a.m_data[i] == b.m_data[i]))
                    return false;
            return true;
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator!=(Vec const& a, Vec const& b) -> bool
        {
            return !(a == b);
        }

        //! Element-wise comparisons give a Vec of bools; reduce them with all()/any()/none().
        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator<(Vec const& a, Vec const& b)
        {
            return compare(a, b, [](TVal p, TVal q) { return p < q; });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator<=(Vec const& a, Vec const& b)
        {
            return compare(a, b, [](TVal p, TVal q) { return p <= q; });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator>(Vec const& a, Vec const& b)
        {
            return compare(a, b, [](TVal p, TVal q) { return p > q; });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator>=(Vec const& a, Vec const& b)
        {
            return compare(a, b, [](TVal p, TVal q) { return p >= q; });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator&&(Vec const& a, Vec const& b) -> Vec
            requires std::is_same_v<TVal, bool>
        {
            return compare(a, b, [](bool p, bool q) { return p && q; });
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC friend constexpr auto operator||(Vec const& a, Vec const& b) -> Vec
            requires std::is_same_v<TVal, bool>
        {
            return compare(a, b, [](bool p, bool q) { return p || q; });
        }

#if !ALPAKA_RTC
        //! Prints `(a, b, c)`.
        template<typename TChar, typename TTraits>
        friend auto
        operator<<(std::basic_ostream<TChar, TTraits>& os, Vec const& v) -> std::basic_ostream<TChar, TTraits>&
        {
            os << "(";
            for(std::size_t i = 0; i != kDim; ++i)
            {
                if(i != 0)
                    os << ", ";
                if constexpr(sizeof(TVal) == 1 && std::is_integral_v<TVal> && !std::is_same_v<TVal, bool>)
                    os << static_cast<int>(v.m_data[i]); // print 8-bit indices as numbers, not characters
                else
                    os << v.m_data[i];
            }
            return os << ")";
        }
#endif

    private:
        template<typename TGenerator, std::size_t... Is>
        ALPAKA_FN_HOST_ACC constexpr Vec(TGenerator&& generator, std::index_sequence<Is...>)
            : m_data{static_cast<TVal>(generator(std::integral_constant<std::size_t, Is>{}))...}
        {
        }

        template<typename TOp>
        ALPAKA_FN_HOST_ACC constexpr auto apply(Vec const& other, TOp op) -> Vec&
        {
            for(std::size_t i = 0; i != kDim; ++i)
                m_data[i] = op(m_data[i], other.m_data[i]);
            return *this;
        }

        template<typename TOp>
        ALPAKA_FN_HOST_ACC static constexpr auto compare(Vec const& a, Vec const& b, TOp op) -> Vec<TDim, bool>
        {
            Vec<TDim, bool> result;
            for(std::size_t i = 0; i != kDim; ++i)
                result[i] = op(a.m_data[i], b.m_data[i]);
            return result;
        }

        // A 0-D Vec still needs one (unused) slot: C++ has no zero-length arrays.
        TVal m_data[kDim == 0 ? 1 : kDim];
    };

    //! CTAD: Vec{1, 2, 3} is a Vec<DimInt<3>, int>.
    template<typename TFirst, typename... TRest>
    ALPAKA_FN_HOST_ACC Vec(TFirst&&, TRest&&...) -> Vec<DimInt<1 + sizeof...(TRest)>, std::decay_t<TFirst>>;

    namespace trait
    {
        template<typename TDim, typename TVal>
        struct DimType<Vec<TDim, TVal>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TVal>
        struct IdxType<Vec<TDim, TVal>>
        {
            using type = TVal;
        };

        template<typename TDim, typename TVal>
        struct ElemType<Vec<TDim, TVal>>
        {
            using type = TVal;
        };
    } // namespace trait
} // namespace alpaka

#if !ALPAKA_RTC
namespace std
{
    // Structured bindings: auto [z, y, x] = vec;
    template<typename TDim, typename TVal>
    struct tuple_size<alpaka::Vec<TDim, TVal>> : integral_constant<size_t, TDim::value>
    {
    };

    template<size_t I, typename TDim, typename TVal>
    struct tuple_element<I, alpaka::Vec<TDim, TVal>>
    {
        using type = TVal;
    };
} // namespace std
#endif

// The free functions on Vec (subVecFromIndices, subVecBegin/End, castVec, reverseVec, concatVec, ...), which upstream
// declares in this header. They need the complete Vec, hence the include at the end; vec/Traits.hpp includes this
// header first, and #pragma once ends the cycle whichever of the two a user includes.
#include "alpaka/vec/Traits.hpp"
