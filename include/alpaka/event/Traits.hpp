// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Event traits: Event<TQueue>, isComplete(event). An event is enqueued into a queue and completes when the queue
//! reaches it; it can be enqueued again. An event that was never enqueued counts as complete.

#include "alpaka/core/Common.hpp"

namespace alpaka
{
    namespace trait
    {
        //! The event type usable with a queue.
        template<typename TQueue, typename TSfinae = void>
        struct EventType;

        //! Static isComplete(event) -> bool.
        template<typename TEvent, typename TSfinae = void>
        struct IsComplete;
    } // namespace trait

    template<typename TQueue>
    using Event = typename trait::EventType<TQueue>::type;

    //! Whether the queue reached the event's latest enqueue (true if it was never enqueued).
    template<typename TEvent>
    [[nodiscard]] ALPAKA_FN_HOST auto isComplete(TEvent const& event) -> bool
    {
        return trait::IsComplete<TEvent>::isComplete(event);
    }
} // namespace alpaka
