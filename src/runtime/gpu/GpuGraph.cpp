// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Graphs of a GpuQueue: stream capture (beginCapture / endCapture), the instantiated GpuGraph, and its replay on
//! a queue, also inside another capture (as a child graph node). Host tasks recorded into a graph run at every replay
//! and report their first exception to the replaying queue's next wait.

#include <algorithm>
#include <utility>

#include "GpuRuntime.hpp"
#include "runtime/Errors.hpp"

namespace pyalpaka::rt::gpu
{
    void GpuQueue::beginCapture()
    {
        if(capturing())
            throw std::runtime_error("Queue.capture: the queue is already capturing a graph");
        if(!empty())
            throw std::runtime_error(
                "Queue.capture: the queue still has work in flight; wait for it before capturing, so that the graph "
                "records only the work enqueued inside the capture");
        ContextScope scope(api(), m_device->context());
        PYALPAKA_GPU_CHECK(api(), streamBeginCapture, m_stream, streamCaptureModeRelaxed);
        m_capture = std::make_unique<CaptureRecord>();
    }

    auto GpuQueue::endCapture() -> std::shared_ptr<Graph>
    {
        if(!capturing())
            throw std::runtime_error("the queue is not capturing a graph");
        auto record = std::move(*m_capture);
        m_capture.reset(); // also when the driver reports the capture invalidated: the queue is usable again
        ContextScope scope(api(), m_device->context());
        GraphHandle graph = nullptr;
        PYALPAKA_GPU_CHECK(api(), streamEndCapture, m_stream, &graph);
        return std::make_shared<GpuGraph>(m_device, graph, std::move(record));
    }

    void GpuQueue::launch(Graph& graph)
    {
        auto* gpu = dynamic_cast<GpuGraph*>(&graph);
        if(gpu == nullptr || !isSameDevice(*graph.device(), *m_device))
            throw TypeMismatch(
                "a graph captured on " + graph.device()->name() + " (" + graph.device()->backend().name()
                + ") cannot be launched on a queue of " + m_device->describe()
                + ": launch it on a queue of the device it was captured on");
        if(capturing())
        {
            addChildGraph(*gpu);
            m_capture->children.push_back(gpu->shared_from_this());
            return;
        }
        submit(
            [&](StreamHandle stream) { PYALPAKA_GPU_CHECK(api(), graphLaunch, gpu->exec(), stream); },
            [&]
            {
                return alpaka::trace::Description{
                    alpaka::trace::Op::GraphLaunch, "graph launch", std::to_string(graph.size()) + " operations"};
            });
        if(gpu->hasHostTasks())
            // Reports what the replay's host nodes raised, at this queue's next wait (or now, if it is blocking).
            enqueueHostTask([replayed = gpu->shared_from_this()] { replayed->rethrowHostTaskErrors(); });
    }

    //! The driver refuses cuGraphLaunch on a capturing stream: the graph joins the capture as one child graph node
    //! after the capture's current dependencies, and becomes the dependency of what is captured next.
    void GpuQueue::addChildGraph(GpuGraph const& child)
    {
        ContextScope scope(api(), m_device->context());
        int status = 0;
        unsigned long long id = 0;
        GraphHandle captured = nullptr;
        GraphNodeHandle const* dependencies = nullptr;
        void const* edgeData = nullptr;
        std::size_t count = 0;
        PYALPAKA_GPU_CHECK(
            api(), streamGetCaptureInfo, m_stream, &status, &id, &captured, &dependencies, &edgeData, &count);
        GraphNodeHandle node = nullptr;
        PYALPAKA_GPU_CHECK(api(), graphAddChildGraphNode, &node, captured, dependencies, count, child.graph());
        PYALPAKA_GPU_CHECK(
            api(), streamUpdateCaptureDependencies, m_stream, &node, nullptr, 1, streamSetCaptureDependencies);
    }

    auto GpuGraph::hasHostTasks() const -> bool
    {
        return !m_record.hostTasks.empty()
               || std::any_of(
                   m_record.children.begin(),
                   m_record.children.end(),
                   [](auto const& child) { return child->hasHostTasks(); });
    }

    void GpuGraph::rethrowHostTaskErrors() const
    {
        m_record.errors->rethrowAndClear();
        for(auto const& child : m_record.children)
            child->rethrowHostTaskErrors();
    }

    GpuGraph::GpuGraph(std::shared_ptr<GpuDevice> device, GraphHandle graph, CaptureRecord record)
        : m_device(std::move(device))
        , m_graph(graph)
        , m_record(std::move(record))
    {
        ContextScope scope(api(), m_device->context());
        Result status = api().graphInstantiateWithFlags(&m_exec, m_graph, 0);
        if(status == success)
            status = api().graphGetNodes(m_graph, nullptr, &m_nodeCount);
        if(status != success)
        {
            if(m_exec != nullptr)
                (void)api().graphExecDestroy(m_exec);
            (void)api().graphDestroy(m_graph);
            check(api(), status, api().graphInstantiateWithFlags.symbol);
        }
    }

    GpuGraph::~GpuGraph()
    {
        ContextScope const scope(api(), m_device->context(), std::nothrow);
        if(!scope.entered())
            return;
        (void)api().graphExecDestroy(m_exec); // the driver frees it after launches still in flight
        (void)api().graphDestroy(m_graph);
    }

    auto GpuGraph::device() const -> std::shared_ptr<Device>
    {
        return m_device;
    }
} // namespace pyalpaka::rt::gpu
