// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! FirstError: the first of the exceptions that work running elsewhere raised, kept to be rethrown later on the
//! thread that waits for that work. One mechanism for every place that defers an error: the threads of a CPU
//! kernel launch (rethrown once all of them stopped; later blocks see failed() and are skipped), the tasks of a
//! non-blocking CPU queue and the host tasks of a GPU queue (rethrown and cleared by the next wait), the runtime's
//! GPU queues and graphs.

#include "alpaka/detail/sys/Spin.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <utility>

namespace alpaka::detail
{
    //! Lock-free and noexcept to record, so any thread may record from a catch block; errors after the first are
    //! dropped until the kept one is taken.
    class FirstError
    {
    public:
        //! Keeps error unless an error is kept already.
        void record(std::exception_ptr error) noexcept
        {
            std::uint32_t expected = empty;
            if(m_state.compare_exchange_strong(expected, busy, std::memory_order_acquire))
            {
                m_error = std::move(error);
                m_state.store(full, std::memory_order_release);
            }
        }

        //! Call from a catch block: keeps the exception being handled (unless an error is kept already).
        void capture() noexcept
        {
            record(std::current_exception());
        }

        //! Whether an error was recorded (perhaps not yet readable: for skipping work that would be wasted).
        [[nodiscard]] auto failed() const noexcept -> bool
        {
            return m_state.load(std::memory_order_relaxed) != empty;
        }

        //! Rethrows the kept error, if any, and keeps it: for after every thread that may record has stopped.
        void rethrowIfAny() const
        {
            if(m_state.load(std::memory_order_acquire) == full)
                std::rethrow_exception(m_error);
        }

        //! Rethrows the kept error, if any, and forgets it, so the next error is kept again: for a queue's wait. A
        //! record still in progress on another thread is waited for (it takes a few instructions).
        void rethrowAndClear()
        {
            std::uint32_t expected = full;
            while(!m_state.compare_exchange_weak(expected, busy, std::memory_order_acquire))
            {
                if(expected == empty)
                    return;
                if(expected == busy)
                    sys::cpuRelax();
                expected = full;
            }
            std::exception_ptr error = std::exchange(m_error, nullptr);
            m_state.store(empty, std::memory_order_release);
            std::rethrow_exception(std::move(error));
        }

    private:
        static constexpr std::uint32_t empty = 0;
        static constexpr std::uint32_t busy = 1; //!< an error is being stored or taken
        static constexpr std::uint32_t full = 2;

        std::atomic<std::uint32_t> m_state{empty};
        std::exception_ptr m_error;
    };
} // namespace alpaka::detail
