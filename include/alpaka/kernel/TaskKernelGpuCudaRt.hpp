// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::TaskKernelGpuCudaRt; the alias lives in acc/AccGpuCudaRt.hpp, with this library's
//! parameters <TDim, TIdx, TKernelFnObj, TArgs...> (upstream's has <TAcc, TDev, TDim, TIdx, TKernelFnObj,
//! TArgs...>). Defined in units nvcc compiles with ALPAKA_ACC_GPU_CUDA_ENABLED.

#include "alpaka/acc/AccGpuCudaRt.hpp"
