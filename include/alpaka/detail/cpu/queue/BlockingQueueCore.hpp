// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The engine of a blocking CPU queue: tasks run on the calling thread, one at a time.

#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/detail/sys/Mutex.hpp"

#include <atomic>
#include <memory>
#include <utility>

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
        //! While tracing is on, the task's time is recorded as `describer` describes it.
        template<typename TTask>
        void run(TTask&& task, trace::Describer describer = nullptr)
        {
            Running const running(*this);
            Traced const traced(trace::Pending(describer, trace::taskAddress(task)), traceTrack());
            task();
        }

        //! run() with a description of the caller's (the Python runtime's), tracing on.
        template<typename TTask>
        void runTraced(TTask&& task, trace::Description const& what)
        {
            Running const running(*this);
            Traced const traced(trace::Pending(what), traceTrack());
            task();
        }

        //! run() of a task that signals the completion of the work before it, such as an event's enqueue: the
        //! queue stops counting the task as running before `signal` runs, so that another thread that sees the
        //! signal finds empty() true when nothing else runs (the count used to drop only after the task, when the
        //! signal was already observable). The lock is held to the end: waitAll() still waits for it.
        template<typename TFn>
        void runSignal(TFn&& signal, trace::Describer describer = nullptr)
        {
            Running running(*this);
            Traced const traced(trace::Pending(describer, trace::taskAddress(signal)), traceTrack());
            running.finish();
            signal();
        }

        //! Blocks while another thread runs a task of this queue.
        void waitAll() override
        {
            capture().throwIfActive("alpaka::wait");
            sys::LockGuard<sys::RecursiveMutex> lock(m_mutex);
        }

        [[nodiscard]] auto empty() const -> bool override
        {
            return m_running.load(std::memory_order_acquire) == 0;
        }

    private:
        //! Records the span of a task when it ends, also when it throws; nothing when tracing was off. Not a
        //! template: compiled once, whatever the number of task types.
        class Traced
        {
        public:
            Traced(trace::Pending what, trace::Track const& track)
                : m_what(std::move(what))
                , m_track(track)
                , m_begin(m_what ? trace::now() : 0)
            {
            }

            Traced(Traced const&) = delete;
            auto operator=(Traced const&) -> Traced& = delete;

            ~Traced()
            {
                if(m_what)
                    trace::recordSpan(*m_what, &m_track, m_begin);
            }

        private:
            trace::Pending m_what;
            trace::Track const& m_track;
            std::int64_t m_begin;
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
                finish();
            }

            //! Stops counting the task as running; the lock stays held until the destructor.
            void finish() noexcept
            {
                if(m_counted)
                    m_running.fetch_sub(1, std::memory_order_release);
                m_counted = false;
            }

        private:
            sys::LockGuard<sys::RecursiveMutex> m_lock;
            std::atomic<int>& m_running;
            bool m_counted = true;
        };

        // Recursive: a host task may enqueue further work into its own blocking queue.
        sys::RecursiveMutex m_mutex;
        std::atomic<int> m_running{0};
    };
} // namespace alpaka::detail::cpu
