// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! wait(x): the calling thread waits for a queue, event or device. wait(waiter, x): a queue waits (without
//! blocking the caller where the back-end allows) until an event is reached.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    //! The concept of something the current thread can wait for.
    struct ConceptCurrentThreadWaitFor;

    namespace trait
    {
        //! Static currentThreadWaitFor(awaited).
        template<typename TAwaited, typename TSfinae = void>
        struct CurrentThreadWaitFor;

        //! Static waiterWaitFor(waiter, awaited).
        template<typename TWaiter, typename TAwaited, typename TSfinae = void>
        struct WaiterWaitFor;
    } // namespace trait

    //! The calling thread waits until everything enqueued before this call has finished. Errors a CPU queue
    //! recorded (exceptions thrown in kernels or host tasks) are rethrown here.
    template<typename TAwaited>
    ALPAKA_FN_HOST auto wait(TAwaited const& awaited) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptCurrentThreadWaitFor, TAwaited>;
        trait::CurrentThreadWaitFor<Impl>::currentThreadWaitFor(awaited);
    }

    //! The waiter (a queue) does not run later work before awaited (an event) is reached.
    template<typename TWaiter, typename TAwaited>
    ALPAKA_FN_HOST auto wait(TWaiter& waiter, TAwaited const& awaited) -> void
    {
        trait::WaiterWaitFor<TWaiter, TAwaited>::waiterWaitFor(waiter, awaited);
    }
} // namespace alpaka
