// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the memory fences of the OpenMP blocks back-end; the implementation here lives in
//! mem/fence/MemFenceCpu.hpp, shared by the CPU back-ends whose blocks run concurrently (upstream's
//! MemFenceOmp2Blocks class is not provided).

#include "alpaka/mem/fence/MemFenceCpu.hpp"
