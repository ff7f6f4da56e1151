// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The engine of a blocking CPU queue: tasks run on the calling thread, one at a time.

#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/detail/sys/Mutex.hpp"

#include <atomic>

namespace alpaka::detail::cpu
{
    class BlockingQueueCore final : public ICpuQueue
    {
    public:
        BlockingQueueCore()
            : ICpuQueue("blocking queue")
        {
        }

        //! Runs task now; several threads enqueuing into one queue are serialized. Exceptions reach the caller.
        template<typename TTask>
        void run(TTask&& task)
        {
            Running const running(*this);
            task();
        }

        //! run(), traced as trace::describe(task) says when tracing is on.
        template<typename TTask>
        void runDescribed(TTask&& task)
        {
            if(trace::enabled())
                runTraced(task, trace::describe(task));
            else
                run(task);
        }

        //! run() of work the queue itself does (an event's record or wait, a graph launch), traced under `name`.
        template<typename TTask>
        void runAs(trace::Op op, char const* name, TTask&& task)
        {
            if(trace::enabled())
                runTraced(task, trace::Description{op, name});
            else
                run(task);
        }

        //! run() with a trace record of the task's time (tracing is on).
        template<typename TTask>
        void runTraced(TTask&& task, trace::Description const& what)
        {
            Running const running(*this);
            Timed const timed{what, traceTrack(), trace::now()};
            task();
        }

        //! Blocks while another thread runs a task of this queue.
        void waitAll() override
        {
            capture().throwIfActive("alpaka::wait");
            sys::LockGuard<sys::RecursiveMutex> lock(m_mutex);
        }

        [[nodiscard]] auto empty() const -> bool
        {
            return m_running.load(std::memory_order_acquire) == 0;
        }

    private:
        //! Records the span of a task when it ends, also when it throws.
        struct Timed
        {
            trace::Description const& what;
            trace::Track const& track;
            std::int64_t begin;

            ~Timed()
            {
                trace::recordSpan(what, &track, begin);
            }
        };

        //! Holds the queue's lock and counts a running task while a task runs. A class of its own, not a local one
        //! of run(): that would be compiled again for every task type.
        class Running
        {
        public:
            explicit Running(BlockingQueueCore& queue)
                : m_lock(queue.m_mutex)
                , m_running(queue.m_running)
            {
                m_running.fetch_add(1, std::memory_order_relaxed);
            }

            Running(Running const&) = delete;
            auto operator=(Running const&) -> Running& = delete;

            ~Running()
            {
                m_running.fetch_sub(1, std::memory_order_release);
            }

        private:
            sys::LockGuard<sys::RecursiveMutex> m_lock;
            std::atomic<int>& m_running;
        };

        // Recursive: a host task may enqueue further work into its own blocking queue.
        sys::RecursiveMutex m_mutex;
        std::atomic<int> m_running{0};
    };
} // namespace alpaka::detail::cpu
