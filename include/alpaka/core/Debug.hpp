// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Tracing selected by ALPAKA_DEBUG (CMake alpaka_DEBUG): 1 prints entry and exit of launches and copies,
//! 2 also their parameters (work divisions, extents, pointers). 0 compiles it all away.

#include "alpaka/core/Config.hpp"

#if ALPAKA_DEBUG >= ALPAKA_DEBUG_MINIMAL && !ALPAKA_RTC
#    include <iostream>
#    include <sstream>
#    include <string>

namespace alpaka::core::detail
{
    //! Prints "[+] scope" when constructed and "[-] scope" when destroyed.
    class ScopeLogStdOut
    {
    public:
        explicit ScopeLogStdOut(std::string scope)
            : m_scope(std::move(scope))
        {
            std::cout << "[+] " << m_scope << std::endl;
        }

        ScopeLogStdOut(ScopeLogStdOut const&) = delete;
        auto operator=(ScopeLogStdOut const&) -> ScopeLogStdOut& = delete;

        ~ScopeLogStdOut()
        {
            std::cout << "[-] " << m_scope << std::endl;
        }

    private:
        std::string m_scope;
    };
} // namespace alpaka::core::detail

#    define ALPAKA_DEBUG_MINIMAL_LOG_SCOPE ::alpaka::core::detail::ScopeLogStdOut const alpakaScopeLog(__func__)
//! Like ALPAKA_DEBUG_MINIMAL_LOG_SCOPE with a name for the scope (streamed, so it can be composed).
#    define ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED(...)                                                                  \
        ::alpaka::core::detail::ScopeLogStdOut const alpakaScopeLog((std::ostringstream{} << __VA_ARGS__).str())
#else
#    define ALPAKA_DEBUG_MINIMAL_LOG_SCOPE
#    define ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED(...)
#endif

#if ALPAKA_DEBUG >= ALPAKA_DEBUG_FULL && !ALPAKA_RTC
#    define ALPAKA_DEBUG_FULL_LOG_SCOPE ALPAKA_DEBUG_MINIMAL_LOG_SCOPE
//! Prints its arguments (streamed) on one line.
#    define ALPAKA_DEBUG_FULL_LOG(...) (std::cout << __VA_ARGS__ << std::endl)
#else
#    define ALPAKA_DEBUG_FULL_LOG_SCOPE
#    define ALPAKA_DEBUG_FULL_LOG(...) static_cast<void>(0)
#endif
