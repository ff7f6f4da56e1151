// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Engines for the CPU back-ends: rand::engine::cpu::MersenneTwister (the outputs of std::mt19937),
//! TinyMersenneTwister (TinyMT32) and RandomDevice (the operating system's entropy, non-deterministic). Each is
//! constructed as engine(seed, subsequence, offset) like createDefault's engine and works with the alpaka
//! distributions. Upstream builds them on <random>; here they do without it (see MersenneTwister19937.hpp).
//!
//! The tags alpaka::rand::MersenneTwister, TinyMersenneTwister and RandomDevice (upstream's names) pick one of them
//! where a random number implementation is expected: rand::engine::createDefault(rand::MersenneTwister{}, seed,
//! subsequence), rand::distribution::createUniformReal<float>(rand::RandomDevice{}). Host code and CPU kernels only.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/rand/Distributions.hpp"
#include "alpaka/rand/MersenneTwister19937.hpp"
#include "alpaka/rand/TinyMersenneTwister.hpp"
#include "alpaka/rand/Traits.hpp"

#include <cstdint>
#include <type_traits>
#if defined(__linux__)
#    include <cerrno>
#    include <cstring>

#    include <sys/random.h>
#else
#    include <random>
#endif

namespace alpaka::rand::engine::cpu
{
    //! std::mt19937 seeded with std::seed_seq{seed, subsequence}; offset skips outputs.
    class MersenneTwister
    {
    public:
        using result_type = std::uint32_t;

        explicit MersenneTwister(std::uint32_t seed = 0, std::uint32_t subsequence = 0, std::uint32_t offset = 0)
            : m_engine({seed, subsequence})
        {
            m_engine.discard(offset);
        }

        auto operator()() -> result_type
        {
            return static_cast<result_type>(m_engine());
        }

        static constexpr auto min() -> result_type
        {
            return 0u;
        }

        static constexpr auto max() -> result_type
        {
            return 0xFFFF'FFFFu;
        }

    private:
        MersenneTwister19937 m_engine;
    };

    //! TinyMT32 seeded with seed mixed with subsequence (distinct subsequences give distinct streams).
    class TinyMersenneTwister
    {
    public:
        using result_type = std::uint32_t;

        explicit TinyMersenneTwister(std::uint32_t seed = 0, std::uint32_t subsequence = 0, std::uint32_t offset = 0)
            : m_engine(seed ^ (subsequence * 0x9E37'79B9u + 0x7F4A'7C15u))
        {
            m_engine.discard(offset);
        }

        auto operator()() -> result_type
        {
            return m_engine();
        }

        static constexpr auto min() -> result_type
        {
            return 0u;
        }

        static constexpr auto max() -> result_type
        {
            return 0xFFFF'FFFFu;
        }

    private:
        TinyMersenneTwister32 m_engine;
    };

    //! The operating system's entropy source; seed, subsequence and offset are ignored.
    class RandomDevice
    {
    public:
        using result_type = std::uint32_t;

        explicit RandomDevice(std::uint32_t = 0, std::uint32_t = 0, std::uint32_t = 0)
        {
        }

        // Not copyable, as std::random_device: a copy would suggest a second, independent source.
        RandomDevice(RandomDevice const&) = delete;
        auto operator=(RandomDevice const&) -> RandomDevice& = delete;

        auto operator()() -> result_type
        {
#if defined(__linux__)
            result_type value = 0;
            // getrandom never returns part of a request this small; it is interrupted only before it starts.
            while(::getrandom(&value, sizeof(value), 0) != static_cast<long>(sizeof(value)))
            {
                if(errno != EINTR)
                    alpaka::detail::throwRuntimeError(
                        "rand::engine::cpu::RandomDevice: getrandom failed: %s", std::strerror(errno));
            }
            return value;
#else
            return static_cast<result_type>(m_device());
#endif
        }

        static constexpr auto min() -> result_type
        {
            return 0u;
        }

        static constexpr auto max() -> result_type
        {
            return 0xFFFF'FFFFu;
        }

#if !defined(__linux__)
    private:
        std::random_device m_device;
#endif
    };
} // namespace alpaka::rand::engine::cpu

namespace alpaka::rand
{
    //! Tag: the random number implementation whose default engine is engine::cpu::TinyMersenneTwister.
    class TinyMersenneTwister : public concepts::Implements<ConceptRand, TinyMersenneTwister>
    {
    };

    //! Upstream's name for the standard library implementation.
    using RandStdLib = TinyMersenneTwister;

    //! Tag: the random number implementation whose default engine is engine::cpu::MersenneTwister (std::mt19937).
    class MersenneTwister : public concepts::Implements<ConceptRand, MersenneTwister>
    {
    };

    //! Tag: the random number implementation whose default engine is engine::cpu::RandomDevice (non-deterministic).
    class RandomDevice : public concepts::Implements<ConceptRand, RandomDevice>
    {
    };

    namespace detail
    {
        template<typename TTag>
        inline constexpr bool isStdLibTag
            = std::is_same_v<TTag, TinyMersenneTwister> || std::is_same_v<TTag, MersenneTwister>
              || std::is_same_v<TTag, RandomDevice>;

        template<typename TTag>
        struct StdLibEngineOf;

        template<>
        struct StdLibEngineOf<TinyMersenneTwister>
        {
            using type = engine::cpu::TinyMersenneTwister;
        };

        template<>
        struct StdLibEngineOf<MersenneTwister>
        {
            using type = engine::cpu::MersenneTwister;
        };

        template<>
        struct StdLibEngineOf<RandomDevice>
        {
            using type = engine::cpu::RandomDevice;
        };
    } // namespace detail

    namespace engine::trait
    {
        //! The tag's engine for stream `subsequence` of `seed` (the engines take 32-bit seeds, subsequences and
        //! offsets: the values are truncated).
        template<typename TTag>
        struct CreateDefault<TTag, std::enable_if_t<rand::detail::isStdLibTag<TTag>>>
        {
            static auto createDefault(TTag const&, std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset)
            {
                using Engine = typename rand::detail::StdLibEngineOf<TTag>::type;
                return Engine(
                    static_cast<std::uint32_t>(seed),
                    static_cast<std::uint32_t>(subsequence),
                    static_cast<std::uint32_t>(offset));
            }
        };
    } // namespace engine::trait

    //! The tags hand out the portable distributions, which work with any 32-bit engine.
    namespace distribution::trait
    {
        template<typename TTag, typename T>
        struct CreateNormalReal<TTag, T, std::enable_if_t<rand::detail::isStdLibTag<TTag>>>
        {
            static auto createNormalReal(TTag const&) -> NormalReal<T>
            {
                return {};
            }
        };

        template<typename TTag, typename T>
        struct CreateUniformReal<TTag, T, std::enable_if_t<rand::detail::isStdLibTag<TTag>>>
        {
            static auto createUniformReal(TTag const&) -> UniformReal<T>
            {
                return {};
            }
        };

        template<typename TTag, typename T>
        struct CreateUniformUint<TTag, T, std::enable_if_t<rand::detail::isStdLibTag<TTag>>>
        {
            static auto createUniformUint(TTag const&) -> UniformUint<T>
            {
                return {};
            }
        };
    } // namespace distribution::trait
} // namespace alpaka::rand
