// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The triad a[i] = b[i] + s * c[i]: its input values and the check of its result, shared by the alpaka kernels and
//! the native loops so that every variant computes (and is checked against) the same numbers.

#include <cstddef>

namespace bench
{
    inline constexpr double triadScalar = 3.0;

    //! Small integers: b + s * c is exact in double, with or without a fused multiply-add, so results compare with ==.
    constexpr auto triadB(std::size_t i) -> double
    {
        return static_cast<double>(i % 1024u);
    }

    constexpr auto triadC(std::size_t i) -> double
    {
        return static_cast<double>(i % 7u + 1u);
    }

    //! The index of the first wrong a[i], or n when all n values are right.
    inline auto firstTriadMismatch(double const* a, std::size_t n) -> std::size_t
    {
        for(std::size_t i = 0; i < n; ++i)
            if(a[i] != triadB(i) + triadScalar * triadC(i))
                return i;
        return n;
    }

    //! Bytes one triad moves: read b and c, write a (STREAM's count, without the write-allocate traffic).
    constexpr auto triadBytes(std::size_t n) -> double
    {
        return 3.0 * static_cast<double>(sizeof(double)) * static_cast<double>(n);
    }
} // namespace bench
