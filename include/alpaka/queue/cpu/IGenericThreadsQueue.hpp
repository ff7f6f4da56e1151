// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the interface of the generic host-thread queues; the queues and their events live in
//! queue/QueueGenericThreadsBlocking.hpp, queue/QueueGenericThreadsNonBlocking.hpp and
//! event/EventGenericThreads.hpp (upstream's IGenericThreadsQueue<TDev> interface is not provided: the queues here
//! share detail/cpu/queue/ instead).

#include "alpaka/event/EventGenericThreads.hpp"
#include "alpaka/queue/QueueGenericThreadsBlocking.hpp"
#include "alpaka/queue/QueueGenericThreadsNonBlocking.hpp"
