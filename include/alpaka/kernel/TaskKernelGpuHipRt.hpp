// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::TaskKernelGpuHipRt; the alias lives in acc/AccGpuHipRt.hpp, with this library's
//! parameters <TDim, TIdx, TKernelFnObj, TArgs...> (upstream's has <TAcc, TDev, TDim, TIdx, TKernelFnObj,
//! TArgs...>). Defined in units hipcc compiles with ALPAKA_ACC_GPU_HIP_ENABLED.

#include "alpaka/acc/AccGpuHipRt.hpp"
