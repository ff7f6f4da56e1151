// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>; the alias lives in
//! acc/AccCpuSerial.hpp, the task in kernel/TaskKernelCpu.hpp. The alias exists when
//! ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED is defined.

#include "alpaka/acc/AccCpuSerial.hpp"
#include "alpaka/kernel/TaskKernelCpu.hpp"
