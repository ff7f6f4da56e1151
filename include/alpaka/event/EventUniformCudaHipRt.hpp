// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EventUniformCudaHipRt<TApi>: a CUDA/HIP event without timing (cudaEventDisableTiming: cheaper to record and
//! query). A queue can wait for an event of another device (cudaStreamWaitEvent). An event never enqueued is
//! complete; an event can be enqueued again.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/dev/Traits.hpp"
#    include "alpaka/event/Traits.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"
#    include "alpaka/queue/Traits.hpp"
#    include "alpaka/wait/Traits.hpp"

#    include <memory>

namespace alpaka
{
    namespace detail::cudaHip
    {
        template<typename TApi>
        class EventImpl
        {
        public:
            EventImpl(DevUniformCudaHipRt<TApi> const& dev, bool busyWaiting)
                : m_dev(dev)
            {
                m_dev.makeCurrent();
                unsigned const flags = TApi::eventDisableTiming | (busyWaiting ? 0u : TApi::eventBlockingSync);
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::eventCreateWithFlags(&m_event, flags));
            }

            EventImpl(EventImpl const&) = delete;
            auto operator=(EventImpl const&) -> EventImpl& = delete;

            ~EventImpl()
            {
                ignoreError<TApi>(TApi::setDevice(m_dev.getNativeHandle()));
                ignoreError<TApi>(TApi::eventDestroy(m_event));
            }

            DevUniformCudaHipRt<TApi> m_dev;
            typename TApi::Event_t m_event{};
        };
    } // namespace detail::cudaHip

    template<typename TApi>
    class EventUniformCudaHipRt final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, EventUniformCudaHipRt<TApi>>
    {
    public:
        //! busyWaiting = false makes wait(event) sleep in the driver instead of spinning (cudaEventBlockingSync).
        explicit EventUniformCudaHipRt(DevUniformCudaHipRt<TApi> const& dev, bool busyWaiting = true)
            : m_spEventImpl(std::make_shared<detail::cudaHip::EventImpl<TApi>>(dev, busyWaiting))
        {
        }

        [[nodiscard]] auto operator==(EventUniformCudaHipRt const& other) const -> bool
        {
            return m_spEventImpl == other.m_spEventImpl;
        }

        [[nodiscard]] auto operator!=(EventUniformCudaHipRt const& other) const -> bool
        {
            return !(*this == other);
        }

        [[nodiscard]] auto getNativeHandle() const -> typename TApi::Event_t
        {
            return m_spEventImpl->m_event;
        }

        std::shared_ptr<detail::cudaHip::EventImpl<TApi>> m_spEventImpl;
    };

    namespace trait
    {
        template<typename TApi>
        struct DevType<EventUniformCudaHipRt<TApi>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct GetDev<EventUniformCudaHipRt<TApi>>
        {
            static auto getDev(EventUniformCudaHipRt<TApi> const& event) -> DevUniformCudaHipRt<TApi>
            {
                return event.m_spEventImpl->m_dev;
            }
        };

        template<typename TApi>
        struct IsComplete<EventUniformCudaHipRt<TApi>>
        {
            static auto isComplete(EventUniformCudaHipRt<TApi> const& event) -> bool
            {
                auto const status = TApi::eventQuery(event.getNativeHandle());
                if(status == TApi::errorNotReady)
                {
                    static_cast<void>(TApi::getLastError());
                    return false;
                }
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, status);
                return true;
            }
        };

        template<typename TApi>
        struct NativeHandle<EventUniformCudaHipRt<TApi>>
        {
            static auto getNativeHandle(EventUniformCudaHipRt<TApi> const& event)
            {
                return event.getNativeHandle();
            }
        };

        //! Records the event in the queue's stream. Both must belong to the same device.
        template<typename TApi, bool TBlocking>
        struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, EventUniformCudaHipRt<TApi>>
        {
            static auto
            enqueue(QueueUniformCudaHipRt<TApi, TBlocking>& queue, EventUniformCudaHipRt<TApi> const& event) -> void
            {
                queue.dev().makeCurrent();
                if(queue.m_spQueueImpl->capturing())
                {
                    queue.m_spQueueImpl->requireHostWorkCapturable("alpaka::enqueue(queue, event)");
                    if constexpr(TApi::capturesHostWork)
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                            TApi, TApi::eventRecordCaptured(event.getNativeHandle(), queue.getNativeHandle()));
                    return;
                }
                auto const begin = queue.traceBegin();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                    TApi, TApi::eventRecord(event.getNativeHandle(), queue.getNativeHandle()));
                if(begin != 0)
                    queue.afterTracedEnqueue(begin, trace::Description{trace::Op::EventRecord, "event record"});
                else
                    queue.afterEnqueue();
            }
        };

        template<typename TApi>
        struct CurrentThreadWaitFor<EventUniformCudaHipRt<TApi>>
        {
            static auto currentThreadWaitFor(EventUniformCudaHipRt<TApi> const& event) -> void
            {
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::eventSynchronize(event.getNativeHandle()));
            }
        };

        //! The queue's later work waits for the event, also for an event of another device.
        template<typename TApi, bool TBlocking>
        struct WaiterWaitFor<QueueUniformCudaHipRt<TApi, TBlocking>, EventUniformCudaHipRt<TApi>>
        {
            static auto waiterWaitFor(
                QueueUniformCudaHipRt<TApi, TBlocking>& queue, EventUniformCudaHipRt<TApi> const& event) -> void
            {
                queue.dev().makeCurrent();
                if(queue.m_spQueueImpl->capturing())
                {
                    queue.m_spQueueImpl->requireHostWorkCapturable("alpaka::wait(queue, event)");
                    if constexpr(TApi::capturesHostWork)
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                            TApi, TApi::streamWaitEventCaptured(queue.getNativeHandle(), event.getNativeHandle()));
                    return;
                }
                auto const begin = queue.traceBegin();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                    TApi, TApi::streamWaitEvent(queue.getNativeHandle(), event.getNativeHandle()));
                if(begin != 0)
                    queue.afterTracedEnqueue(begin, trace::Description{trace::Op::EventWait, "event wait"});
                else
                    queue.afterEnqueue();
            }
        };

        //! The device waits for the event: without a default queue the calling thread waits for it.
        template<typename TApi>
        struct WaiterWaitFor<DevUniformCudaHipRt<TApi>, EventUniformCudaHipRt<TApi>>
        {
            static auto waiterWaitFor(DevUniformCudaHipRt<TApi>&, EventUniformCudaHipRt<TApi> const& event) -> void
            {
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::eventSynchronize(event.getNativeHandle()));
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
