// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Philox-4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011) as a pure function:
//! PhiloxStateless4x32x10Vector::generate(counter, key) gives four 32-bit outputs for a 128-bit counter and a
//! 64-bit key. The output for (counter, key) is fixed, so every thread of every back-end can draw its own stream
//! without shared state, and the same seed gives the same numbers on CPUs and GPUs (TAcc only names the accelerator,
//! as upstream; the function is the same for all).
//!
//! Streams, as used by the engines: the key is the seed; counter words 2-3 hold the subsequence (2^66 outputs apart);
//! counter words 0-1 count the blocks of four 32-bit outputs within a subsequence.

#include "alpaka/core/Common.hpp"
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka::rand
{
    //! A fixed-size vector usable in kernels: the result of vector engines and distributions (an alpaka::Vec, so it
    //! compares with == and != and works in range-for).
    template<typename T, std::size_t TSize>
    using ResultVector = Vec<DimInt<TSize>, T>;

    //! The stateless Philox-4x32-10 function: four 32-bit outputs for a counter and a key.
    class PhiloxStateless4x32x10Vector
    {
    public:
        using Counter = ResultVector<std::uint32_t, 4>;
        using Key = ResultVector<std::uint32_t, 2>;
        using Result = Counter;
        //! The container a distribution fills from one result: four values of TScalar.
        template<typename TScalar>
        using ResultContainer = ResultVector<TScalar, 4>;

        static constexpr std::uint32_t multiplier0 = 0xD251'1F53u;
        static constexpr std::uint32_t multiplier1 = 0xCD9E'8D57u;
        //! Weyl sequence constants that bump the key between rounds (golden ratio and sqrt(3) - 1).
        static constexpr std::uint32_t bump0 = 0x9E37'79B9u;
        static constexpr std::uint32_t bump1 = 0xBB67'AE85u;
        static constexpr unsigned rounds = 10;

        //! The Philox-4x32 function with TRounds rounds instead of 10 (upstream's engine::PhiloxStateless<TParams>).
        template<unsigned TRounds>
        ALPAKA_FN_HOST_ACC static constexpr auto generateRounds(Counter counter, Key key) -> Result
        {
            for(unsigned round = 0; round < TRounds; ++round)
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
                counter = Counter{hi1 ^ counter[1] ^ key[0], lo1, hi0 ^ counter[3] ^ key[1], lo0};
            }
            return counter;
        }

        //! Philox-4x32-10. After generateRounds: clang 14 does not instantiate a member function template for a
        //! constant expression when the caller comes first in the class.
        ALPAKA_FN_HOST_ACC static constexpr auto generate(Counter counter, Key key) -> Result
        {
            return generateRounds<rounds>(counter, key);
        }

        //! The key of a stream: the seed.
        ALPAKA_FN_HOST_ACC static constexpr auto makeKey(std::uint64_t seed) -> Key
        {
            return Key{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)};
        }

        //! The counter of block `block` of subsequence `subsequence`: (block, block >> 32, subsequence,
        //! subsequence >> 32).
        ALPAKA_FN_HOST_ACC static constexpr auto makeCounter(std::uint64_t subsequence, std::uint64_t block) -> Counter
        {
            return Counter{
                static_cast<std::uint32_t>(block),
                static_cast<std::uint32_t>(block >> 32),
                static_cast<std::uint32_t>(subsequence),
                static_cast<std::uint32_t>(subsequence >> 32)};
        }

        //! Advances the 64-bit block counter of a stream by one.
        ALPAKA_FN_HOST_ACC static constexpr void increment(Counter& counter)
        {
            if(++counter[0] == 0)
                ++counter[1];
        }
    };
} // namespace alpaka::rand
