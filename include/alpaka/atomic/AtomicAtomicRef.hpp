// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the std::atomic_ref atomics of the CPU back-ends; the implementation here lives in
//! atomic/AtomicCpu.hpp (alpaka::AtomicCpu; upstream's AtomicAtomicRef class is not provided).

#include "alpaka/atomic/AtomicCpu.hpp"
