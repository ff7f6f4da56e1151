// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queue traits: Queue<TAccOrDev, TProperty>, enqueue(queue, task), empty(queue).
//! A type models the queue concept by specializing trait::Enqueue and trait::Empty (upstream alpaka's manual,
//! "Details", "Concept Implementations").

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/queue/Properties.hpp"
#include "alpaka/wait/Traits.hpp"

#include <type_traits>
#include <utility>

namespace alpaka
{
    //! The concept a queue implements.
    struct ConceptQueue;

    namespace trait
    {
        //! Static enqueue(queue, task): queues a task (a nullary callable, a kernel, memcpy or memset task, an
        //! event).
        template<typename TQueue, typename TTask, typename TSfinae = void>
        struct Enqueue;

        //! Static empty(queue) -> bool: whether every task enqueued so far has finished.
        template<typename TQueue, typename TSfinae = void>
        struct Empty;

        //! The queue type of an accelerator or device with a property (Blocking or NonBlocking).
        template<typename TAccOrDev, typename TProperty, typename TSfinae = void>
        struct QueueType;
    } // namespace trait

    //! Queues task into queue. Tasks of one queue run one after another in the order they were enqueued.
    template<typename TQueue, typename TTask>
    ALPAKA_FN_HOST auto enqueue(TQueue& queue, TTask&& task) -> void
    {
        trait::Enqueue<TQueue, std::remove_cvref_t<TTask>>::enqueue(queue, std::forward<TTask>(task));
    }

    //! Whether every task enqueued so far has finished. Exact once the last task's completion can be seen: after
    //! wait(queue), and once an event enqueued last is complete (wait(event) returned, isComplete(event) is true),
    //! in any thread; upstream allows a false "busy" there. While other threads enqueue, a snapshot.
    template<typename TQueue>
    [[nodiscard]] ALPAKA_FN_HOST auto empty(TQueue const& queue) -> bool
    {
        return trait::Empty<TQueue>::empty(queue);
    }

    namespace trait
    {
        //! An accelerator's queues are those of its device.
        template<typename TAcc, typename TProperty>
        struct QueueType<TAcc, TProperty, std::enable_if_t<isAccelerator<TAcc>>>
        {
            using type = typename QueueType<Dev<TAcc>, TProperty>::type;
        };
    } // namespace trait

    //! Whether T is a queue type.
    template<typename T>
    inline constexpr bool isQueue = concepts::implements<ConceptQueue, T>;

    template<typename TAccOrDev, typename TProperty>
    using Queue = typename trait::QueueType<TAccOrDev, TProperty>::type;
} // namespace alpaka
