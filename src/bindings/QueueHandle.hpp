// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueHandle: the Python object of a queue. Besides the runtime queue it holds the Python objects that work still
//! in a non-blocking queue uses (buffers, NumPy arrays, callables), releasing each once its operation has run.

#include <deque>
#include <optional>
#include <utility>

#include "Buffer.hpp"
#include "Common.hpp"

namespace pyalpaka::bindings
{
    class QueueHandle
    {
    public:
        explicit QueueHandle(std::shared_ptr<rt::Queue> queue)
            : m_queue(std::move(queue))
            , m_bufferType(reinterpret_cast<PyTypeObject*>(py::type::of<Buffer>().ptr()))
            , m_numpyScalar(reinterpret_cast<PyTypeObject*>(py::module_::import("numpy").attr("generic").ptr()))
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

        //! Keeps `objects` (one object, or a tuple of them) alive until the operation submitted last has run
        //! (nothing to do on a blocking queue). Buffers ordered on this queue need no keeping: their memory's
        //! release waits for this queue's work, so dropping one right after its last launch hands the block to the
        //! next buffer of the queue at once (stream-ordered reuse). While the queue captures a graph, the graph
        //! keeps everything instead: every replay uses it.
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
            auto kept = toKeep(std::move(objects));
            if(kept)
                m_keepAlive.emplace_back(m_queue->submittedCount(), std::move(kept));
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
        //! What of `objects` (one object or a tuple of them) the queued work uses: anything but buffers ordered on
        //! this queue and values the operation copied (Python and NumPy scalars); null when nothing is left.
        [[nodiscard]] auto toKeep(py::object objects) const -> py::object
        {
            if(!PyTuple_CheckExact(objects.ptr()))
                return needsKeepingItem(objects) ? std::move(objects) : py::object();
            auto const all = py::reinterpret_borrow<py::tuple>(objects);
            std::size_t keep = 0;
            for(auto item : all)
                keep += needsKeepingItem(item) ? 1 : 0;
            if(keep == all.size())
                return objects;
            if(keep == 0)
                return {};
            py::tuple some(keep);
            std::size_t i = 0;
            for(auto item : all)
                if(needsKeepingItem(item))
                    some[i++] = item;
            return std::move(some);
        }

        [[nodiscard]] auto needsKeepingItem(py::handle item) const -> bool
        {
            auto* const type = Py_TYPE(item.ptr());
            if(type == m_bufferType)
                return !asBuffer(item)->isOrderedOn(m_queue);
            return !(
                PyLong_Check(item.ptr()) || PyFloat_Check(item.ptr()) || item.is_none()
                || PyType_IsSubtype(type, m_numpyScalar) != 0);
        }

        std::shared_ptr<rt::Queue> m_queue;
        //! The types needsKeepingItem tells apart (borrowed: both live as long as the interpreter).
        PyTypeObject* m_bufferType;
        PyTypeObject* m_numpyScalar;
        //! While capturing: the Python objects the recorded operations use.
        std::optional<py::list> m_captureKeep;
        std::deque<std::pair<std::uint64_t, py::object>> m_keepAlive;
    };
} // namespace pyalpaka::bindings
