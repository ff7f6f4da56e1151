// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueGenericThreadsNonBlocking<TDev>: a queue whose tasks run in order on a worker thread while the caller goes
//! on. An exception thrown by a task is recorded and rethrown by the next wait(queue) (or wait(dev)); later tasks
//! still run and the queue stays usable.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/detail/cpu/queue/NonBlockingQueueCore.hpp"
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
    class QueueGenericThreadsNonBlocking final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, QueueGenericThreadsNonBlocking<TDev>>
        , public concepts::Implements<ConceptQueue, QueueGenericThreadsNonBlocking<TDev>>
    {
    public:
        explicit QueueGenericThreadsNonBlocking(TDev const& dev)
            : m_dev(dev)
            , m_core(new detail::cpu::NonBlockingQueueCore())
        {
            m_dev.registerQueue(*m_core);
        }

        //! Copies are handles of the same queue.
        [[nodiscard]] auto operator==(QueueGenericThreadsNonBlocking const& other) const -> bool
        {
            return m_core == other.m_core;
        }

        [[nodiscard]] auto operator!=(QueueGenericThreadsNonBlocking const& other) const -> bool
        {
            return !(*this == other);
        }

        TDev m_dev;
        detail::cpu::QueueRef<detail::cpu::NonBlockingQueueCore> m_core;
    };

    namespace trait
    {
        template<typename TDev>
        struct DevType<QueueGenericThreadsNonBlocking<TDev>>
        {
            using type = TDev;
        };

        template<typename TDev>
        struct GetDev<QueueGenericThreadsNonBlocking<TDev>>
        {
            static auto getDev(QueueGenericThreadsNonBlocking<TDev> const& queue) -> TDev
            {
                return queue.m_dev;
            }
        };

        template<typename TDev>
        struct EventType<QueueGenericThreadsNonBlocking<TDev>>
        {
            using type = EventGenericThreads<TDev>;
        };

        //! Any nullary callable (host lambda, kernel, memcpy or memset task) is moved or copied into the queue (into
        //! the graph while the queue captures one).
        template<typename TDev, typename TTask>
        struct Enqueue<QueueGenericThreadsNonBlocking<TDev>, TTask, std::enable_if_t<std::is_invocable_v<TTask&>>>
        {
            template<typename TTaskFwd>
            static auto enqueue(QueueGenericThreadsNonBlocking<TDev>& queue, TTaskFwd&& task) -> void
            {
                if(queue.m_core->capture().active())
                    queue.m_core->capture().record(std::forward<TTaskFwd>(task));
                else
                    queue.m_core->push(
                        std::forward<TTaskFwd>(task), trace::describerOf<std::remove_cvref_t<TTaskFwd>>());
            }
        };

        template<typename TDev>
        struct Empty<QueueGenericThreadsNonBlocking<TDev>>
        {
            static auto empty(QueueGenericThreadsNonBlocking<TDev> const& queue) -> bool
            {
                return queue.m_core->empty();
            }
        };

        template<typename TDev>
        struct CurrentThreadWaitFor<QueueGenericThreadsNonBlocking<TDev>>
        {
            static auto currentThreadWaitFor(QueueGenericThreadsNonBlocking<TDev> const& queue) -> void
            {
                queue.m_core->waitAll();
            }
        };
    } // namespace trait
    namespace trace
    {
        //! Names the queue's track in traces ("solver queue"); call it before other threads use the queue.
        template<typename TDev>
        void setQueueLabel(QueueGenericThreadsNonBlocking<TDev> const& queue, std::string label)
        {
            queue.m_core->traceTrack().label = std::move(label);
        }

        //! The queue's track in traces.
        template<typename TDev>
        auto queueTrack(QueueGenericThreadsNonBlocking<TDev> const& queue) -> Track const&
        {
            return queue.m_core->traceTrack();
        }
    } // namespace trace
} // namespace alpaka
