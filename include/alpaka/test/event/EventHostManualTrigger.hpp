// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EventHostManualTrigger<TDev>: an event the test itself completes with trigger(). Enqueued into a queue it holds
//! the queue back until triggered, which lets tests observe a queue that is still busy.

#include "alpaka/alpaka.hpp"
#include "alpaka/detail/cpu/EventState.hpp"

#include <memory>

namespace alpaka::test
{
    template<typename TDev>
    class EventHostManualTriggerCpu
    {
    public:
        explicit EventHostManualTriggerCpu(TDev const& dev)
            : m_dev(dev)
            , m_state(std::make_shared<alpaka::detail::cpu::EventState>())
        {
        }

        //! Completes the event's latest enqueue and releases the queues waiting for it.
        void trigger()
        {
            m_state->markReady(m_state->lastEnqueued());
        }

        [[nodiscard]] auto operator==(EventHostManualTriggerCpu const& other) const -> bool
        {
            return m_state == other.m_state;
        }

        [[nodiscard]] auto operator!=(EventHostManualTriggerCpu const& other) const -> bool
        {
            return !(*this == other);
        }

        TDev m_dev;
        std::shared_ptr<alpaka::detail::cpu::EventState> m_state;
    };

    namespace trait
    {
        template<typename TDev, typename TSfinae = void>
        struct EventHostManualTriggerType;

        template<>
        struct EventHostManualTriggerType<DevCpu>
        {
            using type = EventHostManualTriggerCpu<DevCpu>;
        };

        template<typename TDev, typename TSfinae = void>
        struct IsEventHostManualTriggerSupported;

        template<>
        struct IsEventHostManualTriggerSupported<DevCpu>
        {
            static auto isSupported(DevCpu const&) -> bool
            {
                return true;
            }
        };
    } // namespace trait

    template<typename TDev>
    using EventHostManualTrigger = typename trait::EventHostManualTriggerType<TDev>::type;

    template<typename TDev>
    auto isEventHostManualTriggerSupported(TDev const& dev) -> bool
    {
        return trait::IsEventHostManualTriggerSupported<TDev>::isSupported(dev);
    }
} // namespace alpaka::test

namespace alpaka::trait
{
    template<typename TDev>
    struct GetDev<test::EventHostManualTriggerCpu<TDev>>
    {
        static auto getDev(test::EventHostManualTriggerCpu<TDev> const& event) -> TDev
        {
            return event.m_dev;
        }
    };

    template<typename TDev>
    struct IsComplete<test::EventHostManualTriggerCpu<TDev>>
    {
        static auto isComplete(test::EventHostManualTriggerCpu<TDev> const& event) -> bool
        {
            return event.m_state->isComplete();
        }
    };

    //! The queue's worker waits at the event until the test triggers it.
    template<typename TDev>
    struct Enqueue<QueueGenericThreadsNonBlocking<TDev>, test::EventHostManualTriggerCpu<TDev>>
    {
        static auto
        enqueue(QueueGenericThreadsNonBlocking<TDev>& queue, test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            auto state = event.m_state;
            auto const n = state->markEnqueued();
            queue.m_core->push(detail::cpu::Task([state = std::move(state), n] { state->waitFor(n); }));
        }
    };

    //! A blocking queue blocks its caller until another thread triggers the event.
    template<typename TDev>
    struct Enqueue<QueueGenericThreadsBlocking<TDev>, test::EventHostManualTriggerCpu<TDev>>
    {
        static auto
        enqueue(QueueGenericThreadsBlocking<TDev>& queue, test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            auto const n = event.m_state->markEnqueued();
            queue.m_core->run([&] { event.m_state->waitFor(n); });
        }
    };

    template<typename TDev>
    struct CurrentThreadWaitFor<test::EventHostManualTriggerCpu<TDev>>
    {
        static auto currentThreadWaitFor(test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            event.m_state->waitFor(event.m_state->lastEnqueued());
        }
    };
} // namespace alpaka::trait

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
namespace alpaka::test
{
    //! On CUDA/HIP queues the event is a host callback of the stream that waits until trigger() is called: the
    //! stream's later work waits with it.
    template<typename TApi>
    using EventHostManualTriggerUniformCudaHipRt = EventHostManualTriggerCpu<DevUniformCudaHipRt<TApi>>;

    namespace trait
    {
        template<typename TApi>
        struct EventHostManualTriggerType<DevUniformCudaHipRt<TApi>>
        {
            using type = EventHostManualTriggerUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct IsEventHostManualTriggerSupported<DevUniformCudaHipRt<TApi>>
        {
            static auto isSupported(DevUniformCudaHipRt<TApi> const&) -> bool
            {
                return true;
            }
        };
    } // namespace trait
} // namespace alpaka::test

namespace alpaka::trait
{
    template<typename TApi, bool TBlocking>
    struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, test::EventHostManualTriggerUniformCudaHipRt<TApi>>
    {
        static auto enqueue(
            QueueUniformCudaHipRt<TApi, TBlocking>& queue,
            test::EventHostManualTriggerUniformCudaHipRt<TApi> const& event) -> void
        {
            auto state = event.m_state;
            auto const n = state->markEnqueued();
            queue.m_spQueueImpl->enqueueHostTask([state = std::move(state), n] { state->waitFor(n); });
            queue.afterEnqueue();
        }
    };
} // namespace alpaka::trait
#endif
