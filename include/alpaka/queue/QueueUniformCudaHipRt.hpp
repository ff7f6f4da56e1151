// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueUniformCudaHipRt<TApi, TBlocking>: a CUDA/HIP stream of one device. The non-blocking queue returns from
//! enqueue at once; the blocking one waits for each task before enqueue returns. Host callables run as host
//! callbacks of the stream (cudaLaunchHostFunc); kernels, copies, memsets and events are enqueued by their own
//! Enqueue specializations (kernel/TaskKernelGpuUniformCudaHipRt.hpp, mem/buf/uniformCudaHip/, event/).

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/QueueImpl.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/dev/Traits.hpp"
#    include "alpaka/event/Traits.hpp"
#    include "alpaka/platform/PlatformUniformCudaHipRt.hpp"
#    include "alpaka/queue/Properties.hpp"
#    include "alpaka/queue/Traits.hpp"
#    include "alpaka/wait/Traits.hpp"

#    include <memory>
#    include <type_traits>
#    include <utility>

namespace alpaka
{
    template<typename TApi>
    class EventUniformCudaHipRt;

    template<typename TApi, bool TBlocking>
    class QueueUniformCudaHipRt final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, QueueUniformCudaHipRt<TApi, TBlocking>>
        , public concepts::Implements<ConceptQueue, QueueUniformCudaHipRt<TApi, TBlocking>>
    {
    public:
        static constexpr bool isBlocking = TBlocking;

        explicit QueueUniformCudaHipRt(DevUniformCudaHipRt<TApi> const& dev)
            : m_spQueueImpl(std::make_shared<detail::cudaHip::QueueImpl<TApi>>(dev))
        {
            m_spQueueImpl->m_self = m_spQueueImpl;
        }

        //! A queue on `stream`, a stream of `dev` that the caller created and destroys after the queue's last use
        //! (upstream 2.1: a queue from a native stream, e.g. one that another library hands over). The stream's own
        //! flags apply; whether the queue blocks is TBlocking's.
        QueueUniformCudaHipRt(DevUniformCudaHipRt<TApi> const& dev, typename TApi::Stream_t stream)
            : m_spQueueImpl(std::make_shared<detail::cudaHip::QueueImpl<TApi>>(dev, stream))
        {
            m_spQueueImpl->m_self = m_spQueueImpl;
        }

        //! The same, with the device the runtime reports for `stream` (CUDA 12.8 or later, or HIP).
        explicit QueueUniformCudaHipRt(typename TApi::Stream_t stream)
            : QueueUniformCudaHipRt(deviceOfStream(stream), stream)
        {
        }

        [[nodiscard]] auto operator==(QueueUniformCudaHipRt const& other) const -> bool
        {
            return m_spQueueImpl == other.m_spQueueImpl;
        }

        [[nodiscard]] auto operator!=(QueueUniformCudaHipRt const& other) const -> bool
        {
            return !(*this == other);
        }

        [[nodiscard]] auto getNativeHandle() const -> typename TApi::Stream_t
        {
            return m_spQueueImpl->stream();
        }

        [[nodiscard]] auto dev() const -> DevUniformCudaHipRt<TApi> const&
        {
            return m_spQueueImpl->dev();
        }

        //! After enqueueing a task: a blocking queue waits for it (and rethrows what it threw).
        //! A blocking queue finishes each operation before enqueue returns (not while capturing: nothing runs then).
        void afterEnqueue() const
        {
            if constexpr(TBlocking)
                if(!m_spQueueImpl->capturing())
                    m_spQueueImpl->synchronize();
        }

        //! When a traced operation began (trace::now()), 0 when tracing is off.
        [[nodiscard]] static auto traceBegin() noexcept -> std::int64_t
        {
            return trace::enabled() ? trace::now() : 0;
        }

        //! afterEnqueue, then a trace's record of the host's submission of `what` (the device's time is not
        //! measured here: docs/profiling.md).
        void afterTracedEnqueue(std::int64_t begin, trace::Description const& what) const
        {
            afterEnqueue();
            trace::recordSpan(what, &m_spQueueImpl->traceTrack(), begin, true);
        }

        //! afterEnqueue of `task`, traced when `begin` is not 0.
        template<typename TTask>
        void afterEnqueueOf(TTask const& task, std::int64_t begin) const
        {
            if(begin != 0)
                afterTracedEnqueue(begin, trace::describe(task));
            else
                afterEnqueue();
        }

        std::shared_ptr<detail::cudaHip::QueueImpl<TApi>> m_spQueueImpl;

    private:
        static auto deviceOfStream(typename TApi::Stream_t stream) -> DevUniformCudaHipRt<TApi>
        {
            int device = -1;
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamGetDevice(stream, &device));
            return getDevByIdx(PlatformUniformCudaHipRt<TApi>{}, static_cast<std::size_t>(device));
        }
    };

    namespace trace
    {
        //! Names the queue's track in traces; call it before other threads use the queue.
        template<typename TApi, bool TBlocking>
        void setQueueLabel(QueueUniformCudaHipRt<TApi, TBlocking> const& queue, std::string label)
        {
            queue.m_spQueueImpl->traceTrack().label = std::move(label);
        }

        //! The queue's track in traces.
        template<typename TApi, bool TBlocking>
        auto queueTrack(QueueUniformCudaHipRt<TApi, TBlocking> const& queue) -> Track const&
        {
            return queue.m_spQueueImpl->traceTrack();
        }
    } // namespace trace

    namespace trait
    {
        template<typename TApi, bool TBlocking>
        struct DevType<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi, bool TBlocking>
        struct GetDev<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            static auto getDev(QueueUniformCudaHipRt<TApi, TBlocking> const& queue) -> DevUniformCudaHipRt<TApi>
            {
                return queue.dev();
            }
        };

        template<typename TApi, bool TBlocking>
        struct EventType<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            using type = EventUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct QueueType<DevUniformCudaHipRt<TApi>, Blocking>
        {
            using type = QueueUniformCudaHipRt<TApi, true>;
        };

        template<typename TApi>
        struct QueueType<DevUniformCudaHipRt<TApi>, NonBlocking>
        {
            using type = QueueUniformCudaHipRt<TApi, false>;
        };

        //! A host callable runs in stream order on the runtime's callback thread.
        template<typename TApi, bool TBlocking, typename TTask>
        struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, TTask, std::enable_if_t<std::is_invocable_v<TTask&>>>
        {
            template<typename TTaskFwd>
            static auto enqueue(QueueUniformCudaHipRt<TApi, TBlocking>& queue, TTaskFwd&& task) -> void
            {
                auto const begin = queue.traceBegin();
                if(begin != 0)
                {
                    auto const what = trace::describe(task);
                    queue.m_spQueueImpl->enqueueHostTask(std::forward<TTaskFwd>(task));
                    queue.afterTracedEnqueue(begin, what);
                    return;
                }
                queue.m_spQueueImpl->enqueueHostTask(std::forward<TTaskFwd>(task));
                queue.afterEnqueue();
            }
        };

        template<typename TApi, bool TBlocking>
        struct Empty<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            static auto empty(QueueUniformCudaHipRt<TApi, TBlocking> const& queue) -> bool
            {
                return queue.m_spQueueImpl->empty();
            }
        };

        template<typename TApi, bool TBlocking>
        struct CurrentThreadWaitFor<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            static auto currentThreadWaitFor(QueueUniformCudaHipRt<TApi, TBlocking> const& queue) -> void
            {
                queue.m_spQueueImpl->synchronize();
            }
        };

        template<typename TApi, bool TBlocking>
        struct NativeHandle<QueueUniformCudaHipRt<TApi, TBlocking>>
        {
            static auto getNativeHandle(QueueUniformCudaHipRt<TApi, TBlocking> const& queue)
            {
                return queue.getNativeHandle();
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
