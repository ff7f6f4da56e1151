// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Vector register facts of the compilation target, under upstream's names: core::vectorization::defaultAlignment
//! (the alignment the widest enabled vector instructions want) and GetVectorizationSizeElems<TElem>::value (how many
//! elements of TElem one vector instruction processes; 1 for types without vector arithmetic). Read from the
//! compiler's target macros (-march), so they describe the code being compiled, not the machine running it.

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace alpaka::core::vectorization
{
    //! 64 with AVX-512, 32 with AVX, 16 otherwise.
    inline constexpr std::size_t defaultAlignment =
#if defined(__AVX512BW__) || defined(__AVX512F__) || defined(__MIC__)
        64u;
#elif defined(__AVX__) || defined(__AVX2__)
        32u;
#else
        16u;
#endif

    namespace detail
    {
        //! Bytes of a vector register the arithmetic on T can use: per instruction set, floating point and integers
        //! of each width became vectorizable at different points (AVX widened floats only, AVX2 integers; AVX-512F
        //! covers 32- and 64-bit integers, AVX-512BW 8- and 16-bit ones). 0: no vector arithmetic for T.
        template<typename T>
        constexpr auto vectorBytes() -> std::size_t
        {
            constexpr bool isFloat = std::is_same_v<T, float>;
            constexpr bool isDouble = std::is_same_v<T, double>;
            constexpr bool isSmallInt = std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint8_t>
                                        || std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::uint16_t>;
            constexpr bool isInt32 = std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>;
            constexpr bool isInt64 = std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>;
            [[maybe_unused]] constexpr bool isFloating = isFloat || isDouble;
            [[maybe_unused]] constexpr bool isInt = isSmallInt || isInt32 || isInt64;
#if defined(__AVX512F__) || defined(__MIC__)
            if constexpr(isFloating)
                return 64u;
#elif defined(__AVX__)
            if constexpr(isFloating)
                return 32u;
#elif defined(__SSE2__)
            if constexpr(isFloating)
                return 16u;
#elif defined(__SSE__)
            if constexpr(isFloat)
                return 16u;
#elif defined(__ARM_NEON__)
            if constexpr(isFloat)
                return 16u;
#elif defined(__ALTIVEC__)
            if constexpr(isFloating)
                return 16u;
#endif
#if defined(__AVX512BW__)
            if constexpr(isInt)
                return 64u;
#elif defined(__AVX512F__) || defined(__MIC__)
            if constexpr(isInt32)
                return 64u;
#    if !defined(__MIC__)
            if constexpr(isInt64)
                return 64u;
#    endif
#endif
#if defined(__AVX2__)
            if constexpr(isInt)
                return 32u;
#elif defined(__SSE2__) || defined(__ARM_NEON__)
            if constexpr(isInt)
                return 16u;
#elif defined(__ALTIVEC__)
            if constexpr(isSmallInt || isInt32)
                return 16u;
#elif defined(__CUDA_ARCH__)
            // SIMD within a 32-bit register (__vadd4, __vadd2).
            if constexpr(isSmallInt)
                return 4u;
#endif
            return 0u;
        }
    } // namespace detail

    //! Elements of TElem per vector instruction (1 where there are none).
    template<typename TElem>
    struct GetVectorizationSizeElems
    {
        static constexpr std::size_t value
            = detail::vectorBytes<TElem>() == 0 ? 1u : detail::vectorBytes<TElem>() / sizeof(TElem);
    };
} // namespace alpaka::core::vectorization
