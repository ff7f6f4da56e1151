// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TinyMT32 (Saito and Matsumoto): a Mersenne Twister variant with 127 bits of state and period 2^127 - 1, with the
//! reference parameter set (mat1 0x8f7011ee, mat2 0xfc78ff1f, tmat 0x3793fdff). Small enough to keep per thread.

#include "alpaka/core/Common.hpp"

#include <cstdint>

namespace alpaka::rand
{
    class TinyMersenneTwister32
    {
    public:
        using result_type = std::uint32_t;

        static constexpr std::uint32_t mat1 = 0x8f70'11eeu;
        static constexpr std::uint32_t mat2 = 0xfc78'ff1fu;
        static constexpr std::uint32_t tmat = 0x3793'fdffu;

        ALPAKA_FN_HOST_ACC constexpr explicit TinyMersenneTwister32(std::uint32_t seed = 1)
            : m_status{seed, mat1, mat2, tmat}
        {
            for(std::uint32_t i = 1; i < 8; ++i)
            {
                std::uint32_t const previous = m_status[(i - 1) & 3u];
                m_status[i & 3u] ^= i + 1'812'433'253u * (previous ^ (previous >> 30));
            }
            // The all-zero state (ignoring the top bit of word 0) would stay zero forever.
            if((m_status[0] & mask) == 0 && m_status[1] == 0 && m_status[2] == 0 && m_status[3] == 0)
            {
                m_status[0] = 'T';
                m_status[1] = 'I';
                m_status[2] = 'N';
                m_status[3] = 'Y';
            }
            for(int i = 0; i < 8; ++i)
                nextState();
        }

        ALPAKA_FN_HOST_ACC constexpr auto operator()() -> result_type
        {
            nextState();
            return temper();
        }

        ALPAKA_FN_HOST_ACC static constexpr auto min() -> result_type
        {
            return 0u;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto max() -> result_type
        {
            return 0xFFFF'FFFFu;
        }

        //! Skips n outputs.
        ALPAKA_FN_HOST_ACC constexpr void discard(std::uint64_t n)
        {
            for(std::uint64_t i = 0; i < n; ++i)
                nextState();
        }

    private:
        static constexpr std::uint32_t mask = 0x7fff'ffffu;

        ALPAKA_FN_HOST_ACC constexpr void nextState()
        {
            std::uint32_t y = m_status[3];
            std::uint32_t x = (m_status[0] & mask) ^ m_status[1] ^ m_status[2];
            x ^= x << 1;
            y ^= (y >> 1) ^ x;
            m_status[0] = m_status[1];
            m_status[1] = m_status[2];
            m_status[2] = x ^ (y << 10);
            m_status[3] = y;
            if((y & 1u) != 0)
            {
                m_status[1] ^= mat1;
                m_status[2] ^= mat2;
            }
        }

        [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto temper() const -> std::uint32_t
        {
            std::uint32_t t0 = m_status[3];
            std::uint32_t const t1 = m_status[0] + (m_status[2] >> 8);
            t0 ^= t1;
            if((t1 & 1u) != 0)
                t0 ^= tmat;
            return t0;
        }

        std::uint32_t m_status[4];
    };
} // namespace alpaka::rand
