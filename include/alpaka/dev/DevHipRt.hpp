// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The Hip names of the uniform CUDA/HIP host types: DevHipRt, PlatformHipRt, QueueHipRtBlocking,
//! QueueHipRtNonBlocking, EventHipRt, BufHipRt. Usable from host code a plain C++ compiler builds.

#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cudaHip/ApiHipRt.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/event/EventUniformCudaHipRt.hpp"
#    include "alpaka/mem/buf/BufUniformCudaHipRt.hpp"
#    include "alpaka/mem/global/DeviceGlobalUniformCudaHipRt.hpp"
#    include "alpaka/platform/PlatformUniformCudaHipRt.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

namespace alpaka
{
    using DevHipRt = DevUniformCudaHipRt<ApiHipRt>;
    using PlatformHipRt = PlatformUniformCudaHipRt<ApiHipRt>;
    using QueueHipRtBlocking = QueueUniformCudaHipRt<ApiHipRt, true>;
    using QueueHipRtNonBlocking = QueueUniformCudaHipRt<ApiHipRt, false>;
    using EventHipRt = EventUniformCudaHipRt<ApiHipRt>;
    template<typename TElem, typename TDim, typename TIdx>
    using BufHipRt = BufUniformCudaHipRt<ApiHipRt, TElem, TDim, TIdx>;
} // namespace alpaka

#endif
