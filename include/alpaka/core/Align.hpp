// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Alignment helpers under upstream's names: core::RoundUpToPowerOfTwo<N>, core::align::OptimalAlignment<TsizeBytes>
//! and ALPAKA_OPTIMAL_ALIGNMENT(T), the alignment upstream gives a value of type T.

#include "alpaka/core/Config.hpp"

#include <bit>
#include <cstddef>
#include <type_traits>

namespace alpaka::core
{
    //! N rounded up to the next power of two (N itself if it is one; 0 stays 0, as upstream's).
    template<std::size_t N>
    struct RoundUpToPowerOfTwo : std::integral_constant<std::size_t, N == 0 ? 0 : std::bit_ceil(N)>
    {
    };

    namespace align
    {
        //! The alignment for data of TsizeBytes bytes: the size rounded up to a power of two. GCC warns about
        //! alignments above 128 bytes, so with GCC anything larger than 64 bytes gets 128, as upstream's.
        template<std::size_t TsizeBytes>
        struct OptimalAlignment
            : std::integral_constant<
                  std::size_t,
                  (ALPAKA_COMP_GNUC && TsizeBytes > 64) ? std::size_t{128} : RoundUpToPowerOfTwo<TsizeBytes>::value>
        {
        };
    } // namespace align
} // namespace alpaka::core

//! The alignment for a value of the given type (cv-qualifiers ignored): core::align::OptimalAlignment of its size.
#define ALPAKA_OPTIMAL_ALIGNMENT(...)                                                                                  \
    ::alpaka::core::align::OptimalAlignment<sizeof(::std::remove_cv_t<__VA_ARGS__>)>::value
