// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! rand::engine::cpu::TinyMTengine: upstream's TinyMT32 engine class, a UniformRandomBitGenerator with the reference
//! parameter set and a default seed of 42. The generator is rand::TinyMersenneTwister32 (rand/TinyMersenneTwister.hpp);
//! upstream's tinymt32_t state member (prng) and the C functions of its bundled TinyMT are not provided.

#include "alpaka/rand/TinyMersenneTwister.hpp"

#include <cstdint>

namespace alpaka::rand::engine::cpu
{
    struct TinyMTengine
    {
        using result_type = std::uint32_t;

        static constexpr auto default_seed() -> result_type
        {
            return 42u;
        }

        TinyMTengine() = default;

        TinyMTengine(std::uint32_t const& seedValue)
            : m_engine(seedValue)
        {
        }

        //! Restarts the sequence of seed value.
        void seed(result_type value = default_seed())
        {
            m_engine = TinyMersenneTwister32(value);
        }

        auto operator()() -> result_type
        {
            return m_engine();
        }

        static constexpr auto min() -> result_type
        {
            return TinyMersenneTwister32::min();
        }

        static constexpr auto max() -> result_type
        {
            return TinyMersenneTwister32::max();
        }

        //! Skips n outputs (upstream's ignores n).
        void discard(unsigned long long n)
        {
            m_engine.discard(n);
        }

    private:
        TinyMersenneTwister32 m_engine{default_seed()};
    };
} // namespace alpaka::rand::engine::cpu
