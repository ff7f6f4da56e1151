// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Philox-4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011): a counter-based generator.
//! The output for (counter, key) is a fixed function, so every thread of every back-end can draw its own stream
//! without shared state, and the same seed gives the same numbers on CPUs and GPUs.
//!
//! Streams: the key is the seed; counter words 2-3 hold the subsequence (2^66 outputs apart); counter words 0-1 count
//! the blocks of four 32-bit outputs within a subsequence.

#include "alpaka/core/Common.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka::rand
{
    //! A small fixed-size array usable in kernels: the result of vector engines and distributions.
    template<typename T, std::size_t TSize>
    struct ResultVector
    {
        T m_data[TSize];

        ALPAKA_FN_HOST_ACC constexpr auto operator[](std::size_t i) -> T&
        {
            return m_data[i];
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator[](std::size_t i) const -> T const&
        {
            return m_data[i];
        }

        ALPAKA_FN_HOST_ACC static constexpr auto size() -> std::size_t
        {
            return TSize;
        }
    };

    //! The stateless Philox-4x32-10 function: four 32-bit outputs for a counter and a key.
    class PhiloxStateless4x32x10Vector
    {
    public:
        using Counter = ResultVector<std::uint32_t, 4>;
        using Key = ResultVector<std::uint32_t, 2>;
        using Result = ResultVector<std::uint32_t, 4>;

        static constexpr std::uint32_t multiplier0 = 0xD251'1F53u;
        static constexpr std::uint32_t multiplier1 = 0xCD9E'8D57u;
        //! Weyl sequence constants that bump the key between rounds (golden ratio and sqrt(3) - 1).
        static constexpr std::uint32_t bump0 = 0x9E37'79B9u;
        static constexpr std::uint32_t bump1 = 0xBB67'AE85u;
        static constexpr unsigned rounds = 10;

        ALPAKA_FN_HOST_ACC static constexpr auto generate(Counter counter, Key key) -> Result
        {
            for(unsigned round = 0; round < rounds; ++round)
            {
                if(round != 0)
                {
                    key[0] += bump0;
                    key[1] += bump1;
                }
                std::uint64_t const product0 = std::uint64_t{multiplier0} * counter[0];
                std::uint64_t const product1 = std::uint64_t{multiplier1} * counter[2];
                auto const hi0 = static_cast<std::uint32_t>(product0 >> 32);
                auto const lo0 = static_cast<std::uint32_t>(product0);
                auto const hi1 = static_cast<std::uint32_t>(product1 >> 32);
                auto const lo1 = static_cast<std::uint32_t>(product1);
                counter = Counter{{hi1 ^ counter[1] ^ key[0], lo1, hi0 ^ counter[3] ^ key[1], lo0}};
            }
            return counter;
        }

        //! Key and first counter of a stream: key = seed, counter = (block, block >> 32, subsequence, subsequence >>
        //! 32).
        ALPAKA_FN_HOST_ACC static constexpr auto makeKey(std::uint64_t seed) -> Key
        {
            return Key{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
        }

        ALPAKA_FN_HOST_ACC static constexpr auto makeCounter(std::uint64_t subsequence, std::uint64_t block) -> Counter
        {
            return Counter{
                {static_cast<std::uint32_t>(block),
                 static_cast<std::uint32_t>(block >> 32),
                 static_cast<std::uint32_t>(subsequence),
                 static_cast<std::uint32_t>(subsequence >> 32)}};
        }

        //! Advances the 64-bit block counter of a stream by one.
        ALPAKA_FN_HOST_ACC static constexpr void increment(Counter& counter)
        {
            if(++counter[0] == 0)
                ++counter[1];
        }
    };

    //! Philox-4x32-10 engine returning four 32-bit numbers per call. offset skips blocks of four.
    class Philox4x32x10Vector
    {
        using Stateless = PhiloxStateless4x32x10Vector;

    public:
        using result_type = ResultVector<std::uint32_t, 4>;

        ALPAKA_FN_HOST_ACC constexpr explicit Philox4x32x10Vector(
            std::uint64_t seed = 0, std::uint64_t subsequence = 0, std::uint64_t offset = 0)
            : m_key(Stateless::makeKey(seed))
            , m_counter(Stateless::makeCounter(subsequence, offset))
        {
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator()() -> result_type
        {
            result_type const result = Stateless::generate(m_counter, m_key);
            Stateless::increment(m_counter);
            return result;
        }

    private:
        Stateless::Key m_key;
        Stateless::Counter m_counter;
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
        Stateless::Key m_key;
        Stateless::Counter m_counter;
        Stateless::Result m_block;
        unsigned m_position;
    };
} // namespace alpaka::rand
