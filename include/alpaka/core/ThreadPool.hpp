// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::detail::ThreadPool (upstream's public helper): a fixed number of worker threads that take tasks in
//! submission order (first in, first out; tasks run concurrently on different workers). enqueueTask(f, args...)
//! returns a std::future<void> that becomes ready when f(args...) ran (and carries an exception it threw); the
//! destructor runs what is still queued, then joins. Idle workers sleep on a condition variable rather than spin. The
//! library's CPU back-ends use their own pools (detail/cpu); this one is for code written against upstream's core
//! headers.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

namespace alpaka::core::detail
{
    class ThreadPool final
    {
    public:
        using Task = std::packaged_task<void()>;

        //! threadCount >= 1 workers; std::invalid_argument otherwise.
        explicit ThreadPool(std::size_t threadCount)
        {
            if(threadCount < 1)
                throw std::invalid_argument("ThreadPool: threadCount must be at least 1, got 0");
            m_workers.reserve(threadCount);
            for(std::size_t i = 0; i < threadCount; ++i)
                m_workers.emplace_back([this] { work(); });
        }

        ThreadPool(ThreadPool const&) = delete;
        auto operator=(ThreadPool const&) -> ThreadPool& = delete;

        ~ThreadPool()
        {
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_stopping = true;
            }
            m_wake.notify_all();
            for(auto& worker : m_workers)
                worker.join();
        }

        //! Runs task(args...) on a worker; the arguments are copied (move-only ones: capture them in the task).
        template<typename TFnObj, typename... TArgs>
        auto enqueueTask(TFnObj&& task, TArgs&&... args) -> std::future<void>
        {
            return submit(Task(
                [fn = std::forward<TFnObj>(task), arguments = std::make_tuple(std::forward<TArgs>(args)...)]() mutable
                { std::apply([&](auto&... a) { static_cast<void>(fn(a...)); }, arguments); }));
        }

        //! Runs a packaged task on a worker; its future is the one returned.
        auto submit(Task&& task) -> std::future<void>
        {
            auto done = task.get_future();
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_tasks.push_back(std::move(task));
            }
            m_wake.notify_one();
            return done;
        }

        //! Tasks submitted and not yet started.
        [[nodiscard]] auto queuedTaskCount() const -> std::size_t
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            return m_tasks.size();
        }

        [[nodiscard]] auto threadCount() const noexcept -> std::size_t
        {
            return m_workers.size();
        }

    private:
        void work()
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            for(;;)
            {
                m_wake.wait(lock, [this] { return m_stopping || !m_tasks.empty(); });
                if(m_tasks.empty())
                    return; // stopping, and nothing left to run
                Task task = std::move(m_tasks.front());
                m_tasks.pop_front();
                lock.unlock();
                task();
                lock.lock();
            }
        }

        mutable std::mutex m_mutex;
        std::condition_variable m_wake;
        std::deque<Task> m_tasks;
        bool m_stopping = false;
        std::vector<std::thread> m_workers;
    };
} // namespace alpaka::core::detail
