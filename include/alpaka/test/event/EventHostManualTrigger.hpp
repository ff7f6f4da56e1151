// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EventHostManualTrigger<TDev>: an event that only the test completes, with trigger(). Enqueued into a queue it
//! holds the queue there until trigger() is called, which lets tests observe queues and events that are still busy:
//! - before its first enqueue, and after trigger(), isComplete(trigger) is true; after enqueue() it is false;
//! - a non-blocking queue runs the work enqueued after the trigger only after trigger() was called;
//! - a blocking queue blocks the enqueueing thread until another thread calls trigger() (as upstream);
//! - wait(queue, trigger) holds that queue too, wait(trigger) blocks the calling thread, until trigger().
//! isEventHostManualTriggerSupported(dev) says whether a device supports it (CPU, CUDA and HIP devices do).
//!
//! It is built on the public queue API only: the queue runs a host task that waits for the trigger (on CUDA/HIP a
//! stream host callback, which holds the stream). trigger() releases every enqueue made before it; an enqueue after
//! trigger() needs another trigger().

#include "alpaka/alpaka.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>

namespace alpaka::test
{
    namespace detail
    {
        //! Counts enqueues and the enqueues released by trigger(); shared by the event's copies and the waiting tasks.
        class ManualTriggerState
        {
        public:
            //! Records an enqueue; returns its number (1, 2, ...).
            auto markEnqueued() -> std::uint64_t
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                return ++m_enqueued;
            }

            //! Releases every enqueue made so far.
            void trigger()
            {
                {
                    std::lock_guard<std::mutex> lock(m_mutex);
                    m_triggered = m_enqueued;
                }
                m_cv.notify_all();
            }

            [[nodiscard]] auto lastEnqueued() const -> std::uint64_t
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                return m_enqueued;
            }

            [[nodiscard]] auto isComplete() const -> bool
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                return m_triggered >= m_enqueued;
            }

            //! Blocks until enqueue number n was released.
            void waitFor(std::uint64_t n)
            {
                std::unique_lock<std::mutex> lock(m_mutex);
                m_cv.wait(lock, [&] { return m_triggered >= n; });
            }

        private:
            mutable std::mutex m_mutex;
            std::condition_variable m_cv;
            std::uint64_t m_enqueued = 0;
            std::uint64_t m_triggered = 0;
        };
    } // namespace detail

    //! The manually triggered event of a device of type TDev (upstream's name; it serves the GPU devices too). Copies
    //! share one state and compare equal.
    template<typename TDev = DevCpu>
    class EventHostManualTriggerCpu
    {
    public:
        explicit EventHostManualTriggerCpu(TDev const& dev)
            : m_dev(dev)
            , m_state(std::make_shared<detail::ManualTriggerState>())
        {
        }

        //! Releases the queues held at the event's enqueues so far, and lets the work that follows run before it
        //! returns: until every queue of the CPU device has finished its work, for at most 200 ms (upstream's
        //! trigger sleeps 200 ms; its tests check events right after trigger()). A queue still held by something
        //! else (another trigger) uses up the 200 ms.
        void trigger()
        {
            m_state->trigger();
            auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
            while(!alpaka::detail::cpu::DevCpuImpl::instance().allQueuesEmpty()
                  && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(std::chrono::microseconds(100));
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
        std::shared_ptr<detail::ManualTriggerState> m_state;
    };

    namespace trait
    {
        //! The manually triggered event type of a device type.
        template<typename TDev, typename TSfinae = void>
        struct EventHostManualTriggerType;

        //! Static isSupported(dev) -> bool.
        template<typename TDev, typename TSfinae = void>
        struct IsEventHostManualTriggerSupported;

        template<>
        struct EventHostManualTriggerType<DevCpu>
        {
            using type = EventHostManualTriggerCpu<DevCpu>;
        };

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

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
namespace alpaka::test
{
    //! The stream runs a host callback that waits for trigger(): the stream's later work waits with it.
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
#endif

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
namespace alpaka::test
{
    using EventHostManualTriggerCuda = EventHostManualTriggerUniformCudaHipRt<ApiCudaRt>;
} // namespace alpaka::test
#endif

#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
namespace alpaka::test
{
    using EventHostManualTriggerHip = EventHostManualTriggerUniformCudaHipRt<ApiHipRt>;
} // namespace alpaka::test
#endif

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

    //! The queue runs a task that waits until trigger() releases this enqueue; in a blocking queue that task runs in
    //! the enqueueing thread.
    template<typename TQueue, typename TDev>
    struct Enqueue<TQueue, test::EventHostManualTriggerCpu<TDev>>
    {
        static auto enqueue(TQueue& queue, test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            static_assert(std::is_same_v<Dev<TQueue>, TDev>, "the trigger belongs to a device of another type");
            auto state = event.m_state;
            auto const n = state->markEnqueued();
            alpaka::enqueue(queue, [state = std::move(state), n] { state->waitFor(n); });
        }
    };

    //! The queue waits at this point until the trigger's latest enqueue is released.
    template<typename TQueue, typename TDev>
    struct WaiterWaitFor<TQueue, test::EventHostManualTriggerCpu<TDev>>
    {
        static auto waiterWaitFor(TQueue& queue, test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            auto state = event.m_state;
            auto const n = state->lastEnqueued();
            if(state->isComplete())
                return;
            alpaka::enqueue(queue, [state = std::move(state), n] { state->waitFor(n); });
        }
    };

    //! The calling thread waits until the trigger's latest enqueue is released.
    template<typename TDev>
    struct WaiterWaitFor<TDev, test::EventHostManualTriggerCpu<TDev>>
    {
        static auto waiterWaitFor(TDev&, test::EventHostManualTriggerCpu<TDev> const& event) -> void
        {
            event.m_state->waitFor(event.m_state->lastEnqueued());
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
