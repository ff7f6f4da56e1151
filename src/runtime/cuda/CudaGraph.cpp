// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Graphs of a CudaQueue: stream capture (beginCapture / endCapture), the instantiated CudaGraph, and its replay on
//! a queue, also inside another capture (as a child graph node). Host tasks recorded into a graph run at every replay
//! and report their first exception to the replaying queue's next wait.

#include <algorithm>
#include <utility>

#include "CudaRuntime.hpp"
#include "runtime/Errors.hpp"

namespace pyalpaka::rt::cuda
{
    void CudaQueue::beginCapture()
    {
        if(capturing())
            throw std::runtime_error("Queue.capture: the queue is already capturing a graph");
        if(!empty())
            throw std::runtime_error(
                "Queue.capture: the queue still has work in flight; wait for it before capturing, so that the graph "
                "records only the work enqueued inside the capture");
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuStreamBeginCapture_v2, m_stream, CU_STREAM_CAPTURE_MODE_RELAXED);
        m_capture = std::make_unique<CaptureRecord>();
    }

    auto CudaQueue::endCapture() -> std::shared_ptr<Graph>
    {
        if(!capturing())
            throw std::runtime_error("the queue is not capturing a graph");
        auto record = std::move(*m_capture);
        m_capture.reset(); // also when the driver reports the capture invalidated: the queue is usable again
        ContextScope scope(m_device->context());
        CUgraph graph = nullptr;
        PYALPAKA_CU_CHECK(cuStreamEndCapture, m_stream, &graph);
        return std::make_shared<CudaGraph>(m_device, graph, std::move(record));
    }

    void CudaQueue::launch(Graph& graph)
    {
        auto* cuda = dynamic_cast<CudaGraph*>(&graph);
        if(cuda == nullptr || !isSameDevice(*graph.device(), *m_device))
            throw TypeMismatch(
                "a graph captured on " + graph.device()->name() + " (" + graph.device()->backend().name()
                + ") cannot be launched on a queue of " + m_device->name()
                + " (cuda): launch it on a queue of the device it was captured on");
        if(capturing())
        {
            addChildGraph(*cuda);
            m_capture->children.push_back(cuda->shared_from_this());
            return;
        }
        submit(
            [&](CUstream stream) { PYALPAKA_CU_CHECK(cuGraphLaunch, cuda->exec(), stream); },
            [&]
            {
                return alpaka::trace::Description{
                    alpaka::trace::Op::GraphLaunch, "graph launch", std::to_string(graph.size()) + " operations"};
            });
        if(cuda->hasHostTasks())
            // Reports what the replay's host nodes raised, at this queue's next wait (or now, if it is blocking).
            enqueueHostTask([replayed = cuda->shared_from_this()] { replayed->rethrowHostTaskErrors(); });
    }

    //! The driver refuses cuGraphLaunch on a capturing stream: the graph joins the capture as one child graph node
    //! after the capture's current dependencies, and becomes the dependency of what is captured next.
    void CudaQueue::addChildGraph(CudaGraph const& child)
    {
        ContextScope scope(m_device->context());
        int status = 0;
        unsigned long long id = 0;
        CUgraph captured = nullptr;
        CUgraphNode const* dependencies = nullptr;
        void const* edgeData = nullptr;
        std::size_t count = 0;
        PYALPAKA_CU_CHECK(
            cuStreamGetCaptureInfo_v3, m_stream, &status, &id, &captured, &dependencies, &edgeData, &count);
        CUgraphNode node = nullptr;
        PYALPAKA_CU_CHECK(cuGraphAddChildGraphNode, &node, captured, dependencies, count, child.graph());
        PYALPAKA_CU_CHECK(
            cuStreamUpdateCaptureDependencies_v2, m_stream, &node, nullptr, 1, CU_STREAM_SET_CAPTURE_DEPENDENCIES);
    }

    auto CudaGraph::hasHostTasks() const -> bool
    {
        return !m_record.hostTasks.empty()
               || std::any_of(
                   m_record.children.begin(),
                   m_record.children.end(),
                   [](auto const& child) { return child->hasHostTasks(); });
    }

    void CudaGraph::rethrowHostTaskErrors() const
    {
        m_record.errors->rethrowAndClear();
        for(auto const& child : m_record.children)
            child->rethrowHostTaskErrors();
    }

    CudaGraph::CudaGraph(std::shared_ptr<CudaDevice> device, CUgraph graph, CaptureRecord record)
        : m_device(std::move(device))
        , m_graph(graph)
        , m_record(std::move(record))
    {
        ContextScope scope(m_device->context());
        CUresult status = driver().cuGraphInstantiateWithFlags(&m_exec, m_graph, 0);
        if(status == CUDA_SUCCESS)
            status = driver().cuGraphGetNodes(m_graph, nullptr, &m_nodeCount);
        if(status != CUDA_SUCCESS)
        {
            if(m_exec != nullptr)
                (void)driver().cuGraphExecDestroy(m_exec);
            (void)driver().cuGraphDestroy(m_graph);
            check(status, "cuGraphInstantiateWithFlags");
        }
    }

    CudaGraph::~CudaGraph()
    {
        ContextScope const scope(m_device->context(), std::nothrow);
        if(!scope.entered())
            return;
        (void)driver().cuGraphExecDestroy(m_exec); // the driver frees it after launches still in flight
        (void)driver().cuGraphDestroy(m_graph);
    }

    auto CudaGraph::device() const -> std::shared_ptr<Device>
    {
        return m_device;
    }
} // namespace pyalpaka::rt::cuda
