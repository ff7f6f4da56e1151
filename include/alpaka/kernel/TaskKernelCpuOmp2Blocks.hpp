// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of TaskKernelCpuOmp2Blocks<TDim, TIdx, TKernelFnObj, TArgs...>, the kernel task of
//! AccCpuOmp2Blocks: here an alias of TaskKernelCpu over that accelerator, declared with it.

#include "alpaka/acc/AccCpuOmp2Blocks.hpp"
#include "alpaka/kernel/TaskKernelCpu.hpp"
