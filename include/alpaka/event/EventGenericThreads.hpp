// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EventGenericThreads<TDev>: the event of the CPU queues. Enqueued into a queue it completes when the queue reaches
//! it; wait(event) waits for its latest enqueue; wait(queue, event) makes a queue wait for it. On a queue that
//! captures a graph both are recorded as graph nodes (see graph/GraphCpu.hpp).

#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/queue/EventState.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/event/Traits.hpp"
#include "alpaka/queue/QueueGenericThreadsBlocking.hpp"
#include "alpaka/queue/QueueGenericThreadsNonBlocking.hpp"
#include "alpaka/wait/Traits.hpp"

#include <memory>

namespace alpaka
{
    template<typename TDev>
    class EventGenericThreads final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, EventGenericThreads<TDev>>
    {
    public:
        //! The second parameter is upstream's busy-waiting flag; waits here always spin briefly, then sleep.
        explicit EventGenericThreads(TDev const& dev, [[maybe_unused]] bool busyWaiting = true)
            : m_dev(dev)
            , m_state(std::make_shared<detail::cpu::EventState>())
        {
        }

        //! Copies are handles of the same event.
        [[nodiscard]] auto operator==(EventGenericThreads const& other) const -> bool
        {
            return m_state == other.m_state;
        }

        [[nodiscard]] auto operator!=(EventGenericThreads const& other) const -> bool
        {
            return !(*this == other);
        }

        TDev m_dev;
        std::shared_ptr<detail::cpu::EventState> m_state;
    };

    namespace trait
    {
        template<typename TDev>
        struct DevType<EventGenericThreads<TDev>>
        {
            using type = TDev;
        };

        template<typename TDev>
        struct GetDev<EventGenericThreads<TDev>>
        {
            static auto getDev(EventGenericThreads<TDev> const& event) -> TDev
            {
                return event.m_dev;
            }
        };

        template<typename TDev>
        struct IsComplete<EventGenericThreads<TDev>>
        {
            static auto isComplete(EventGenericThreads<TDev> const& event) -> bool
            {
                return event.m_state->isComplete();
            }
        };

        //! In a blocking queue everything before the event is done: it completes at once. The queue counts the
        //! event's task finished first, so that empty(queue) is true for a thread that sees the event complete.
        template<typename TDev>
        struct Enqueue<QueueGenericThreadsBlocking<TDev>, EventGenericThreads<TDev>>
        {
            static auto
            enqueue(QueueGenericThreadsBlocking<TDev>& queue, EventGenericThreads<TDev> const& event) -> void
            {
                auto const state = event.m_state;
                if(queue.m_core->capture().active())
                    queue.m_core->capture().recordEvent(state);
                else
                    queue.m_core->runSignal(
                        [&] { state->markReady(state->markEnqueued()); }, &trace::describeOp<trace::Op::EventRecord>);
            }
        };

        //! In a non-blocking queue the event completes when the worker reaches it; the queue counts itself reached
        //! first, so that empty(queue) is true once the event is complete if nothing was enqueued after it.
        template<typename TDev>
        struct Enqueue<QueueGenericThreadsNonBlocking<TDev>, EventGenericThreads<TDev>>
        {
            static auto
            enqueue(QueueGenericThreadsNonBlocking<TDev>& queue, EventGenericThreads<TDev> const& event) -> void
            {
                auto state = event.m_state;
                if(queue.m_core->capture().active())
                    return queue.m_core->capture().recordEvent(std::move(state));
                auto const n = state->markEnqueued();
                queue.m_core->pushSignal(
                    [state = std::move(state), n] { state->markReady(n); }, &trace::describeOp<trace::Op::EventRecord>);
            }
        };

        //! The calling thread waits for the event's latest enqueue.
        template<typename TDev>
        struct CurrentThreadWaitFor<EventGenericThreads<TDev>>
        {
            static auto currentThreadWaitFor(EventGenericThreads<TDev> const& event) -> void
            {
                event.m_state->waitFor(event.m_state->lastEnqueued());
            }
        };

        //! A blocking queue waiting for an event blocks its caller until the event is reached.
        template<typename TDev>
        struct WaiterWaitFor<QueueGenericThreadsBlocking<TDev>, EventGenericThreads<TDev>>
        {
            static auto
            waiterWaitFor(QueueGenericThreadsBlocking<TDev>& queue, EventGenericThreads<TDev> const& event) -> void
            {
                if(queue.m_core->capture().active())
                    return queue.m_core->capture().recordEventWait(event.m_state);
                auto const n = event.m_state->lastEnqueued();
                queue.m_core->run([&] { event.m_state->waitFor(n); }, &trace::describeOp<trace::Op::EventWait>);
            }
        };

        //! A non-blocking queue runs later tasks only after the event's current enqueue is reached; the caller goes on.
        template<typename TDev>
        struct WaiterWaitFor<QueueGenericThreadsNonBlocking<TDev>, EventGenericThreads<TDev>>
        {
            static auto
            waiterWaitFor(QueueGenericThreadsNonBlocking<TDev>& queue, EventGenericThreads<TDev> const& event) -> void
            {
                auto state = event.m_state;
                if(queue.m_core->capture().active())
                    return queue.m_core->capture().recordEventWait(std::move(state));
                auto const n = state->lastEnqueued();
                if(state->isReady(n))
                    return;
                queue.m_core->push(
                    [state = std::move(state), n] { state->waitFor(n); }, &trace::describeOp<trace::Op::EventWait>);
            }
        };

        //! The calling thread waits for the event's device: all its queues.
        template<typename TDev>
        struct WaiterWaitFor<TDev, EventGenericThreads<TDev>>
        {
            static auto waiterWaitFor(TDev&, EventGenericThreads<TDev> const& event) -> void
            {
                event.m_state->waitFor(event.m_state->lastEnqueued());
            }
        };
    } // namespace trait
} // namespace alpaka
