// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Host memory allocation for buffers: aligned, with overflow and negative-extent checks, and an out-of-memory
//! error that says how much was requested.

#include "alpaka/core/Message.hpp"
#include "alpaka/dim/Traits.hpp"

#include <cstddef>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace alpaka::detail::sys
{
    //! Alignment of buffer memory: a cache line, and the widest vector registers (AVX-512).
    inline constexpr std::size_t defaultAlignment = 64u;

    //! std::bad_alloc with a message (MemoryError in Python).
    class AllocationError : public std::bad_alloc
    {
    public:
        explicit AllocationError(std::string message)
            : m_message(std::move(message))
        {
        }

        [[nodiscard]] auto what() const noexcept -> char const* override
        {
            return m_message.c_str();
        }

    private:
        std::string m_message;
    };

    //! Throws AllocationError for a size that does not fit into size_t (out of line: see core/Message.hpp).
    [[noreturn]] ALPAKA_MESSAGE_FN inline void throwSizeOverflow(char const* what)
    {
        throw AllocationError(formatMessage("%s: the requested size does not fit into size_t", what));
    }

    //! Bytes needed for extent elements of TElem; throws for negative extents and sizes that do not fit size_t.
    template<typename TElem, typename TVec>
    auto checkedByteCount(TVec const& extent, char const* what) -> std::size_t
    {
        std::size_t bytes = sizeof(TElem);
        for(std::size_t i = 0; i != Dim<TVec>::value; ++i)
        {
            if constexpr(std::is_signed_v<std::remove_cvref_t<decltype(extent[i])>>)
                if(extent[i] < 0)
                    throwRuntimeError("%s: extent component %zu is negative (%s)", what, i, intText(extent[i]).text);
            if(__builtin_mul_overflow(bytes, static_cast<std::size_t>(extent[i]), &bytes))
                throwSizeOverflow(what);
        }
        return bytes;
    }

    //! Aligned memory of at least one byte (so that empty buffers have a unique, valid pointer).
    inline auto allocateAligned(std::size_t bytes, std::size_t alignment, char const* what) -> void*
    {
        std::size_t const rounded = (bytes + alignment - 1) / alignment * alignment;
        if(rounded < bytes)
            throwSizeOverflow(what);
        void* const ptr = std::aligned_alloc(alignment, rounded == 0 ? alignment : rounded);
        if(ptr == nullptr)
            throw AllocationError(formatMessage("%s: out of host memory allocating %zu bytes", what, bytes));
        return ptr;
    }

    inline void freeAligned(void* ptr) noexcept
    {
        std::free(ptr);
    }
} // namespace alpaka::detail::sys
