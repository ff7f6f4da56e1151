// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! runAsWaiter<TQueue>(fn): the event tests' way to call wait(queue, event) without blocking the test on a blocking
//! queue.

#include <alpaka/test/queue/Queue.hpp>

#include <thread>
#include <utility>

#include "alpaka_test/IsBlocking.hpp"

namespace eventtest
{
    using alpaka_test::isBlocking;

    //! Runs fn on a helper thread for a blocking queue (whose wait(queue, event) blocks its caller), else here; returns
    //! the helper (not joinable when fn ran here).
    template<typename TQueue, typename TFn>
    auto runAsWaiter(TFn fn) -> std::thread
    {
        if constexpr(isBlocking<TQueue>)
            return std::thread(std::move(fn));
        else
        {
            fn();
            return {};
        }
    }
} // namespace eventtest
