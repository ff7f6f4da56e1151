// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueHandle: the Python object of a queue. Besides the runtime queue it holds the Python objects that work still
//! in a non-blocking queue uses (buffers, NumPy arrays, callables), releasing each once its operation has run.

#include <deque>
#include <optional>
#include <utility>

#include "Common.hpp"

namespace pyalpaka::bindings
{
    class QueueHandle
    {
    public:
        explicit QueueHandle(std::shared_ptr<rt::Queue> queue)
            : m_queue(std::move(queue))
        {
        }

        QueueHandle(QueueHandle const&) = delete;
        auto operator=(QueueHandle const&) -> QueueHandle& = delete;

        ~QueueHandle()
        {
            {
                py::gil_scoped_release release;
                m_queue.reset(); // waits for the queue's work
            }
            m_keepAlive.clear();
        }

        [[nodiscard]] auto queue() const -> rt::Queue&
        {
            return *m_queue;
        }

        [[nodiscard]] auto shared() const -> std::shared_ptr<rt::Queue> const&
        {
            return m_queue;
        }

        //! Keeps `objects` alive until the operation submitted last has run (nothing to do on a blocking queue).
        //! While the queue captures a graph, the graph keeps them instead: every replay uses them.
        void keepUntilDone(py::object objects)
        {
            if(m_captureKeep)
            {
                m_captureKeep->append(std::move(objects));
                return;
            }
            if(m_queue->blocking())
                return;
            release();
            m_keepAlive.emplace_back(m_queue->submittedCount(), std::move(objects));
        }

        //! Drops what finished operations used.
        void release()
        {
            auto const done = m_queue->completedCount();
            while(!m_keepAlive.empty() && m_keepAlive.front().first <= done)
                m_keepAlive.pop_front();
        }

        void wait()
        {
            {
                py::gil_scoped_release release;
                m_queue->wait();
            }
            release();
        }

        //! Starts recording; what recorded operations use collects in `keep` (the graph's list).
        void beginCapture(py::list keep)
        {
            {
                py::gil_scoped_release release;
                m_queue->beginCapture();
            }
            m_captureKeep = std::move(keep);
        }

        auto endCapture() -> std::shared_ptr<rt::Graph>
        {
            m_captureKeep.reset();
            py::gil_scoped_release release;
            return m_queue->endCapture();
        }

    private:
        std::shared_ptr<rt::Queue> m_queue;
        //! While capturing: the Python objects the recorded operations use.
        std::optional<py::list> m_captureKeep;
        std::deque<std::pair<std::uint64_t, py::object>> m_keepAlive;
    };
} // namespace pyalpaka::bindings
