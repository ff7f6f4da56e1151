// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::CallbackThread (upstream's public helper): one worker thread that runs submitted tasks one after another,
//! in submission order. submit() returns a std::future that becomes ready when the task ran (and carries an exception
//! the task threw); the thread starts with the first task; destruction runs what is still queued, then joins. It is a
//! core::detail::ThreadPool of one thread, made on first use. The library's own queues do not use it (they have
//! their own workers); it is here for code written against upstream's core headers.

#include "alpaka/core/ThreadPool.hpp"

#include <cstddef>
#include <future>
#include <mutex>
#include <optional>
#include <utility>

namespace alpaka::core
{
    class CallbackThread
    {
        using Task = detail::ThreadPool::Task;

    public:
        auto submit(Task&& task) -> std::future<void>
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if(!m_worker)
                m_worker.emplace(1u);
            return m_worker->submit(std::move(task));
        }

        //! Any callable without arguments (its result is dropped).
        template<typename TCallable>
        auto submit(TCallable&& callable) -> std::future<void>
        {
            return submit(Task([c = std::forward<TCallable>(callable)]() mutable { static_cast<void>(c()); }));
        }

        //! Tasks submitted and not yet started.
        [[nodiscard]] auto taskCount() const -> std::size_t
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            return m_worker ? m_worker->queuedTaskCount() : 0u;
        }

    private:
        mutable std::mutex m_mutex;
        std::optional<detail::ThreadPool> m_worker;
    };
} // namespace alpaka::core
