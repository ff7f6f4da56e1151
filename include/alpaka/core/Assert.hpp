// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ALPAKA_ASSERT (host), ALPAKA_ASSERT_ACC (kernels) and ALPAKA_THROW_ACC (a kernel reports an error).

#include "alpaka/core/Common.hpp"

#if !ALPAKA_RTC
#    include <cassert>
#    include <cstdio>
#    include <stdexcept>
#endif

//! Host-side assertion; compiled out with NDEBUG like assert().
#define ALPAKA_ASSERT(...) assert(__VA_ARGS__)

//! Assertion usable inside kernels on every back-end; compiled out with NDEBUG.
#if ALPAKA_RTC
#    if defined(NDEBUG)
#        define ALPAKA_ASSERT_ACC(...) static_cast<void>(0)
#    elif ALPAKA_LANG_HIP
#        define ALPAKA_ASSERT_ACC(...) ((__VA_ARGS__) ? static_cast<void>(0) : abort())
#    else
#        define ALPAKA_ASSERT_ACC(...) ((__VA_ARGS__) ? static_cast<void>(0) : __trap())
#    endif
#elif ALPAKA_DEVICE_PASS && ALPAKA_LANG_HIP
#    if defined(NDEBUG) || defined(ALPAKA_DISABLE_ASSERT_ACC)
#        define ALPAKA_ASSERT_ACC(...) static_cast<void>(0)
#    else
// ROCm's assert() calls a host-only __assert_fail in some releases (5.2): trap instead.
#        define ALPAKA_ASSERT_ACC(...) ((__VA_ARGS__) ? static_cast<void>(0) : __builtin_trap())
#    endif
#else
#    define ALPAKA_ASSERT_ACC(...) assert(__VA_ARGS__)
#endif

namespace alpaka::detail
{
#if !ALPAKA_RTC && !ALPAKA_DEVICE_PASS
    //! Host side of ALPAKA_THROW_ACC: the CPU back-ends turn the exception into an error of the queue, which
    //! reaches the caller of exec()/wait().
    [[noreturn]] inline void throwFromKernel(char const* message)
    {
        std::fprintf(stderr, "alpaka kernel error: %s\n", message);
        throw std::runtime_error(message);
    }
#endif
} // namespace alpaka::detail

//! Reports an unrecoverable error from inside a kernel. CPU back-ends print the message and throw
//! std::runtime_error(message); GPU back-ends print it and abort the kernel, which fails the queue.
#if ALPAKA_DEVICE_PASS || ALPAKA_RTC
#    if ALPAKA_LANG_HIP
#        define ALPAKA_THROW_ACC(MSG)                                                                                  \
            {                                                                                                          \
                printf("alpaka kernel error: %s\n", (MSG));                                                            \
                abort();                                                                                               \
            }
#    else
#        define ALPAKA_THROW_ACC(MSG)                                                                                  \
            {                                                                                                          \
                printf("alpaka kernel error: %s\n", (MSG));                                                            \
                __trap();                                                                                              \
            }
#    endif
#else
#    define ALPAKA_THROW_ACC(MSG) ::alpaka::detail::throwFromKernel(MSG)
#endif
