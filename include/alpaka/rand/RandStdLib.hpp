// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Engines for the CPU back-ends built on the standard library: rand::engine::cpu::MersenneTwister (std::mt19937),
//! TinyMersenneTwister (TinyMT32) and RandomDevice (std::random_device, non-deterministic). Each is constructed as
//! engine(seed, subsequence, offset) like createDefault's engine and works with the alpaka distributions.

#include "alpaka/rand/TinyMersenneTwister.hpp"

#include <cstdint>
#include <random>

namespace alpaka::rand::engine::cpu
{
    //! std::mt19937 seeded from (seed, subsequence); offset skips outputs.
    class MersenneTwister
    {
    public:
        using result_type = std::uint32_t;

        explicit MersenneTwister(std::uint32_t seed = 0, std::uint32_t subsequence = 0, std::uint32_t offset = 0)
        {
            std::seed_seq sequence{seed, subsequence};
            m_engine.seed(sequence);
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
        std::mt19937 m_engine;
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

        auto operator()() -> result_type
        {
            return static_cast<result_type>(m_device());
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
        std::random_device m_device;
    };
} // namespace alpaka::rand::engine::cpu
