// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueCpuBlocking: the blocking queue of the CPU device (all CPU back-ends use it).

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/event/EventGenericThreads.hpp"
#include "alpaka/queue/Properties.hpp"
#include "alpaka/queue/QueueGenericThreadsBlocking.hpp"

namespace alpaka
{
    using QueueCpuBlocking = QueueGenericThreadsBlocking<DevCpu>;

    namespace trait
    {
        template<>
        struct QueueType<DevCpu, Blocking>
        {
            using type = QueueCpuBlocking;
        };
    } // namespace trait
} // namespace alpaka
