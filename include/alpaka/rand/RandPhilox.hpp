// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The Philox-4x32-10 engines (upstream 1.x's names, plain classes as there): Philox4x32x10 returns one 32-bit number
//! per call and is a UniformRandomBitGenerator; Philox4x32x10Vector returns four at once as an
//! alpaka::Vec<DimInt<4>, uint32_t>. Both are constructed as (seed, subsequence, offset), are trivially copyable (they
//! can live in device buffers) and give the same numbers on every back-end. Also rand::UniformReal<TResult>, upstream's
//! distribution for these engines, which fills a scalar or a whole ResultContainer in [min, max).

#include "alpaka/core/Common.hpp"
#include "alpaka/rand/Distributions.hpp"
#include "alpaka/rand/RandPhiloxStateless.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace alpaka::rand
{
    //! Philox-4x32-10 engine returning four 32-bit numbers per call. offset skips blocks of four.
    class Philox4x32x10Vector
    {
        using Stateless = PhiloxStateless4x32x10Vector;

    public:
        using ResultInt = std::uint32_t;
        using ResultVec = typename Stateless::Result;
        using result_type = ResultVec;
        //! What a distribution makes of one call: four values of TScalar.
        template<typename TScalar>
        using ResultContainer = typename Stateless::template ResultContainer<TScalar>;

        ALPAKA_FN_HOST_ACC constexpr explicit Philox4x32x10Vector(
            std::uint64_t seed = 0, std::uint64_t subsequence = 0, std::uint64_t offset = 0)
            : m_key(Stateless::makeKey(seed))
            , m_counter(Stateless::makeCounter(subsequence, offset))
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator()() -> ResultVec
        {
            ResultVec const result = Stateless::generate(m_counter, m_key);
            Stateless::increment(m_counter);
            return result;
        }

        //! The range of each of the four words.
        ALPAKA_FN_HOST_ACC static constexpr auto min() -> ResultInt
        {
            return 0u;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto max() -> ResultInt
        {
            return 0xFFFF'FFFFu;
        }

    private:
        typename Stateless::Key m_key;
        typename Stateless::Counter m_counter;
    };

    //! Philox-4x32-10 engine returning one 32-bit number per call; a UniformRandomBitGenerator, so it also works with
    //! the <random> distributions on the host. offset skips single outputs.
    class Philox4x32x10
    {
        using Stateless = PhiloxStateless4x32x10Vector;

    public:
        using result_type = std::uint32_t;

        ALPAKA_FN_HOST_ACC constexpr explicit Philox4x32x10(
            std::uint64_t seed = 0, std::uint64_t subsequence = 0, std::uint64_t offset = 0)
            : m_key(Stateless::makeKey(seed))
            , m_counter(Stateless::makeCounter(subsequence, offset / 4))
            , m_block(Stateless::generate(m_counter, m_key))
            , m_position(static_cast<unsigned>(offset % 4))
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator()() -> result_type
        {
            if(m_position == 4)
            {
                Stateless::increment(m_counter);
                m_block = Stateless::generate(m_counter, m_key);
                m_position = 0;
            }
            return m_block[m_position++];
        }

        ALPAKA_FN_HOST_ACC static constexpr auto min() -> result_type
        {
            return 0u;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto max() -> result_type
        {
            return 0xFFFF'FFFFu;
        }

    private:
        typename Stateless::Key m_key;
        typename Stateless::Counter m_counter;
        typename Stateless::Result m_block;
        unsigned m_position;
    };

    namespace detail
    {
        template<typename TResult>
        struct UniformRealScalar
        {
            using type = TResult;
        };

        template<typename TDim, typename TVal>
        struct UniformRealScalar<Vec<TDim, TVal>>
        {
            using type = TVal;
        };
    } // namespace detail

    //! Uniformly distributed numbers in [min, max) (default [0, 1)), upstream's distribution for the Philox engines.
    //! TResult is float, double, or an alpaka::Vec of them (e.g. Philox4x32x10Vector::ResultContainer<float>),
    //! which is filled component by component: from the words of a vector engine (one 32-bit word per component) or
    //! from successive calls of a scalar engine. A scalar double takes 53 random bits (two words).
    template<typename TResult>
    class UniformReal
    {
        using T = typename detail::UniformRealScalar<TResult>::type;
        static_assert(
            std::is_same_v<T, float> || std::is_same_v<T, double>,
            "rand::UniformReal<TResult>: TResult must be float, double or an alpaka::Vec of them");

    public:
        ALPAKA_FN_HOST_ACC constexpr UniformReal()
            : UniformReal(T{0}, T{1})
        {
        }

        ALPAKA_FN_HOST_ACC constexpr UniformReal(T min, T max)
            : m_min(min)
            , m_max(max)
            , m_range(max - min)
        {
        }

        template<typename TEngine>
        ALPAKA_FN_HOST_ACC constexpr auto operator()(TEngine& engine) -> TResult
        {
            constexpr bool vectorEngine = distribution::detail::isVectorEngine<TEngine>;
            if constexpr(isVec<TResult>)
            {
                TResult result{};
                std::size_t i = 0;
                while(i < TResult::Dim::value)
                {
                    if constexpr(vectorEngine)
                    {
                        auto const words = engine();
                        for(std::uint32_t const word : words)
                            if(i < TResult::Dim::value)
                                result[i++] = scale(fromWord(word));
                    }
                    else
                        result[i++] = scale(fromWord(distribution::detail::draw32(engine)));
                }
                return result;
            }
            else if constexpr(vectorEngine)
            {
                auto const words = engine();
                if constexpr(std::is_same_v<T, float>)
                    return scale(distribution::detail::unitFloat(words[0]));
                else
                    return scale(distribution::detail::unitDouble(words[0], words[1]));
            }
            else
                return scale(distribution::detail::uniformScalar<T>(engine));
        }

    private:
        //! One 32-bit word in [0, 1): 24 bits for float, all 32 for double.
        ALPAKA_FN_HOST_ACC static constexpr auto fromWord(std::uint32_t word) -> T
        {
            if constexpr(std::is_same_v<T, float>)
                return distribution::detail::unitFloat(word);
            else
                return static_cast<double>(word) * 0x1p-32;
        }

        //! u in [0, 1) onto [min, max); a result rounded up to max (possible for some bounds) becomes min.
        ALPAKA_FN_HOST_ACC constexpr auto scale(T u) const -> T
        {
            T const value = m_min + u * m_range;
            return value < m_max ? value : m_min;
        }

        T m_min;
        T m_max;
        T m_range;
    };
} // namespace alpaka::rand
