// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Parker: waiting for a condition that another thread makes true, without paying for a sleep and wake-up when the
//! wait is short. Waking a parked thread costs tens of microseconds on virtual machines, so a waiter first spins,
//! then yields, and only then sleeps on a condition variable. A notifier only takes the mutex if someone sleeps.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

// <immintrin.h> (for _mm_pause) alone costs a third of a second in every translation unit: GCC and clang have the
// instruction as a builtin, only MSVC needs the header.
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#    include <intrin.h>
#endif

namespace alpaka::detail::cpu
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

    class Parker
    {
    public:
        //! How long a waiter spins and then yields before it sleeps. Spinning covers the typical latency of a short
        //! task; yielding leaves the core to other threads on an oversubscribed machine.
        static constexpr auto spinDuration = std::chrono::microseconds(20);
        static constexpr auto yieldDuration = std::chrono::microseconds(200);

        Parker() = default;

        //! A parker whose waiters spin for `spin` (then yield until spinDuration + yieldDuration, then sleep).
        explicit Parker(std::chrono::nanoseconds spin)
            : m_spin(spin)
            , m_yield(spinDuration + yieldDuration - spin)
        {
        }

        //! A parker whose waiters spin for `spin`, then yield for `yield`, then sleep.
        Parker(std::chrono::nanoseconds spin, std::chrono::nanoseconds yield)
            : m_spin(spin)
            , m_yield(yield)
        {
        }

        //! Returns once done() is true. done() must read state that the notifier writes before calling notify(),
        //! with sequentially consistent atomics.
        template<typename TPredicate>
        void wait(TPredicate&& done)
        {
            if(done())
                return;
            using Clock = std::chrono::steady_clock;
            auto const start = Clock::now();
            for(unsigned i = 1;; ++i)
            {
                if(done())
                    return;
                cpuRelax();
                // Reading the clock costs more than a pause: only every 64th round.
                if(i % 64u == 0 && Clock::now() - start > m_spin)
                    break;
            }
            while(Clock::now() - start < m_spin + m_yield)
            {
                if(done())
                    return;
                std::this_thread::yield();
            }
            std::unique_lock<std::mutex> lock(m_mutex);
            m_sleepers.fetch_add(1, std::memory_order_seq_cst);
            m_cv.wait(lock, done);
            m_sleepers.fetch_sub(1, std::memory_order_seq_cst);
        }

        //! Wakes sleeping waiters; call after making their condition true.
        void notify()
        {
            if(m_sleepers.load(std::memory_order_seq_cst) > 0)
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_cv.notify_all();
            }
        }

    private:
        std::chrono::nanoseconds m_spin = spinDuration;
        std::chrono::nanoseconds m_yield = yieldDuration;
        std::mutex m_mutex;
        std::condition_variable m_cv;
        std::atomic<int> m_sleepers{0};
    };
} // namespace alpaka::detail::cpu
