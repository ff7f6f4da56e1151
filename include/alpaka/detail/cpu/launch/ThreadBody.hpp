// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ThreadBody: a callable of a thread index, with its type erased (a function pointer and the callable's address).
//! What runs threads for a launch (the worker pool, the fibers' ring) takes one of these rather than a template of
//! the callable: that code is then compiled once per unit, and each kernel adds only its own invokeAs.

#include <cstdint>

namespace alpaka::detail::cpu
{
    struct ThreadBody
    {
        void (*invoke)(void const* body, std::uint32_t thread) noexcept = nullptr;
        void const* body = nullptr;

        //! body, which must outlive every call; an exception escaping it ends the program (std::terminate).
        template<typename TBody>
        static auto of(TBody const& body) -> ThreadBody
        {
            return {&invokeAs<TBody>, &body};
        }

        void operator()(std::uint32_t thread) const noexcept
        {
            invoke(body, thread);
        }

    private:
        template<typename TBody>
        static void invokeAs(void const* body, std::uint32_t thread) noexcept
        {
            (*static_cast<TBody const*>(body))(thread);
        }
    };
} // namespace alpaka::detail::cpu
