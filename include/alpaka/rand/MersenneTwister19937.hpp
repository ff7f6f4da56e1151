// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MT19937 (Matsumoto and Nishimura) seeded as std::mt19937 is by a std::seed_seq: the same outputs, bit for bit,
//! without <random>. Both algorithms are fixed by the C++ standard ([rand.eng.mers], [rand.util.seedseq]), so the
//! results do not depend on the standard library; tests/cpp/rand/CpuEnginesTest.cpp compares with std::mt19937.
//! <random> would be compiled in every unit that includes alpaka.hpp, for one engine (measured:
//! docs/dev/measurements.md#headers-left-out).

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace alpaka::rand
{
    class MersenneTwister19937
    {
    public:
        using result_type = std::uint32_t;

        static constexpr std::size_t stateSize = 624;

        //! Seeded as std::mt19937(std::seed_seq{words...}).
        explicit MersenneTwister19937(std::initializer_list<std::uint32_t> words)
            : MersenneTwister19937(words.begin(), words.size())
        {
        }

        //! Seeded as std::mt19937 by a std::seed_seq of the `count` words at `words`.
        MersenneTwister19937(std::uint32_t const* words, std::size_t count)
        {
            generateSeedSequence(words, count);
            // [rand.eng.mers]: a state whose bits that matter are all zero would stay zero.
            bool allZero = (m_state[0] & upperMask) == 0;
            for(std::size_t i = 1; i < stateSize && allZero; ++i)
                allZero = m_state[i] == 0;
            if(allZero)
                m_state[0] = upperMask;
        }

        auto operator()() -> result_type
        {
            if(m_next == stateSize)
                twist();
            std::uint32_t y = m_state[m_next++];
            y ^= y >> 11;
            y ^= (y << 7) & 0x9d2c'5680u;
            y ^= (y << 15) & 0xefc6'0000u;
            return y ^ (y >> 18);
        }

        void discard(std::uint64_t count)
        {
            for(; count > 0; --count)
                (*this)();
        }

        static constexpr auto min() -> result_type
        {
            return 0u;
        }

        static constexpr auto max() -> result_type
        {
            return 0xffff'ffffu;
        }

    private:
        static constexpr std::size_t shift = 397;
        static constexpr std::uint32_t upperMask = 0x8000'0000u;

        //! std::seed_seq::generate of `count` input words into the state ([rand.util.seedseq]).
        void generateSeedSequence(std::uint32_t const* words, std::size_t count)
        {
            constexpr std::size_t n = stateSize;
            constexpr std::size_t t = 11; // the standard's t for n >= 623
            constexpr std::size_t p = (n - t) / 2;
            constexpr std::size_t q = p + t;
            auto const mix = [](std::uint32_t x) { return x ^ (x >> 27); };
            for(auto& word : m_state)
                word = 0x8b8b'8b8bu;
            std::size_t const m = count + 1 > n ? count + 1 : n;
            for(std::size_t k = 0; k < m; ++k)
            {
                std::uint32_t const r1
                    = 1'664'525u * mix(m_state[k % n] ^ m_state[(k + p) % n] ^ m_state[(k + n - 1) % n]);
                // The standard's r2: r1 plus s for k = 0, plus (k mod n) + v[k - 1] while k <= s, plus k mod n after.
                std::uint32_t const r2
                    = k == 0 ? r1 + static_cast<std::uint32_t>(count)
                             : r1 + static_cast<std::uint32_t>(k % n) + (k <= count ? words[k - 1] : 0u);
                m_state[(k + p) % n] += r1;
                m_state[(k + q) % n] += r2;
                m_state[k % n] = r2;
            }
            for(std::size_t k = m; k < m + n; ++k)
            {
                std::uint32_t const r3
                    = 1'566'083'941u * mix(m_state[k % n] + m_state[(k + p) % n] + m_state[(k + n - 1) % n]);
                std::uint32_t const r4 = r3 - static_cast<std::uint32_t>(k % n);
                m_state[(k + p) % n] ^= r3;
                m_state[(k + q) % n] ^= r4;
                m_state[k % n] = r4;
            }
        }

        void twist()
        {
            // State word i mixes words i, i + 1 and i + shift, all taken modulo the state size; the three loops
            // spell out where the indices wrap.
            auto const next = [this](std::size_t i, std::size_t iPlusOne, std::size_t iPlusShift)
            {
                std::uint32_t const y = (m_state[i] & upperMask) | (m_state[iPlusOne] & ~upperMask);
                m_state[i] = m_state[iPlusShift] ^ (y >> 1) ^ ((y & 1u) ? 0x9908'b0dfu : 0u);
            };
            std::size_t i = 0;
            for(; i < stateSize - shift; ++i)
                next(i, i + 1, i + shift);
            for(; i < stateSize - 1; ++i)
                next(i, i + 1, i + shift - stateSize);
            next(i, 0, shift - 1);
            m_next = 0;
        }

        std::uint32_t m_state[stateSize];
        std::size_t m_next = stateSize;
    };
} // namespace alpaka::rand
