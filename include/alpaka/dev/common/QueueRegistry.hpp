// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the registry of a device's queues; the CPU device here keeps its queues in
//! detail/cpu/queue/DevCpuImpl.hpp, included through dev/DevCpu.hpp (upstream's detail::QueueRegistry class is not
//! provided).

#include "alpaka/dev/DevCpu.hpp"
