// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.Queue and _core.Event.

#include "Common.hpp"
#include "QueueHandle.hpp"

namespace pyalpaka::bindings
{
    namespace
    {

        void enqueueCallable(QueueHandle& handle, py::object const& callable)
        {
            auto held = holdWithGil(callable);
            {
                py::gil_scoped_release release;
                handle.queue().enqueueHostTask(
                    [held]
                    {
                        py::gil_scoped_acquire gil;
                        (*held)();
                    });
            }
            handle.keepUntilDone(callable);
        }
    } // namespace

    void bindQueues(py::module_& m)
    {
        py::class_<rt::Event, std::shared_ptr<rt::Event>>(
            m,
            "Event",
            "A marker in a queue: queue.enqueue(event) records it, event.wait() waits until the queue reached it.")
            .def(py::init([](std::shared_ptr<rt::Device> const& dev) { return dev->makeEvent(); }), py::arg("device"))
            .def_property_readonly("device", &rt::Event::device, "The device the event belongs to.")
            .def(
                "wait",
                [](rt::Event& e)
                {
                    py::gil_scoped_release release;
                    e.wait();
                },
                "Waits until the queue that recorded the event last has reached it.")
            .def_property_readonly(
                "is_complete",
                &rt::Event::isComplete,
                "Whether the event was reached (True for an event never recorded).")
            .def(
                "__repr__",
                [](rt::Event const& e) {
                    return "Event(" + describeDevice(*e.device()) + ", complete=" + (e.isComplete() ? "True" : "False")
                           + ")";
                });

        py::class_<QueueHandle>(
            m,
            "Queue",
            "An in-order queue of a device. Blocking queues run each operation before enqueue returns; non-blocking "
            "ones run them in order on a worker. `with Queue(dev) as q:` waits for the queue on exit.")
            .def(
                py::init([](std::shared_ptr<rt::Device> const& dev, bool blocking)
                         { return std::make_unique<QueueHandle>(dev->makeQueue(blocking)); }),
                py::arg("device"),
                py::arg("blocking") = false)
            .def_property_readonly(
                "device", [](QueueHandle const& q) { return q.queue().device(); }, "The queue's device.")
            .def_property_readonly(
                "blocking",
                [](QueueHandle const& q) { return q.queue().blocking(); },
                "Whether operations complete before enqueue returns.")
            .def(
                "enqueue",
                [](QueueHandle& q, py::object const& work)
                {
                    if(py::isinstance<rt::Event>(work))
                    {
                        auto& event = work.cast<rt::Event&>();
                        py::gil_scoped_release release;
                        q.queue().record(event);
                    }
                    else if(PyCallable_Check(work.ptr()))
                        enqueueCallable(q, work);
                    else
                        throw rt::TypeMismatch(
                            "Queue.enqueue takes an Event or a callable (a host task), got "
                            + py::repr(work).cast<std::string>());
                },
                py::arg("work"),
                "Enqueues an Event (recording it) or a callable without arguments, run on the host in queue order. "
                "An exception the callable raises is raised again by the next wait() (on a blocking queue, where the "
                "callable runs before enqueue returns, by enqueue itself).")
            .def(
                "wait",
                &QueueHandle::wait,
                "Waits for all enqueued work; raises the first error an operation raised since the last wait.")
            .def_property_readonly(
                "empty",
                [](QueueHandle& q)
                {
                    bool const empty = q.queue().empty();
                    if(empty)
                        q.release();
                    return empty;
                },
                "True when all enqueued work has completed.")
            .def(
                "wait_for",
                [](QueueHandle& q, rt::Event& event)
                {
                    py::gil_scoped_release release;
                    q.queue().waitFor(event);
                },
                py::arg("event"),
                "Makes work enqueued later wait until `event` is reached. A non-blocking queue goes on at once; a "
                "blocking one, whose work runs in the calling thread, waits for the event before returning.")
            .def("__enter__", [](py::object self) { return self; })
            .def(
                "__exit__",
                [](QueueHandle& q, py::handle type, py::handle, py::handle)
                {
                    // With an exception in flight, still wait (work may use the with-block's objects) but let the
                    // original exception through rather than one the queue raises.
                    if(type.is_none())
                        q.wait();
                    else
                    {
                        try
                        {
                            q.wait();
                        }
                        catch(...)
                        {
                        }
                    }
                    return false;
                })
            .def(
                "__repr__",
                [](QueueHandle const& q)
                {
                    return "Queue(" + describeDevice(*q.queue().device())
                           + ", blocking=" + (q.queue().blocking() ? "True" : "False") + ")";
                });
    }
} // namespace pyalpaka::bindings
