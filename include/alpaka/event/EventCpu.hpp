// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EventCpu: the event of the CPU queues.

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/event/EventGenericThreads.hpp"

namespace alpaka
{
    using EventCpu = EventGenericThreads<DevCpu>;
} // namespace alpaka
