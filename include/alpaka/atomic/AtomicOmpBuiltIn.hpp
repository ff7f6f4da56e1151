// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the OpenMP atomics; the CPU back-ends, the OpenMP ones included, use atomic/AtomicCpu.hpp
//! here (alpaka::AtomicCpu; upstream's AtomicOmpBuiltIn class is not provided).

#include "alpaka/atomic/AtomicCpu.hpp"
