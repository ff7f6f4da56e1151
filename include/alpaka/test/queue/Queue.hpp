// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queues for tests: DefaultQueue<TDev> (non-blocking, or blocking with ALPAKA_DEBUG_FULL so errors surface at the
//! call), TestQueues (every device and queue kind of the enabled back-ends), IsBlockingQueue. Includes
//! QueueTestFixture.hpp, where the fixture over TestQueues lives.

#include "alpaka/alpaka.hpp"
#include "alpaka/test/queue/QueueTestFixture.hpp"

#include <tuple>
#include <type_traits>

namespace alpaka::test
{
    namespace trait
    {
        template<typename TDev, typename TSfinae = void>
        struct DefaultQueueType;

        template<>
        struct DefaultQueueType<DevCpu>
        {
#if(ALPAKA_DEBUG >= ALPAKA_DEBUG_FULL)
            using type = QueueCpuBlocking;
#else
            using type = QueueCpuNonBlocking;
#endif
        };

        template<typename TQueue, typename TSfinae = void>
        struct IsBlockingQueue;

        template<typename TDev>
        struct IsBlockingQueue<QueueGenericThreadsBlocking<TDev>> : std::true_type
        {
        };

        template<typename TDev>
        struct IsBlockingQueue<QueueGenericThreadsNonBlocking<TDev>> : std::false_type
        {
        };
    } // namespace trait

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
    namespace trait
    {
        template<typename TApi>
        struct DefaultQueueType<DevUniformCudaHipRt<TApi>>
        {
#    if(ALPAKA_DEBUG >= ALPAKA_DEBUG_FULL)
            using type = QueueUniformCudaHipRt<TApi, true>;
#    else
            using type = QueueUniformCudaHipRt<TApi, false>;
#    endif
        };

        template<typename TApi, bool TBlocking>
        struct IsBlockingQueue<QueueUniformCudaHipRt<TApi, TBlocking>> : std::bool_constant<TBlocking>
        {
        };
    } // namespace trait
#endif

    template<typename TDev>
    using DefaultQueue = typename trait::DefaultQueueType<TDev>::type;

    template<typename TQueue>
    using IsBlockingQueue = trait::IsBlockingQueue<TQueue>;

    //! (device, queue) pairs of the enabled back-ends; back-ends with their own devices add theirs.
    using TestQueues = std::tuple<std::tuple<DevCpu, QueueCpuBlocking>, std::tuple<DevCpu, QueueCpuNonBlocking>>;
} // namespace alpaka::test
