// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Launch graphs: record a queue's work once, replay it many times.
//!
//!     alpaka::beginCapture(queue);              // the queue must be idle; from now on work is recorded, not run
//!     alpaka::exec<Acc>(queue, workDiv, Step{}, ...);  alpaka::memcpy(queue, dst, src);  ...
//!     auto graph = alpaka::endCapture(queue);   // alpaka::Graph<Queue>
//!     for(int step = 0; step < n; ++step)
//!         alpaka::enqueue(queue, graph);        // replays every recorded task, in order, with the work around it
//!
//! Everything a queue accepts is recorded: kernel launches, copies, memsets, host tasks, event records and event
//! waits, and graph launches (as one child node). Arguments are recorded by value, as in CUDA graphs: a kernel
//! replays with the pointers and scalars it was enqueued with, so the buffers must outlive the graph's launches.
//! A graph replays on any queue of the device it was captured on (blocking or not). While a queue captures, waiting
//! for it (wait(queue), wait(dev)) throws, and beginCapture on a queue with work in flight throws; the queue stays
//! usable after either error. On the CPU back-ends a replay runs the recorded tasks in one go (one virtual call per
//! node, no allocation); on CUDA/HIP capture is the runtime's stream capture and a replay one cudaGraphLaunch.
//!
//! A back-end's queue supports graphs by specializing trait::GraphType, trait::BeginCapture, trait::EndCapture,
//! trait::IsCapturing, and trait::Enqueue for its graph type; a graph type specializes trait::GetNodeCount.

#include "alpaka/core/Common.hpp"
#include "alpaka/queue/Traits.hpp"

#include <cstddef>
#include <exception>
#include <utility>

namespace alpaka
{
    namespace trait
    {
        //! The graph type a queue captures into.
        template<typename TQueue, typename TSfinae = void>
        struct GraphType;

        //! Static beginCapture(queue): from now on the queue records its work instead of running it.
        template<typename TQueue, typename TSfinae = void>
        struct BeginCapture;

        //! Static endCapture(queue) -> Graph<TQueue>: stops recording and returns the recorded work.
        template<typename TQueue, typename TSfinae = void>
        struct EndCapture;

        //! Static isCapturing(queue) -> bool.
        template<typename TQueue, typename TSfinae = void>
        struct IsCapturing;

        //! Static getNodeCount(graph) -> std::size_t: the number of recorded operations.
        template<typename TGraph, typename TSfinae = void>
        struct GetNodeCount;
    } // namespace trait

    //! The graph type a queue of type TQueue captures into; enqueue(queue, graph) replays it.
    template<typename TQueue>
    using Graph = typename trait::GraphType<TQueue>::type;

    //! Starts recording the work enqueued into queue. Throws if the queue has work in flight or already captures.
    template<typename TQueue>
    ALPAKA_FN_HOST auto beginCapture(TQueue& queue) -> void
    {
        trait::BeginCapture<TQueue>::beginCapture(queue);
    }

    //! Stops recording and returns the graph of the work enqueued since beginCapture. Throws if not capturing.
    template<typename TQueue>
    [[nodiscard]] ALPAKA_FN_HOST auto endCapture(TQueue& queue) -> Graph<TQueue>
    {
        return trait::EndCapture<TQueue>::endCapture(queue);
    }

    //! Whether queue records its work into a graph.
    template<typename TQueue>
    [[nodiscard]] ALPAKA_FN_HOST auto isCapturing(TQueue const& queue) -> bool
    {
        return trait::IsCapturing<TQueue>::isCapturing(queue);
    }

    //! The number of operations graph replays (a child graph counts as one).
    template<typename TGraph>
    [[nodiscard]] ALPAKA_FN_HOST auto getNodeCount(TGraph const& graph) -> std::size_t
    {
        return trait::GetNodeCount<TGraph>::getNodeCount(graph);
    }

    //! Records what record() enqueues into queue and returns the graph. If record throws, the capture ends, what it
    //! recorded is dropped and the exception propagates: the queue is usable again.
    template<typename TQueue, typename TRecord>
    [[nodiscard]] ALPAKA_FN_HOST auto captureGraph(TQueue& queue, TRecord&& record) -> Graph<TQueue>
    {
        beginCapture(queue);
        try
        {
            std::forward<TRecord>(record)();
        }
        catch(...)
        {
            static_cast<void>(endCapture(queue));
            throw;
        }
        return endCapture(queue);
    }
} // namespace alpaka
