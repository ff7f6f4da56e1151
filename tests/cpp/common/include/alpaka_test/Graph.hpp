// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the graph tests need to know about a queue type.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <tuple>
#include <type_traits>

namespace graph_test
{
    template<typename TQueue>
    inline constexpr bool isBlocking = alpaka::test::IsBlockingQueue<TQueue>::value;

    //! CPU queues: a graph replay is one task of the queue and stops at a node that throws.
    template<typename TQueue>
    inline constexpr bool isCpuQueue = std::is_same_v<alpaka::Dev<TQueue>, alpaka::DevCpu>;

    //! Whether host tasks and event records/waits can be recorded (not on HIP: see ApiHipRt::capturesHostWork).
    template<typename TQueue, typename TSfinae = void>
    inline constexpr bool capturesHostWork = true;

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
    template<typename TApi, bool TBlocking>
    inline constexpr bool capturesHostWork<alpaka::QueueUniformCudaHipRt<TApi, TBlocking>> = TApi::capturesHostWork;
#endif

    template<typename TDevQueue>
    struct CapturesHostWork : std::bool_constant<capturesHostWork<std::tuple_element_t<1, TDevQueue>>>
    {
    };

    //! The (device, queue) pairs of TestQueues whose queues can record host tasks.
    using HostWorkQueues = alpaka::meta::Filter<alpaka::test::TestQueues, CapturesHostWork>;
} // namespace graph_test
