// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueGenericThreadsBlocking<TDev>: a queue whose tasks run on the calling thread before enqueue() returns.
//! Exceptions from a task reach the caller of enqueue()/exec() directly; the queue stays usable.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/queue/BlockingQueueCore.hpp"
#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/event/Traits.hpp"
#include "alpaka/queue/Traits.hpp"
#include "alpaka/wait/Traits.hpp"

#include <string>
#include <type_traits>
#include <utility>

namespace alpaka
{
    template<typename TDev>
    class EventGenericThreads;

    template<typename TDev>
    class QueueGenericThreadsBlocking final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, QueueGenericThreadsBlocking<TDev>>
        , public concepts::Implements<ConceptQueue, QueueGenericThreadsBlocking<TDev>>
    {
    public:
        explicit QueueGenericThreadsBlocking(TDev const& dev)
            : m_dev(dev)
            , m_core(new detail::cpu::BlockingQueueCore())
        {
            m_dev.registerQueue(*m_core);
        }

        //! Copies are handles of the same queue.
        [[nodiscard]] auto operator==(QueueGenericThreadsBlocking const& other) const -> bool
        {
            return m_core == other.m_core;
        }

        [[nodiscard]] auto operator!=(QueueGenericThreadsBlocking const& other) const -> bool
        {
            return !(*this == other);
        }

        TDev m_dev;
        detail::cpu::QueueRef<detail::cpu::BlockingQueueCore> m_core;
    };

    namespace trait
    {
        template<typename TDev>
        struct DevType<QueueGenericThreadsBlocking<TDev>>
        {
            using type = TDev;
        };

        template<typename TDev>
        struct GetDev<QueueGenericThreadsBlocking<TDev>>
        {
            static auto getDev(QueueGenericThreadsBlocking<TDev> const& queue) -> TDev
            {
                return queue.m_dev;
            }
        };

        template<typename TDev>
        struct EventType<QueueGenericThreadsBlocking<TDev>>
        {
            using type = EventGenericThreads<TDev>;
        };

        //! Any nullary callable (host lambda, kernel, memcpy or memset task) runs now, or is recorded while the queue
        //! captures a graph.
        template<typename TDev, typename TTask>
        struct Enqueue<QueueGenericThreadsBlocking<TDev>, TTask, std::enable_if_t<std::is_invocable_v<TTask&>>>
        {
            template<typename TTaskFwd>
            static auto enqueue(QueueGenericThreadsBlocking<TDev>& queue, TTaskFwd&& task) -> void
            {
                if(queue.m_core->capture().active())
                    queue.m_core->capture().record(std::forward<TTaskFwd>(task));
                else
                    queue.m_core->run(task, trace::describerOf<std::remove_cvref_t<TTaskFwd>>());
            }
        };

        template<typename TDev>
        struct Empty<QueueGenericThreadsBlocking<TDev>>
        {
            static auto empty(QueueGenericThreadsBlocking<TDev> const& queue) -> bool
            {
                return queue.m_core->empty();
            }
        };

        //! Work of a blocking queue is done when enqueue() returns; this waits for tasks other threads are running.
        template<typename TDev>
        struct CurrentThreadWaitFor<QueueGenericThreadsBlocking<TDev>>
        {
            static auto currentThreadWaitFor(QueueGenericThreadsBlocking<TDev> const& queue) -> void
            {
                queue.m_core->waitAll();
            }
        };
    } // namespace trait
    namespace trace
    {
        //! Names the queue's track in traces ("solver queue"); call it before other threads use the queue.
        template<typename TDev>
        void setQueueLabel(QueueGenericThreadsBlocking<TDev> const& queue, std::string label)
        {
            queue.m_core->traceTrack().label = std::move(label);
        }

        //! The queue's track in traces.
        template<typename TDev>
        auto queueTrack(QueueGenericThreadsBlocking<TDev> const& queue) -> Track const&
        {
            return queue.m_core->traceTrack();
        }
    } // namespace trace
} // namespace alpaka
