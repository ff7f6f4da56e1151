// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the lock-based atomics of the CPU back-ends; the implementation here lives in
//! atomic/AtomicCpu.hpp, whose fall-back for types without lock-free atomics is a table of spin locks (upstream's
//! AtomicStdLibLock class is not provided).

#include "alpaka/atomic/AtomicCpu.hpp"
