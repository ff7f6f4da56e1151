// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Reading a fuzzer's bytes as fields, front to back, little-endian: the layout tests/fuzz/cpp/seeds.py writes the
//! seed corpora in. Past the end every field reads as zero, so any input is a complete one.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace fuzz
{
    class Input
    {
    public:
        Input(std::uint8_t const* data, std::size_t size)
            : m_data(data)
            , m_size(size)
        {
        }

        template<typename T>
        auto take() -> T
        {
            static_assert(std::is_trivially_copyable_v<T>);
            unsigned char bytes[sizeof(T)]{};
            for(std::size_t i = 0; i < sizeof(T) && m_pos < m_size; ++i)
                bytes[i] = m_data[m_pos++];
            T value;
            std::memcpy(&value, bytes, sizeof(T));
            return value;
        }

        //! A value in [0, bound) (bound > 0).
        auto below(std::size_t bound) -> std::size_t
        {
            return take<std::uint32_t>() % bound;
        }

    private:
        std::uint8_t const* m_data;
        std::size_t m_size;
        std::size_t m_pos = 0;
    };

    //! A property the code under test broke: printed, then abort() so that libFuzzer keeps the input as a crash.
    [[noreturn]] inline void fail(char const* what)
    {
        std::fprintf(stderr, "fuzz property violated: %s\n", what);
        std::abort();
    }

#define FUZZ_CHECK(condition)                                                                                          \
    do                                                                                                                 \
    {                                                                                                                  \
        if(!(condition))                                                                                               \
            ::fuzz::fail(#condition " (" __FILE__ ")");                                                                \
    } while(false)
} // namespace fuzz
