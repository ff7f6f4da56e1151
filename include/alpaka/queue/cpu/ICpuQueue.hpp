// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the CPU queues' common interface. Here every CPU queue's core derives from
//! detail::cpu::ICpuQueue (what the CPU device needs to wait for its queues); a queue of one's own is built on a
//! QueueCpuBlocking or QueueCpuNonBlocking member, as QueueCpuOmp2Collective is, rather than on this interface.

#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/event/EventCpu.hpp"
