// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! sleepWhileEquals / wakeSleepers: a thread sleeps until a 32-bit atomic word changes, and the thread that changes it
//! pays for the wake-up system call only when someone sleeps. On Linux this is the futex system call itself:
//! std::atomic::wait of libstdc++ 12 first spins and calls sched_yield up to a dozen times, which on an oversubscribed
//! machine hands the core to other processes for whole time slices (16 pool workers on 2 busy cores spent more time
//! in those yields than in their work). Elsewhere std::atomic::wait/notify stand in.

#include <atomic>
#include <climits>
#include <cstdint>

#if defined(__linux__)
#    include <linux/futex.h>
#    include <sys/syscall.h>
#    include <unistd.h>
#endif

namespace alpaka::detail::sys
{
    //! Sleeps once while `word` holds `old`: returns at once where it does not, and may return spuriously. The caller
    //! counts itself among the sleepers first (see sleepWhileEquals).
    inline void sleepOnce(std::atomic<std::uint32_t>& word, std::uint32_t old) noexcept
    {
#if defined(__linux__)
        // The kernel compares the word with `old` under its own lock: a change before this call returns at once.
        static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
        ::syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), FUTEX_WAIT_PRIVATE, old, nullptr, nullptr, 0);
#else
        word.wait(old, std::memory_order_seq_cst);
#endif
    }

    //! Sleeps until `word` no longer holds `old` (it may return spuriously: callers loop). `sleepers` counts the
    //! threads inside; the changer reads it after its change (both sequentially consistent), so either it sees this
    //! sleeper and wakes it, or this thread sees the new value and does not sleep.
    inline void
    sleepWhileEquals(std::atomic<std::uint32_t>& word, std::uint32_t old, std::atomic<std::uint32_t>& sleepers) noexcept
    {
        sleepers.fetch_add(1u, std::memory_order_seq_cst);
        while(word.load(std::memory_order_seq_cst) == old)
            sleepOnce(word, old);
        sleepers.fetch_sub(1u, std::memory_order_relaxed);
    }

    //! Wakes the threads sleeping on `word` (one or all); call after changing it with a sequentially consistent write.
    inline void wakeSleepers(std::atomic<std::uint32_t>& word, std::atomic<std::uint32_t>& sleepers, bool all) noexcept
    {
        if(sleepers.load(std::memory_order_seq_cst) == 0u)
            return;
#if defined(__linux__)
        ::syscall(
            SYS_futex,
            reinterpret_cast<std::uint32_t*>(&word),
            FUTEX_WAKE_PRIVATE,
            all ? INT_MAX : 1,
            nullptr,
            nullptr,
            0);
#else
        if(all)
            word.notify_all();
        else
            word.notify_one();
#endif
    }
} // namespace alpaka::detail::sys
