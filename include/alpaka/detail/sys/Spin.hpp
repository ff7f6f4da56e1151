// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What a spin loop needs: the pause instruction (cpuRelax), a yield of the core (cpuYield) and a monotonic clock
//! (monotonicNanoseconds), without <thread> and <chrono>. The kernel side of every CPU back-end waits in spin loops
//! (atomics' spin locks, block barriers, shared memory); C++20's <thread> and <chrono> (with <condition_variable>,
//! which Parker no longer needs) are large: every translation unit and precompiled header that includes them pays for
//! them, a kernel compiled at run time on every compilation (measured: docs/dev/measurements.md#headers-left-out).

#include <atomic>
#include <cstdint>

#if defined(__unix__) || defined(__APPLE__)
#    include <sched.h>
#    include <time.h>
#else
#    include <chrono>
#    include <thread>
#endif

// <immintrin.h> (for _mm_pause) declares every x86 intrinsic, and every translation unit would compile it (measured:
// docs/dev/measurements.md#headers-left-out): GCC and clang have the instruction as a builtin, only MSVC needs the
// header.
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#    include <intrin.h>
#endif

namespace alpaka::detail::sys
{
    //! Tells the core that this is a spin loop (saves power, frees the sibling hyper-thread).
    inline void cpuRelax() noexcept
    {
#if(defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
        __builtin_ia32_pause();
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
        _mm_pause();
#elif defined(__aarch64__) || defined(__arm__)
        asm volatile("yield" ::: "memory");
#else
        std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
    }

    //! Offers the core to another thread (std::this_thread::yield).
    inline void cpuYield() noexcept
    {
#if defined(__unix__) || defined(__APPLE__)
        ::sched_yield();
#else
        std::this_thread::yield();
#endif
    }

    //! Nanoseconds of a clock that never goes back (std::chrono::steady_clock), from an unspecified start.
    inline auto monotonicNanoseconds() noexcept -> std::int64_t
    {
#if defined(__unix__) || defined(__APPLE__)
        timespec now{};
        ::clock_gettime(CLOCK_MONOTONIC, &now);
        return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
#else
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
#endif
    }
} // namespace alpaka::detail::sys
