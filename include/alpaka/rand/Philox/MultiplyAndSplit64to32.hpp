// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's 64-bit helpers of its Philox code: rand::high32Bits(x), rand::low32Bits(x) and
//! rand::multiplyAndSplit64to32(a, b, high, low) (Random123's "mulhilo32": the high and low 32 bits of a * b).

#include "alpaka/core/Common.hpp"

#include <cstdint>

namespace alpaka::rand
{
    ALPAKA_FN_HOST_ACC constexpr auto high32Bits(std::uint64_t const x) -> std::uint32_t
    {
        return static_cast<std::uint32_t>(x >> 32);
    }

    ALPAKA_FN_HOST_ACC constexpr auto low32Bits(std::uint64_t const x) -> std::uint32_t
    {
        return static_cast<std::uint32_t>(x);
    }

    //! The product a * b, taken modulo 2^64, split into its high and low 32 bits. Philox multiplies 32-bit words, whose
    //! product never wraps.
    ALPAKA_FN_HOST_ACC constexpr void multiplyAndSplit64to32(
        std::uint64_t const a, std::uint64_t const b, std::uint32_t& resultHigh, std::uint32_t& resultLow)
    {
        std::uint64_t const product = a * b;
        resultHigh = high32Bits(product);
        resultLow = low32Bits(product);
    }
} // namespace alpaka::rand
