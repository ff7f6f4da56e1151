// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! GraphUniformCudaHipRt<TApi>: the graph of the CUDA/HIP queues, a stream capture instantiated once
//! (cudaGraphExec_t / hipGraphExec_t) and replayed with one cudaGraphLaunch / hipGraphLaunch. Copies are handles of
//! the same executable graph; it is destroyed with the last handle (the runtime frees it after launches in flight).
//! Captured host tasks (CUDA) are host nodes whose payloads the graph owns; a replay that contains them is followed
//! by a host task that reports their exceptions to the replaying queue's next wait.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cudaHip/ApiCudaRt.hpp"
#    include "alpaka/detail/cudaHip/ApiHipRt.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/cudaHip/QueueImpl.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/dev/Traits.hpp"
#    include "alpaka/graph/Traits.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#    include <cstddef>
#    include <memory>
#    include <stdexcept>
#    include <utility>

namespace alpaka
{
    template<typename TApi>
    class GraphUniformCudaHipRt
    {
    public:
        //! Takes ownership of a captured graph and instantiates it.
        GraphUniformCudaHipRt(
            DevUniformCudaHipRt<TApi> const& dev,
            typename TApi::Graph_t graph,
            detail::cudaHip::CapturedHostWork hostWork)
            : m_state(std::make_shared<State>(dev, graph, std::move(hostWork)))
        {
        }

        [[nodiscard]] auto operator==(GraphUniformCudaHipRt const& other) const -> bool
        {
            return m_state == other.m_state;
        }

        [[nodiscard]] auto operator!=(GraphUniformCudaHipRt const& other) const -> bool
        {
            return !(*this == other);
        }

        struct State
        {
            State(
                DevUniformCudaHipRt<TApi> const& device,
                typename TApi::Graph_t captured,
                detail::cudaHip::CapturedHostWork work)
                : dev(device)
                , graph(captured)
                , hostWork(std::move(work))
            {
                dev.makeCurrent();
                auto const instantiated = TApi::graphInstantiate(&exec, graph);
                if(instantiated != TApi::success)
                {
                    detail::cudaHip::ignoreError<TApi>(TApi::graphDestroy(graph));
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, instantiated);
                }
                auto const counted = TApi::graphNodeCount(graph, &nodeCount);
                if(counted != TApi::success)
                {
                    destroy();
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, counted);
                }
            }

            State(State const&) = delete;
            auto operator=(State const&) -> State& = delete;

            ~State()
            {
                destroy();
            }

            void destroy() noexcept
            {
                detail::cudaHip::ignoreError<TApi>(TApi::setDevice(dev.getNativeHandle()));
                detail::cudaHip::ignoreError<TApi>(TApi::graphExecDestroy(exec));
                detail::cudaHip::ignoreError<TApi>(TApi::graphDestroy(graph));
            }

            DevUniformCudaHipRt<TApi> dev;
            typename TApi::Graph_t graph{};
            typename TApi::GraphExec_t exec{};
            std::size_t nodeCount = 0;
            detail::cudaHip::CapturedHostWork hostWork;
        };

        std::shared_ptr<State> m_state;
    };

    namespace detail::cudaHip
    {
        template<typename TApi, bool TBlocking>
        struct CaptureUniformCudaHipQueue
        {
            using Queue = QueueUniformCudaHipRt<TApi, TBlocking>;

            static auto beginCapture(Queue& queue) -> void
            {
                queue.m_spQueueImpl->beginCapture();
            }

            static auto endCapture(Queue& queue) -> GraphUniformCudaHipRt<TApi>
            {
                auto [graph, hostWork] = queue.m_spQueueImpl->endCapture();
                return GraphUniformCudaHipRt<TApi>(queue.dev(), graph, std::move(hostWork));
            }

            static auto isCapturing(Queue const& queue) -> bool
            {
                return queue.m_spQueueImpl->capturing();
            }
        };
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TApi>
        struct DevType<GraphUniformCudaHipRt<TApi>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct GetDev<GraphUniformCudaHipRt<TApi>>
        {
            static auto getDev(GraphUniformCudaHipRt<TApi> const& graph) -> DevUniformCudaHipRt<TApi>
            {
                return graph.m_state->dev;
            }
        };

        template<typename TApi>
        struct GetNodeCount<GraphUniformCudaHipRt<TApi>>
        {
            static auto getNodeCount(GraphUniformCudaHipRt<TApi> const& graph) -> std::size_t
            {
                return graph.m_state->nodeCount;
            }
        };

        template<typename TApi, bool TBlocking>
        struct GraphType<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            using type = GraphUniformCudaHipRt<TApi>;
        };

        template<typename TApi, bool TBlocking>
        struct BeginCapture<QueueUniformCudaHipRt<TApi, TBlocking>>
            : detail::cudaHip::CaptureUniformCudaHipQueue<TApi, TBlocking>
        {
        };

        template<typename TApi, bool TBlocking>
        struct EndCapture<QueueUniformCudaHipRt<TApi, TBlocking>>
            : detail::cudaHip::CaptureUniformCudaHipQueue<TApi, TBlocking>
        {
        };

        template<typename TApi, bool TBlocking>
        struct IsCapturing<QueueUniformCudaHipRt<TApi, TBlocking>>
            : detail::cudaHip::CaptureUniformCudaHipQueue<TApi, TBlocking>
        {
        };

        //! One graph launch; into a capturing queue it becomes a child graph node.
        template<typename TApi, bool TBlocking>
        struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, GraphUniformCudaHipRt<TApi>>
        {
            static auto
            enqueue(QueueUniformCudaHipRt<TApi, TBlocking>& queue, GraphUniformCudaHipRt<TApi> const& graph) -> void
            {
                if(!(queue.dev() == graph.m_state->dev))
                    throw std::runtime_error(
                        "alpaka::enqueue(queue, graph): the graph was captured on another device than the queue's; "
                        "replay it on a queue of the device it was captured on");
                auto const begin = queue.traceBegin();
                queue.dev().makeCurrent();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::graphLaunch(graph.m_state->exec, queue.getNativeHandle()));
                if(!graph.m_state->hostWork.payloads.empty() && !queue.m_spQueueImpl->capturing())
                {
                    // Keeps the payloads alive until this replay's host nodes ran and reports their first error.
                    queue.m_spQueueImpl->enqueueHostTask([state = graph.m_state]
                                                         { state->hostWork.errors->rethrowAndClear(); });
                }
                if(begin != 0)
                    queue.afterTracedEnqueue(begin, trace::Description{trace::Op::GraphLaunch, "graph launch"});
                else
                    queue.afterEnqueue();
            }
        };
    } // namespace trait

#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    using GraphCudaRt = GraphUniformCudaHipRt<ApiCudaRt>;
#    endif
#    if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
    using GraphHipRt = GraphUniformCudaHipRt<ApiHipRt>;
#    endif
} // namespace alpaka

#endif
