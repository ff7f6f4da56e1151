// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueCpuNonBlocking: the non-blocking queue of the CPU device (all CPU back-ends use it).

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/event/EventGenericThreads.hpp"
#include "alpaka/queue/Properties.hpp"
#include "alpaka/queue/QueueGenericThreadsNonBlocking.hpp"

namespace alpaka
{
    using QueueCpuNonBlocking = QueueGenericThreadsNonBlocking<DevCpu>;

    namespace trait
    {
        template<>
        struct QueueType<DevCpu, NonBlocking>
        {
            using type = QueueCpuNonBlocking;
        };
    } // namespace trait
} // namespace alpaka
