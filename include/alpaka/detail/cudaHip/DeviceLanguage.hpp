// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The device-side declarations of the GPU language (built-in variables, __syncthreads, atomicAdd, warp intrinsics)
//! for the kernel-side headers of the CUDA/HIP back-ends. nvcc and NVRTC provide them implicitly; hipcc needs
//! <hip/hip_runtime.h>, hiprtc provides them implicitly.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE && ALPAKA_LANG_HIP && !ALPAKA_RTC
#    include <hip/hip_runtime.h>
#endif
