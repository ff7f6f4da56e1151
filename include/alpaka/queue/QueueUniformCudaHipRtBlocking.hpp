// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueUniformCudaHipRtBlocking<TApi>: upstream's name of the blocking CUDA/HIP queue of the runtime TApi (ApiCudaRt,
//! ApiHipRt), QueueUniformCudaHipRt<TApi, true> here (queue/QueueUniformCudaHipRt.hpp). Empty unless a GPU back-end is
//! enabled.

#include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

namespace alpaka
{
    template<typename TApi>
    using QueueUniformCudaHipRtBlocking = QueueUniformCudaHipRt<TApi, true>;
} // namespace alpaka

#endif
