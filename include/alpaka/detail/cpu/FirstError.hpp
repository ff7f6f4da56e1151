// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! FirstError: keeps the first exception thrown by any thread of a launch, so it can be rethrown on the launching
//! thread once every thread has stopped; later blocks see failed() and are skipped.

#include <atomic>
#include <exception>

namespace alpaka::detail::cpu
{
    class FirstError
    {
    public:
        //! Call from a catch block.
        void capture() noexcept
        {
            if(!m_claimed.exchange(true, std::memory_order_acq_rel))
            {
                m_error = std::current_exception();
                m_failed.store(true, std::memory_order_release);
            }
        }

        [[nodiscard]] auto failed() const noexcept -> bool
        {
            return m_claimed.load(std::memory_order_relaxed);
        }

        //! After all threads have stopped.
        void rethrowIfAny() const
        {
            if(m_failed.load(std::memory_order_acquire))
                std::rethrow_exception(m_error);
        }

    private:
        std::atomic<bool> m_claimed{false};
        std::atomic<bool> m_failed{false};
        std::exception_ptr m_error;
    };
} // namespace alpaka::detail::cpu
