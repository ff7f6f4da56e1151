// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! GraphCpu: the graph of the CPU device's queues (QueueCpuBlocking and QueueCpuNonBlocking; every CPU back-end).

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/graph/GraphGenericThreads.hpp"
#include "alpaka/queue/QueueCpuBlocking.hpp"
#include "alpaka/queue/QueueCpuNonBlocking.hpp"

namespace alpaka
{
    using GraphCpu = GraphGenericThreads<DevCpu>;
} // namespace alpaka
