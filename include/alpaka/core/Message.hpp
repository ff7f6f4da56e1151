// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Error messages built out of line. A message assembled with std::string's operator+ where it is thrown is
//! instantiated, inlined and optimized in every template instantiation that can throw it: the work-division check
//! alone added its message's code to every launched kernel (docs/dev/measurements.md#code-per-launched-kernel), and
//! every translation unit paid for compiling it. These are plain inline functions, marked cold: a unit compiles each
//! once, and a throw site is one call with a printf format.

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>

#if defined(__GNUC__) || defined(__clang__)
// Cold and never inlined: the error paths stay out of the launch code and out of the optimizer's work.
#    define ALPAKA_MESSAGE_FN           __attribute__((cold, noinline))
#    define ALPAKA_MESSAGE_FORMAT(f, a) __attribute__((format(printf, f, a)))
#else
#    define ALPAKA_MESSAGE_FN
#    define ALPAKA_MESSAGE_FORMAT(f, a)
#endif

namespace alpaka::detail
{
    //! vsnprintf into a std::string of the exact length.
    ALPAKA_MESSAGE_FN inline auto formatMessageV(char const* format, std::va_list args) -> std::string
    {
        std::va_list measure;
        va_copy(measure, args);
        int const length = std::vsnprintf(nullptr, 0, format, measure);
        va_end(measure);
        if(length < 0)
            return format; // an encoding error: the format is still the best description there is
        std::string text(static_cast<std::size_t>(length), '\0');
        std::vsnprintf(text.data(), text.size() + 1, format, args);
        return text;
    }

    //! A message from a printf format.
    ALPAKA_MESSAGE_FN ALPAKA_MESSAGE_FORMAT(1, 2) inline auto formatMessage(char const* format, ...) -> std::string
    {
        std::va_list args;
        va_start(args, format);
        auto text = formatMessageV(format, args);
        va_end(args);
        return text;
    }

    //! Throws std::runtime_error with a message from a printf format.
    [[noreturn]] ALPAKA_MESSAGE_FN ALPAKA_MESSAGE_FORMAT(1, 2) inline void throwRuntimeError(char const* format, ...)
    {
        std::va_list args;
        va_start(args, format);
        auto text = formatMessageV(format, args);
        va_end(args);
        throw std::runtime_error(text);
    }

    //! Throws std::out_of_range with this message (from formatMessage).
    [[noreturn]] ALPAKA_MESSAGE_FN inline void throwOutOfRange(std::string const& message)
    {
        throw std::out_of_range(message);
    }

    //! The decimal text of an integer of any type up to 64 bits, exactly (sign included): pass `.text` to "%s".
    struct IntText
    {
        char text[24];
    };

    ALPAKA_MESSAGE_FN inline auto intText(unsigned long long magnitude, bool negative) -> IntText
    {
        IntText result{};
        std::snprintf(result.text, sizeof(result.text), "%s%llu", negative ? "-" : "", magnitude);
        return result;
    }

    template<typename TInt>
    auto intText(TInt value) -> IntText
    {
        static_assert(std::is_integral_v<TInt> && sizeof(TInt) <= sizeof(unsigned long long));
        if constexpr(std::is_signed_v<TInt>)
            if(value < 0)
                // Negated in the unsigned type: exact for the most negative value too.
                return intText(0ull - static_cast<unsigned long long>(value), true);
        return intText(static_cast<unsigned long long>(value), false);
    }

    //! "(1, 2, 3)" from the texts of a vector's components.
    ALPAKA_MESSAGE_FN inline auto vecText(IntText const* components, std::size_t count) -> std::string
    {
        std::string text = "(";
        for(std::size_t i = 0; i < count; ++i)
        {
            if(i != 0)
                text += ", ";
            text += components[i].text;
        }
        text += ')';
        return text;
    }
} // namespace alpaka::detail
