// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! rand::engine::PhiloxConstants<TParams>: the constants of Philox-4x32 under upstream's names, as static functions
//! (WEYL_64_0/1, the 64-bit Weyl sequence steps; WEYL_32_0/1, their high halves, which bump the key between rounds;
//! MULTIPLITER_4x32_0/1, the round multipliers, upstream's spelling). They are the Random123 constants; the function
//! here (rand/RandPhiloxStateless.hpp) applies 0xD2511F53 to counter word 0 and 0xCD9E8D57 to word 2, as Random123
//! does.

#include "alpaka/core/Common.hpp"
#include "alpaka/rand/Philox/MultiplyAndSplit64to32.hpp"

#include <cstdint>

namespace alpaka::rand::engine
{
    template<typename TParams>
    class PhiloxConstants
    {
    public:
        ALPAKA_FN_HOST_ACC static constexpr auto WEYL_64_0() -> std::uint64_t
        {
            return 0x9E37'79B9'7F4A'7C15u; // the golden ratio
        }

        ALPAKA_FN_HOST_ACC static constexpr auto WEYL_64_1() -> std::uint64_t
        {
            return 0xBB67'AE85'84CA'A73Bu; // sqrt(3) - 1
        }

        ALPAKA_FN_HOST_ACC static constexpr auto WEYL_32_0() -> std::uint32_t
        {
            return high32Bits(WEYL_64_0());
        }

        ALPAKA_FN_HOST_ACC static constexpr auto WEYL_32_1() -> std::uint32_t
        {
            return high32Bits(WEYL_64_1());
        }

        ALPAKA_FN_HOST_ACC static constexpr auto MULTIPLITER_4x32_0() -> std::uint32_t
        {
            return 0xCD9E'8D57u;
        }

        ALPAKA_FN_HOST_ACC static constexpr auto MULTIPLITER_4x32_1() -> std::uint32_t
        {
            return 0xD251'1F53u;
        }
    };
} // namespace alpaka::rand::engine
