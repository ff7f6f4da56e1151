// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccGpuCudaRt (NVIDIA GPUs; compile with nvcc) without the build system: include this header before
//! <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/GpuCudaRt.hpp is used. It defines ALPAKA_ACC_GPU_CUDA_ENABLED.

#ifndef ALPAKA_ACC_GPU_CUDA_ENABLED
#    define ALPAKA_ACC_GPU_CUDA_ENABLED
#endif
