// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Wall-clock timing for examples and integration tests: measureRunTimeMs(callable) times one call,
//! measureTaskRunTimeMs(queue, task) times one task through a queue (work enqueued before it is not counted).

#include "alpaka/alpaka.hpp"

#include <chrono>
#include <utility>

namespace alpaka::test::integ
{
    //! Milliseconds that callable() took.
    template<typename TCallable>
    auto measureRunTimeMs(TCallable&& callable) -> std::chrono::milliseconds::rep
    {
        // steady_clock: a wall-clock adjustment during the run must not change the result.
        auto const start = std::chrono::steady_clock::now();
        std::forward<TCallable>(callable)();
        auto const stop = std::chrono::steady_clock::now();
        return std::chrono::duration_cast<std::chrono::milliseconds>(stop - start).count();
    }

    //! Milliseconds from enqueueing task into queue until the queue finished it. The queue is drained first, so
    //! earlier work does not count.
    template<typename TQueue, typename TTask>
    auto measureTaskRunTimeMs(TQueue& queue, TTask&& task) -> std::chrono::milliseconds::rep
    {
        alpaka::wait(queue);
        return measureRunTimeMs(
            [&]
            {
                alpaka::enqueue(queue, std::forward<TTask>(task));
                alpaka::wait(queue);
            });
    }
} // namespace alpaka::test::integ
