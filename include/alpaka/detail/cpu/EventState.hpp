// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Shared state of a CPU event: how often it was enqueued and the latest enqueue that a queue reached.

#include "alpaka/detail/cpu/Parker.hpp"

#include <atomic>
#include <cstdint>

namespace alpaka::detail::cpu
{
    class EventState
    {
    public:
        //! Records a new enqueue; returns its number (1, 2, ...).
        auto markEnqueued() -> std::uint64_t
        {
            return m_enqueued.fetch_add(1, std::memory_order_seq_cst) + 1;
        }

        //! The queue reached enqueue number n.
        void markReady(std::uint64_t n)
        {
            std::uint64_t current = m_ready.load(std::memory_order_seq_cst);
            while(current < n && !m_ready.compare_exchange_weak(current, n, std::memory_order_seq_cst))
            {
            }
            m_parker.notify();
        }

        [[nodiscard]] auto lastEnqueued() const -> std::uint64_t
        {
            return m_enqueued.load(std::memory_order_seq_cst);
        }

        [[nodiscard]] auto isReady(std::uint64_t n) const -> bool
        {
            return m_ready.load(std::memory_order_seq_cst) >= n;
        }

        //! Complete when the latest enqueue was reached (true if never enqueued).
        [[nodiscard]] auto isComplete() const -> bool
        {
            return isReady(lastEnqueued());
        }

        //! Waits until enqueue number n was reached.
        void waitFor(std::uint64_t n)
        {
            m_parker.wait([&] { return isReady(n); });
        }

    private:
        std::atomic<std::uint64_t> m_enqueued{0};
        std::atomic<std::uint64_t> m_ready{0};
        Parker m_parker;
    };
} // namespace alpaka::detail::cpu
