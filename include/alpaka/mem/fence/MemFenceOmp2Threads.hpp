// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the memory fences of the OpenMP threads back-end; the implementation here lives in
//! mem/fence/MemFenceCpu.hpp, shared by the CPU back-ends with several threads per block (upstream's
//! MemFenceOmp2Threads class is not provided).

#include "alpaka/mem/fence/MemFenceCpu.hpp"
