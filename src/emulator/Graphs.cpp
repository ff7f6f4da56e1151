// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The emulated GPU's stream capture and graphs (Emulator.hpp): a capturing stream records its operations as nodes
//! instead of queuing them; launching a graph queues its nodes as one operation, in the order they were captured (a
//! valid order of any graph a single stream captured), with the generations of its external event records and waits
//! taken at the launch, as separate record and wait calls would take them.

#include <utility>

#include "Emulator.hpp"

namespace pyalpaka::emulator
{
    namespace
    {
        //! The operations a graph launch runs, in order, with the event generations of this launch.
        void flatten(Graph const& graph, std::vector<std::function<void()>>& out)
        {
            for(auto const& node : graph.nodes)
                switch(node.kind)
                {
                    case Node::Kind::Work:
                        out.push_back(node.work);
                        break;
                    case Node::Kind::Record:
                    {
                        std::lock_guard lock(node.event->mutex);
                        out.push_back(node.event->completer(++node.event->recorded));
                        break;
                    }
                    case Node::Kind::Wait:
                    {
                        std::lock_guard lock(node.event->mutex);
                        out.push_back(node.event->waiter(node.event->recorded));
                        break;
                    }
                    case Node::Kind::Child:
                        flatten(*node.child, out);
                        break;
                }
        }
    } // namespace
} // namespace pyalpaka::emulator

using namespace pyalpaka::emulator;

PYALPAKA_EMULATOR_EXPORT Result cuStreamBeginCapture_v2(void* handle, int mode)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr)
        return fail(InvalidHandle, "cuStreamBeginCapture: not a live stream");
    if(stream->capture != nullptr || mode != 2) // CU_STREAM_CAPTURE_MODE_RELAXED, what pyalpaka uses
        return fail(InvalidValue, "cuStreamBeginCapture: already capturing, or a mode other than relaxed");
    stream->capture = new Graph{};
    stream->captureInvalidated = false;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamEndCapture(void* handle, Graph** graph)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || stream->capture == nullptr || graph == nullptr)
        return fail(InvalidHandle, "cuStreamEndCapture: not a capturing stream");
    Graph* captured = std::exchange(stream->capture, nullptr);
    if(stream->captureInvalidated)
    {
        delete captured;
        *graph = nullptr;
        return fail(CaptureInvalidated, "the capture was invalidated by a synchronization with the stream");
    }
    *graph = captured;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamGetCaptureInfo_v3(
    void* handle,
    int* status,
    unsigned long long* id,
    Graph** graph,
    void const** dependencies,
    void const** edgeData,
    std::size_t* count)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || status == nullptr)
        return fail(InvalidHandle, "cuStreamGetCaptureInfo: not a live stream");
    *status = stream->capture != nullptr ? 1 : 0; // CU_STREAM_CAPTURE_STATUS_ACTIVE
    if(id != nullptr)
        *id = reinterpret_cast<std::uintptr_t>(stream->capture);
    if(graph != nullptr)
        *graph = stream->capture;
    // The nodes run in the order they were captured: no dependencies to report.
    if(dependencies != nullptr)
        *dependencies = nullptr;
    if(edgeData != nullptr)
        *edgeData = nullptr;
    if(count != nullptr)
        *count = 0;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result
cuGraphAddChildGraphNode(void** node, Graph* graph, void const* dependencies, std::size_t count, Graph* child)
{
    (void)dependencies, (void)count;
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(node == nullptr || graph == nullptr || child == nullptr)
        return InvalidValue;
    *node = child;
    return recordNode(*graph, Node{Node::Kind::Child, {}, nullptr, child});
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamUpdateCaptureDependencies_v2(
    void* handle, void** dependencies, void const* edgeData, std::size_t count, unsigned flags)
{
    (void)edgeData;
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || stream->capture == nullptr || flags != 1 || (count != 0 && dependencies == nullptr))
        return fail(InvalidValue, "cuStreamUpdateCaptureDependencies: not a capturing stream, or bad arguments");
    return Success;
}

//! The executable graph is the graph itself (the caller keeps both until both are destroyed).
PYALPAKA_EMULATOR_EXPORT Result cuGraphInstantiateWithFlags(Graph** exec, Graph* graph, unsigned long long flags)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(exec == nullptr || graph == nullptr || flags != 0)
        return InvalidValue;
    *exec = graph;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuGraphGetNodes(Graph* graph, void** nodes, std::size_t* count)
{
    if(graph == nullptr || nodes != nullptr || count == nullptr)
        return InvalidValue;
    *count = graph->nodes.size();
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuGraphLaunch(Graph* exec, void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(exec == nullptr || stream == nullptr)
        return fail(InvalidHandle, "cuGraphLaunch: not a graph or not a live stream");
    if(stream->capture != nullptr)
        return refuseWhileCapturing(*stream);
    std::vector<std::function<void()>> operations;
    flatten(*exec, operations);
    stream->enqueue(
        [operations = std::move(operations)]
        {
            for(auto const& operation : operations)
                operation();
        });
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuGraphExecDestroy(Graph* exec)
{
    return exec != nullptr ? Success : InvalidHandle;
}

//! Launches queued earlier hold their own copies of the nodes' operations, so the graph can go at once.
PYALPAKA_EMULATOR_EXPORT Result cuGraphDestroy(Graph* graph)
{
    if(graph == nullptr)
        return InvalidHandle;
    delete graph;
    return Success;
}
