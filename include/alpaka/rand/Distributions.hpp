// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Portable distributions over 32-bit generators: UniformReal<T> in [0, 1), NormalReal<T> (standard normal, Box-Muller)
//! and UniformUint<T> over the whole range of T. Called with a scalar engine they return one value; with a vector
//! engine (Philox4x32x10Vector) they return a ResultVector: 4 values from 32 random bits each, 2 from 64 bits.

#include "alpaka/core/Common.hpp"
#include "alpaka/math/Constants.hpp"
#include "alpaka/math/Libm.hpp"
#include "alpaka/rand/RandPhiloxStateless.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

namespace alpaka::rand::distribution
{
    namespace detail
    {
        template<typename TEngine>
        using EngineResult = std::remove_cvref_t<decltype(std::declval<TEngine&>()())>;

        //! A vector engine returns a ResultVector (an alpaka::Vec) of 32-bit words per call.
        template<typename TEngine>
        inline constexpr bool isVectorEngine = isVec<EngineResult<TEngine>>;

        //! 24 random bits scaled into [0, 1).
        ALPAKA_FN_HOST_ACC constexpr auto unitFloat(std::uint32_t bits) -> float
        {
            return static_cast<float>(bits >> 8) * 0x1p-24f;
        }

        //! 53 random bits scaled into [0, 1).
        ALPAKA_FN_HOST_ACC constexpr auto unitDouble(std::uint32_t high, std::uint32_t low) -> double
        {
            std::uint64_t const bits = (std::uint64_t{high} << 32) | low;
            return static_cast<double>(bits >> 11) * 0x1p-53;
        }

        //! 32 bits from a scalar engine (generators with wider results contribute their low bits). Host engines
        //! (std::mt19937, std::random_device) are called from here on the host only.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TEngine>
        ALPAKA_FN_HOST_ACC auto draw32(TEngine& engine) -> std::uint32_t
        {
            return static_cast<std::uint32_t>(engine());
        }

        template<typename T, typename TEngine>
        ALPAKA_FN_HOST_ACC auto uniformScalar(TEngine& engine) -> T
        {
            if constexpr(std::is_same_v<T, float>)
                return unitFloat(draw32(engine));
            else
            {
                std::uint32_t const high = draw32(engine);
                return static_cast<T>(unitDouble(high, draw32(engine)));
            }
        }

        //! Two independent standard normal values from two uniforms (u1 in (0, 1], u2 in [0, 1)).
        template<typename T>
        ALPAKA_FN_HOST_ACC auto boxMuller(T u1, T u2, T& z0, T& z1) -> void
        {
            T const radius = math::libm::sqrt(T{-2} * math::libm::log(u1));
            T const angle = T{2} * math::constants::pi_v<T> * u2;
            z0 = radius * math::libm::cos(angle);
            z1 = radius * math::libm::sin(angle);
        }
    } // namespace detail

    //! Uniformly distributed T in [0, 1).
    template<typename T>
    class UniformReal
    {
        static_assert(
            std::is_same_v<T, float> || std::is_same_v<T, double>, "UniformReal<T>: T must be float or double");

    public:
        template<typename TEngine>
        ALPAKA_FN_HOST_ACC auto operator()(TEngine& engine)
        {
            if constexpr(detail::isVectorEngine<TEngine>)
            {
                auto const bits = engine();
                if constexpr(std::is_same_v<T, float>)
                    return ResultVector<float, 4>{
                        detail::unitFloat(bits[0]),
                        detail::unitFloat(bits[1]),
                        detail::unitFloat(bits[2]),
                        detail::unitFloat(bits[3])};
                else
                    return ResultVector<double, 2>{
                        detail::unitDouble(bits[0], bits[1]), detail::unitDouble(bits[2], bits[3])};
            }
            else
                return detail::uniformScalar<T>(engine);
        }
    };

    //! Standard normally distributed T (mean 0, standard deviation 1).
    template<typename T>
    class NormalReal
    {
        static_assert(
            std::is_same_v<T, float> || std::is_same_v<T, double>, "NormalReal<T>: T must be float or double");

    public:
        template<typename TEngine>
        ALPAKA_FN_HOST_ACC auto operator()(TEngine& engine)
        {
            if constexpr(detail::isVectorEngine<TEngine>)
            {
                auto const uniform = UniformReal<T>{}(engine);
                if constexpr(std::is_same_v<T, float>)
                {
                    ResultVector<float, 4> result{};
                    detail::boxMuller(1.0f - uniform[0], uniform[1], result[0], result[1]);
                    detail::boxMuller(1.0f - uniform[2], uniform[3], result[2], result[3]);
                    return result;
                }
                else
                {
                    ResultVector<double, 2> result{};
                    detail::boxMuller(1.0 - uniform[0], uniform[1], result[0], result[1]);
                    return result;
                }
            }
            else
            {
                // Box-Muller yields pairs: hand out the second value on the next call.
                if(m_hasCached)
                {
                    m_hasCached = false;
                    return m_cached;
                }
                T const u1 = T{1} - detail::uniformScalar<T>(engine);
                T const u2 = detail::uniformScalar<T>(engine);
                T z0{};
                detail::boxMuller(u1, u2, z0, m_cached);
                m_hasCached = true;
                return z0;
            }
        }

    private:
        T m_cached{};
        bool m_hasCached = false;
    };

    //! Uniformly distributed unsigned T over its whole range.
    template<typename T>
    class UniformUint
    {
        static_assert(
            std::is_integral_v<T> && std::is_unsigned_v<T> && !std::is_same_v<T, bool>,
            "UniformUint<T>: T must be an unsigned integer type");

    public:
        template<typename TEngine>
        ALPAKA_FN_HOST_ACC auto operator()(TEngine& engine)
        {
            if constexpr(detail::isVectorEngine<TEngine>)
            {
                auto const bits = engine();
                if constexpr(sizeof(T) <= 4)
                    return ResultVector<T, 4>{
                        static_cast<T>(bits[0]),
                        static_cast<T>(bits[1]),
                        static_cast<T>(bits[2]),
                        static_cast<T>(bits[3])};
                else
                    return ResultVector<T, 2>{
                        static_cast<T>((std::uint64_t{bits[0]} << 32) | bits[1]),
                        static_cast<T>((std::uint64_t{bits[2]} << 32) | bits[3])};
            }
            else if constexpr(sizeof(T) <= 4)
                return static_cast<T>(detail::draw32(engine));
            else
            {
                std::uint64_t const high = detail::draw32(engine);
                return static_cast<T>((high << 32) | detail::draw32(engine));
            }
        }
    };
} // namespace alpaka::rand::distribution
