// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! GraphGenericThreads<TDev>: the graph of the CPU queues (QueueGenericThreadsBlocking/NonBlocking). Copies are
//! handles of the same recorded work. Replayed on a blocking queue it runs in the caller before enqueue returns; on a
//! non-blocking queue it is one task of the queue. Either way the nodes run one after another in capture order; the
//! first exception a node throws ends that launch and is reported as a task's exception would be (thrown by enqueue
//! on a blocking queue, by the next wait on a non-blocking one).

#include "alpaka/detail/cpu/queue/GraphNodes.hpp"
#include "alpaka/detail/cpu/queue/Task.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/graph/Traits.hpp"
#include "alpaka/queue/QueueGenericThreadsBlocking.hpp"
#include "alpaka/queue/QueueGenericThreadsNonBlocking.hpp"

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace alpaka
{
    template<typename TDev>
    class GraphGenericThreads
    {
    public:
        GraphGenericThreads(TDev const& dev, std::shared_ptr<detail::cpu::GraphNodes const> nodes)
            : m_dev(dev)
            , m_nodes(std::move(nodes))
        {
        }

        [[nodiscard]] auto operator==(GraphGenericThreads const& other) const -> bool
        {
            return m_nodes == other.m_nodes;
        }

        [[nodiscard]] auto operator!=(GraphGenericThreads const& other) const -> bool
        {
            return !(*this == other);
        }

        TDev m_dev;
        std::shared_ptr<detail::cpu::GraphNodes const> m_nodes;
    };

    namespace detail::cpu
    {
        //! The task that replays graph: its event marks are taken now (when the launch is enqueued). A template of
        //! an unused parameter, like the graph's nodes (see meta/DependentType.hpp).
        template<typename TLazy = void>
        struct GraphLaunchT
        {
            std::shared_ptr<GraphNodesT<TLazy> const> nodes;
            LaunchMarksT<TLazy> marks;

            void operator()()
            {
                nodes->run(marks.data());
            }
        };

        using GraphLaunch = GraphLaunchT<>;

        template<typename TDev, typename TQueue>
        void checkGraphDevice(TQueue const& queue, GraphGenericThreads<TDev> const& graph)
        {
            if(!(getDev(queue) == graph.m_dev))
                throw std::runtime_error(
                    "alpaka::enqueue(queue, graph): the graph was captured on another device than the queue's; replay "
                    "it on a queue of the device it was captured on");
        }

        //! Enqueues a launch of graph: into a capturing queue as a child node (its marks are taken when that node
        //! runs), else as the task push() gets, with the launch's event marks taken now.
        template<typename TDev, typename TQueue, typename TPush>
        void enqueueGraph(TQueue& queue, GraphGenericThreads<TDev> const& graph, TPush&& push)
        {
            checkGraphDevice(queue, graph);
            if(queue.m_core->capture().active())
                queue.m_core->capture().recordGraph(graph.m_nodes);
            else
                std::forward<TPush>(push)(GraphLaunch{graph.m_nodes, graph.m_nodes->prepare()});
        }

        template<typename TQueue>
        inline constexpr bool isGenericThreadsQueue = false;

        template<typename TDev>
        inline constexpr bool isGenericThreadsQueue<QueueGenericThreadsBlocking<TDev>> = true;

        template<typename TDev>
        inline constexpr bool isGenericThreadsQueue<QueueGenericThreadsNonBlocking<TDev>> = true;

        //! Shared by the blocking and the non-blocking queue: a graph launched into a capturing queue becomes a node.
        template<typename TQueue>
        struct CaptureCpuQueue
        {
            static auto beginCapture(TQueue& queue) -> void
            {
                queue.m_core->capture().begin(queue.m_core->empty());
            }

            static auto endCapture(TQueue& queue) -> GraphGenericThreads<Dev<TQueue>>
            {
                return GraphGenericThreads<Dev<TQueue>>(getDev(queue), queue.m_core->capture().end());
            }

            static auto isCapturing(TQueue const& queue) -> bool
            {
                return queue.m_core->capture().active();
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDev>
        struct DevType<GraphGenericThreads<TDev>>
        {
            using type = TDev;
        };

        template<typename TDev>
        struct GetDev<GraphGenericThreads<TDev>>
        {
            static auto getDev(GraphGenericThreads<TDev> const& graph) -> TDev
            {
                return graph.m_dev;
            }
        };

        template<typename TDev>
        struct GetNodeCount<GraphGenericThreads<TDev>>
        {
            static auto getNodeCount(GraphGenericThreads<TDev> const& graph) -> std::size_t
            {
                return graph.m_nodes->size();
            }
        };

        //! Both CPU queue kinds capture the same way into the same graph type.
        template<typename TQueue>
        struct GraphType<TQueue, std::enable_if_t<detail::cpu::isGenericThreadsQueue<TQueue>>>
        {
            using type = GraphGenericThreads<Dev<TQueue>>;
        };

        template<typename TQueue>
        struct BeginCapture<TQueue, std::enable_if_t<detail::cpu::isGenericThreadsQueue<TQueue>>>
            : detail::cpu::CaptureCpuQueue<TQueue>
        {
        };

        template<typename TQueue>
        struct EndCapture<TQueue, std::enable_if_t<detail::cpu::isGenericThreadsQueue<TQueue>>>
            : detail::cpu::CaptureCpuQueue<TQueue>
        {
        };

        template<typename TQueue>
        struct IsCapturing<TQueue, std::enable_if_t<detail::cpu::isGenericThreadsQueue<TQueue>>>
            : detail::cpu::CaptureCpuQueue<TQueue>
        {
        };

        //! Replays in the caller; no allocation for a graph without event nodes.
        template<typename TDev>
        struct Enqueue<QueueGenericThreadsBlocking<TDev>, GraphGenericThreads<TDev>>
        {
            static auto
            enqueue(QueueGenericThreadsBlocking<TDev>& queue, GraphGenericThreads<TDev> const& graph) -> void
            {
                detail::cpu::enqueueGraph(
                    queue,
                    graph,
                    [&](detail::cpu::GraphLaunch launch)
                    { queue.m_core->run(launch, &trace::describeOp<trace::Op::GraphLaunch>); });
            }
        };

        //! One task of the queue replays the whole graph.
        template<typename TDev>
        struct Enqueue<QueueGenericThreadsNonBlocking<TDev>, GraphGenericThreads<TDev>>
        {
            static auto
            enqueue(QueueGenericThreadsNonBlocking<TDev>& queue, GraphGenericThreads<TDev> const& graph) -> void
            {
                detail::cpu::enqueueGraph(
                    queue,
                    graph,
                    [&](detail::cpu::GraphLaunch launch)
                    { queue.m_core->push(std::move(launch), &trace::describeOp<trace::Op::GraphLaunch>); });
            }
        };
    } // namespace trait
} // namespace alpaka
