// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The Cuda names of the uniform CUDA/HIP host types: DevCudaRt, PlatformCudaRt, QueueCudaRtBlocking,
//! QueueCudaRtNonBlocking, EventCudaRt, BufCudaRt. Usable from host code a plain C++ compiler builds.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)

#    include "alpaka/detail/cudaHip/ApiCudaRt.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/event/EventUniformCudaHipRt.hpp"
#    include "alpaka/mem/buf/BufUniformCudaHipRt.hpp"
#    include "alpaka/mem/global/DeviceGlobalUniformCudaHipRt.hpp"
#    include "alpaka/platform/PlatformUniformCudaHipRt.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

namespace alpaka
{
    using DevCudaRt = DevUniformCudaHipRt<ApiCudaRt>;
    using PlatformCudaRt = PlatformUniformCudaHipRt<ApiCudaRt>;
    using QueueCudaRtBlocking = QueueUniformCudaHipRt<ApiCudaRt, true>;
    using QueueCudaRtNonBlocking = QueueUniformCudaHipRt<ApiCudaRt, false>;
    using EventCudaRt = EventUniformCudaHipRt<ApiCudaRt>;
    template<typename TElem, typename TDim, typename TIdx>
    using BufCudaRt = BufUniformCudaHipRt<ApiCudaRt, TElem, TDim, TIdx>;
} // namespace alpaka

#endif
