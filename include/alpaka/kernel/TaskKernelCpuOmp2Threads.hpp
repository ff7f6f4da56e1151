// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::TaskKernelCpuOmp2Threads<TDim, TIdx, TKernelFnObj, TArgs...>; the alias lives in
//! acc/AccCpuOmp2Threads.hpp, the task in kernel/TaskKernelCpu.hpp. The alias exists when
//! ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED is defined.

#include "alpaka/acc/AccCpuOmp2Threads.hpp"
#include "alpaka/kernel/TaskKernelCpu.hpp"
