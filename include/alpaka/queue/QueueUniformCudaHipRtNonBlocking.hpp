// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueUniformCudaHipRtNonBlocking<TApi>: upstream's name of the non-blocking CUDA/HIP queue of the runtime TApi
//! (ApiCudaRt, ApiHipRt), QueueUniformCudaHipRt<TApi, false> here (queue/QueueUniformCudaHipRt.hpp). Empty unless a GPU
//! back-end is enabled.

#include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

namespace alpaka
{
    template<typename TApi>
    using QueueUniformCudaHipRtNonBlocking = QueueUniformCudaHipRt<TApi, false>;
} // namespace alpaka

#endif
