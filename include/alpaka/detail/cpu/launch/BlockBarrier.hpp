// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockBarrier: the barrier of the CPU back-ends whose blocks have several threads. Sense-reversing (a generation
//! counter the last arriving thread advances), so a phase costs one atomic add per thread and no lock; waiters spin
//! briefly, yield a few times and then park (TWait decides how: an OS thread sleeps on the generation's futex, a fiber
//! yields to the next fiber). The thread that ends a phase pays a wake-up system call only when someone sleeps.
//! A thread that leaves the block early (its kernel threw) drops out, and later phases complete without it, so the
//! other threads of the block never deadlock.

#include "alpaka/detail/sys/Futex.hpp"
#include "alpaka/detail/sys/Parker.hpp"
#include "alpaka/detail/sys/SysInfo.hpp"

#include <atomic>
#include <cstdint>

namespace alpaka::detail::cpu
{
    //! Waiting of OS threads: spin a little while the other threads of the block are likely running, yield the core a
    //! few times, then park(): sleep until the phase ends. With more threads than cores spinning only delays the
    //! thread that everyone waits for, so such a block yields at once and parks soon. Yielding without end is no
    //! option on a busy machine: each yield hands the core to another waiter or to the other processes, rarely to the
    //! thread that has yet to arrive, and a block of many threads on few cores all but stalls (measured:
    //! docs/dev/measurements.md#blocks-of-many-threads); parked waiters leave the cores to it.
    struct SpinThenYieldThread
    {
        template<typename TDone, typename TPark>
        static void wait(TDone&& done, std::uint32_t participants, TPark&& park)
        {
            bool const coreEach = participants <= sys::getHardwareThreadCount();
            unsigned const spins = coreEach ? 4096u : 0u;
            for(unsigned i = 0; i < spins; ++i)
            {
                if(done())
                    return;
                sys::cpuRelax();
            }
            // A yield on a busy machine can hand the core to another process for a whole time slice: only a few.
            unsigned const yields = coreEach ? 8u : 0u;
            for(unsigned i = 0; i < yields; ++i)
            {
                if(done())
                    return;
                sys::cpuYield();
            }
            park();
        }
    };

    //! The result of a barrier phase: how many threads arrived and how many of them passed a non-zero predicate.
    struct BarrierVote
    {
        std::uint32_t arrived;
        std::uint32_t nonZero;
    };

    template<typename TWait>
    class BlockBarrier
    {
    public:
        explicit BlockBarrier(std::uint32_t participants)
            : m_state(std::uint64_t{participants} << 32)
        {
        }

        BlockBarrier(BlockBarrier const&) = delete;
        auto operator=(BlockBarrier const&) -> BlockBarrier& = delete;

        //! Waits until every participant has arrived; memory written before is visible after.
        void arriveAndWait()
        {
            arriveAndWait(false, [] {});
        }

        //! Waits and counts the non-zero predicates of this phase (the predicate forms of syncBlockThreads).
        auto arriveAndVote(int predicate) -> BarrierVote
        {
            std::uint32_t const parity = arriveAndWait(predicate != 0, [] {});
            return m_votes[parity];
        }

        //! Waits; the last thread to arrive runs onComplete before it releases the others.
        template<typename TOnComplete>
        auto arriveAndWait(bool vote, TOnComplete&& onComplete) -> std::uint32_t
        {
            // Read before arriving: the phase cannot end, and the generation cannot move, before this thread arrives.
            std::uint32_t const generation = m_generation.load(std::memory_order_acquire);
            if(vote)
                m_nonZero.fetch_add(1u, std::memory_order_relaxed);
            std::uint64_t const state = m_state.fetch_add(1u, std::memory_order_acq_rel) + 1u;
            if(arrived(state) == participants(state))
            {
                onComplete();
                complete(generation, arrived(state));
            }
            else
                TWait::wait(
                    [&] { return m_generation.load(std::memory_order_acquire) != generation; },
                    participants(state),
                    [&] { park(generation); });
            return generation & 1u;
        }

        //! The calling thread leaves: it will not arrive at this or any later phase.
        void drop()
        {
            std::uint64_t const state
                = m_state.fetch_sub(std::uint64_t{1} << 32, std::memory_order_acq_rel) - (std::uint64_t{1} << 32);
            // Everybody else may already be waiting for this thread.
            if(arrived(state) != 0 && arrived(state) == participants(state))
                complete(m_generation.load(std::memory_order_acquire), arrived(state));
        }

    private:
        static constexpr auto arrived(std::uint64_t state) -> std::uint32_t
        {
            return static_cast<std::uint32_t>(state);
        }

        static constexpr auto participants(std::uint64_t state) -> std::uint32_t
        {
            return static_cast<std::uint32_t>(state >> 32);
        }

        //! Sleeps until the phase that started at `generation` has ended.
        void park(std::uint32_t generation)
        {
            // Counted as a sleeper before it reads the generation again; the phase's last thread reads the count after
            // it moved the generation: it either wakes this thread or this thread does not sleep.
            sys::sleepWhileEquals(m_generation, generation, m_sleepers);
        }

        //! Run by exactly one thread per phase, while all others wait: no other thread touches the state now.
        void complete(std::uint32_t generation, std::uint32_t arrivedCount)
        {
            m_votes[generation & 1u] = {arrivedCount, m_nonZero.exchange(0u, std::memory_order_relaxed)};
            m_state.fetch_sub(arrivedCount, std::memory_order_relaxed);
            m_generation.store(generation + 1u, std::memory_order_seq_cst);
            // No system call while every waiter is still spinning or yielding (the common case with a core each).
            sys::wakeSleepers(m_generation, m_sleepers, true);
        }

        std::atomic<std::uint64_t> m_state; //!< participants << 32 | arrived in this phase
        std::atomic<std::uint32_t> m_generation{0};
        std::atomic<std::uint32_t> m_nonZero{0};
        std::atomic<std::uint32_t> m_sleepers{0}; //!< waiters in park()
        //! Written when a phase ends and read after it; two phases apart, so a slow reader of one phase is never
        //! overwritten (a thread cannot reach phase n + 2 before every thread has left phase n).
        BarrierVote m_votes[2] = {};
    };
} // namespace alpaka::detail::cpu
