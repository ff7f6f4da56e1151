// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Parker: waiting for a condition that another thread makes true, without paying for a sleep and wake-up when the
//! wait is short. Waking a parked thread costs tens of microseconds on virtual machines, so a waiter first spins,
//! then yields, and only then sleeps (on a futex: Futex.hpp). A notifier makes a system call only if someone sleeps.

#include "alpaka/detail/sys/Futex.hpp"
#include "alpaka/detail/sys/Spin.hpp"

#include <atomic>
#include <cstdint>

namespace alpaka::detail::sys
{
    class Parker
    {
    public:
        //! How long a waiter spins and then yields before it sleeps, in nanoseconds. Spinning covers the typical
        //! latency of a short task; yielding leaves the core to other threads on an oversubscribed machine.
        static constexpr std::int64_t spinNs = 20'000;
        static constexpr std::int64_t yieldNs = 200'000;

        Parker() = default;

        //! A parker whose waiters spin for `spin` ns (then yield until spinNs + yieldNs, then sleep).
        explicit Parker(std::int64_t spin)
            : m_spin(spin)
            , m_yield(spinNs + yieldNs - spin)
        {
        }

        //! A parker whose waiters spin for `spin` ns, then yield for `yield` ns, then sleep.
        Parker(std::int64_t spin, std::int64_t yield)
            : m_spin(spin)
            , m_yield(yield)
        {
        }

        Parker(Parker const&) = delete;
        auto operator=(Parker const&) -> Parker& = delete;

        //! Returns once done() is true. done() must read state that the notifier writes before calling notify(),
        //! with sequentially consistent atomics.
        template<typename TPredicate>
        void wait(TPredicate&& done)
        {
            if(done())
                return;
            auto const start = monotonicNanoseconds();
            for(unsigned i = 1;; ++i)
            {
                if(done())
                    return;
                cpuRelax();
                // Reading the clock costs more than a pause: only every 64th round.
                if(i % 64u == 0 && monotonicNanoseconds() - start > m_spin)
                    break;
            }
            while(monotonicNanoseconds() - start < m_spin + m_yield)
            {
                if(done())
                    return;
                cpuYield();
            }
            // Sleep until a notify() moves the epoch on. This thread counts itself among the sleepers before it
            // checks done(), and notify() reads the count after the notifier's change, both sequentially consistent:
            // either the notifier sees the count and moves the epoch (which this thread read before counting itself,
            // so the sleep returns at once or is woken), or this thread sees done() true. A spurious wake-up comes back
            // here and checks done() again.
            for(;;)
            {
                std::uint32_t const epoch = m_epoch.load(std::memory_order_seq_cst);
                m_sleepers.fetch_add(1u, std::memory_order_seq_cst);
                bool const finished = done();
                if(!finished)
                    sleepOnce(m_epoch, epoch);
                m_sleepers.fetch_sub(1u, std::memory_order_seq_cst);
                if(finished)
                    return;
            }
        }

        //! Wakes sleeping waiters; call after making their condition true.
        void notify() noexcept
        {
            if(m_sleepers.load(std::memory_order_seq_cst) == 0u)
                return;
            m_epoch.fetch_add(1u, std::memory_order_seq_cst);
            wakeSleepers(m_epoch, m_sleepers, true);
        }

    private:
        std::int64_t m_spin = spinNs;
        std::int64_t m_yield = yieldNs;
        std::atomic<std::uint32_t> m_epoch{0};
        std::atomic<std::uint32_t> m_sleepers{0};
    };
} // namespace alpaka::detail::sys
