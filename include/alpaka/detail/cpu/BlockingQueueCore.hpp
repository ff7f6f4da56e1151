// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The engine of a blocking CPU queue: tasks run on the calling thread, one at a time.

#include "alpaka/detail/cpu/Mutex.hpp"
#include "alpaka/detail/cpu/Task.hpp"

#include <atomic>

namespace alpaka::detail::cpu
{
    class BlockingQueueCore final : public ICpuQueue
    {
    public:
        //! Runs task now; several threads enqueuing into one queue are serialized. Exceptions reach the caller.
        template<typename TTask>
        void run(TTask&& task)
        {
            LockGuard<RecursiveMutex> lock(m_mutex);
            m_running.fetch_add(1, std::memory_order_relaxed);
            struct Done
            {
                std::atomic<int>& running;
                ~Done()
                {
                    running.fetch_sub(1, std::memory_order_release);
                }
            } const done{m_running};
            task();
        }

        //! Blocks while another thread runs a task of this queue.
        void waitAll() override
        {
            capture().throwIfActive("alpaka::wait");
            LockGuard<RecursiveMutex> lock(m_mutex);
        }

        [[nodiscard]] auto empty() const -> bool
        {
            return m_running.load(std::memory_order_acquire) == 0;
        }

    private:
        // Recursive: a host task may enqueue further work into its own blocking queue.
        RecursiveMutex m_mutex;
        std::atomic<int> m_running{0};
    };
} // namespace alpaka::detail::cpu
