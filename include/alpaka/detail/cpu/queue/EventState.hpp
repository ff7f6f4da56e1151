// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Shared state of a CPU event: its enqueues, each reached on its own. A waiter takes the enqueue current at the
//! time of its call (lastEnqueued()) and waits for exactly that one: enqueuing the event again later, into the same or
//! another queue, neither holds the waiter back nor releases it early when the newer enqueue is reached first.
//! A template of an unused parameter (the alias EventState names it) so that a unit without events does not compile
//! what its member functions use.

#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/detail/sys/Parker.hpp"

#include <atomic>
#include <cstdint>
#include <memory>

namespace alpaka::detail::cpu
{
    template<typename TLazy = void>
    class EventStateT
    {
    public:
        //! One enqueue of the event: its number (1, 2, ...) and whether a queue reached it.
        struct Enqueue
        {
            explicit Enqueue(std::uint64_t n)
                : number(n)
            {
            }

            std::uint64_t number;
            std::atomic<bool> reached{false};
        };

        //! A handle of one enqueue; empty for "never enqueued" (always reached).
        using Mark = std::shared_ptr<Enqueue>;

        //! Records a new enqueue, which the event stands for from now on; returns it.
        auto markEnqueued() -> Mark
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            m_latest = std::make_shared<Enqueue>(m_latest ? m_latest->number + 1u : 1u);
            return m_latest;
        }

        //! A queue reached this enqueue.
        void markReady(Mark const& mark)
        {
            if(!mark)
                return;
            mark->reached.store(true, std::memory_order_seq_cst);
            m_parker.notify();
        }

        //! The enqueue the event stands for now.
        [[nodiscard]] auto lastEnqueued() const -> Mark
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            return m_latest;
        }

        [[nodiscard]] static auto isReady(Mark const& mark) -> bool
        {
            return !mark || mark->reached.load(std::memory_order_seq_cst);
        }

        //! Complete when the latest enqueue was reached (true if never enqueued); earlier enqueues do not matter.
        [[nodiscard]] auto isComplete() const -> bool
        {
            return isReady(lastEnqueued());
        }

        //! Waits until this enqueue was reached.
        void waitFor(Mark const& mark)
        {
            m_parker.wait([&] { return isReady(mark); });
        }

    private:
        mutable sys::Mutex m_mutex;
        Mark m_latest;
        // Shared by the waiters of all enqueues: each checks its own mark when woken.
        sys::Parker m_parker;
    };

    using EventState = EventStateT<>;
} // namespace alpaka::detail::cpu
