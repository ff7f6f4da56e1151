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

        //! _core.Graph: the runtime graph and the Python objects its operations use (buffers, arrays, callables),
        //! kept as long as the graph. Empty while its capture runs.
        struct GraphHandle
        {
            std::shared_ptr<rt::Graph> graph;
            py::list keep;
            //! Why the graph cannot be launched yet, while it has no runtime graph.
            std::string pending = "the graph is still being captured: launch it after the with-block";

            [[nodiscard]] auto ready() const -> rt::Graph&
            {
                if(!graph)
                    throw std::runtime_error(pending);
                return *graph;
            }
        };

        void launchGraph(py::object const& graphObject, QueueHandle& queue)
        {
            auto& graph = graphObject.cast<GraphHandle&>().ready();
            {
                py::gil_scoped_release release;
                queue.queue().launch(graph);
            }
            queue.keepUntilDone(graphObject);
        }

        //! What Queue.capture() returns: `with q.capture() as graph:` records q's operations into graph.
        struct GraphCapture
        {
            py::object queue;
            py::object graph;
            bool used = false;
        };

        void bindGraphs(py::module_& m)
        {
            py::class_<GraphHandle, std::shared_ptr<GraphHandle>>(
                m,
                "Graph",
                "Operations a queue recorded inside `with q.capture() as graph:` (kernel launches, copies, fills, host "
                "tasks, event records and waits), replayed by graph.launch(queue) on any queue of the same device. "
                "Arguments are recorded by value: a replay uses the same buffers and scalars, and the graph keeps the "
                "buffers and arrays alive.")
                .def(
                    "launch",
                    &launchGraph,
                    py::arg("queue"),
                    "Replays the recorded operations in order on `queue` (a queue of the device the graph was captured "
                    "on), in queue order with the work around them. A blocking queue returns after the work, a "
                    "non-blocking one at once. Inside another capture the launch is recorded as one operation.")
                .def("__len__", [](GraphHandle const& g) { return g.graph ? g.graph->size() : std::size_t{0}; })
                .def_property_readonly(
                    "device",
                    [](GraphHandle const& g) { return g.ready().device(); },
                    "The device the graph was captured on.")
                .def(
                    "__repr__",
                    [](GraphHandle const& g)
                    {
                        if(!g.graph)
                            return std::string("Graph(<capturing>)");
                        return "Graph(" + describeDevice(*g.graph->device())
                               + ", nodes=" + std::to_string(g.graph->size()) + ")";
                    });

            py::class_<GraphCapture>(
                m,
                "GraphCapture",
                "The context manager of Queue.capture(): entering starts recording and gives the Graph, leaving ends "
                "the recording (if the block raises, the recording is dropped and the exception propagates).")
                .def(
                    "__enter__",
                    [](GraphCapture& c)
                    {
                        if(c.used)
                            throw std::runtime_error(
                                "a capture context can be entered once: call queue.capture() again");
                        c.used = true;
                        auto& graph = c.graph.cast<GraphHandle&>();
                        c.queue.cast<QueueHandle&>().beginCapture(graph.keep);
                        return c.graph;
                    })
                .def(
                    "__exit__",
                    [](GraphCapture& c, py::handle type, py::handle, py::handle)
                    {
                        auto& graph = c.graph.cast<GraphHandle&>();
                        auto recorded = c.queue.cast<QueueHandle&>().endCapture();
                        if(type.is_none())
                            graph.graph = std::move(recorded);
                        else
                        {
                            graph.keep = py::list();
                            graph.pending = "the capture of this graph raised an exception: nothing was recorded";
                        }
                        return false;
                    });
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
                    else if(py::isinstance<GraphHandle>(work))
                        launchGraph(work, q);
                    else if(PyCallable_Check(work.ptr()))
                        enqueueCallable(q, work);
                    else
                        throw rt::TypeMismatch(
                            "Queue.enqueue takes an Event, a Graph or a callable (a host task), got "
                            + py::repr(work).cast<std::string>());
                },
                py::arg("work"),
                "Enqueues an Event (recording it), a Graph (replaying it: graph.launch(queue)) or a callable without "
                "arguments, run on the host in queue order. "
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
                "True when all enqueued work has completed. Exact once the last operation's completion can be "
                "seen: after wait(), and once an Event recorded last is complete (ev.wait() returned or "
                "ev.is_complete is True). While other threads enqueue, a snapshot.")
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
            .def(
                "capture",
                [](py::object self)
                {
                    auto graph = std::make_shared<GraphHandle>();
                    return GraphCapture{std::move(self), py::cast(graph)};
                },
                "`with q.capture() as graph:` records the operations enqueued into q inside the block instead of "
                "running them; graph.launch(q) replays them. q must have no work in flight; waiting for q inside "
                "the block raises RuntimeError.")
            .def_property_readonly(
                "capturing",
                [](QueueHandle const& q) { return q.queue().capturing(); },
                "Whether the queue records its operations into a graph.")
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
        bindGraphs(m);
    }
} // namespace pyalpaka::bindings
