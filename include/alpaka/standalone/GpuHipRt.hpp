// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccGpuHipRt (AMD GPUs; compile with hipcc) without the build system: include this header before
//! <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/GpuHipRt.hpp is used. It defines ALPAKA_ACC_GPU_HIP_ENABLED.

#ifndef ALPAKA_ACC_GPU_HIP_ENABLED
#    define ALPAKA_ACC_GPU_HIP_ENABLED
#endif
