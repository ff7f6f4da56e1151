// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Grid synchronization inside a CUDA/HIP kernel: cooperative groups' grid.sync(), valid in a cooperative launch
//! (createTaskCooperativeKernel); the runtime refuses a cooperative launch larger than the device can hold at once.
//! Not under run-time compilation (NVRTC, hiprtc): the cooperative groups headers are toolkit headers the JIT's
//! environment (the NVRTC and CCCL wheels) does not have, and hiprtc's clash with its own builtins; a run-time
//! compiled kernel that calls syncGridThreads fails to compile with a message that says so.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/grid/Traits.hpp"

#    if ALPAKA_RTC
#        include "alpaka/meta/DependentFalseType.hpp"
#    elif ALPAKA_LANG_CUDA
#        include <cooperative_groups.h>
#    else
#        include <hip/hip_cooperative_groups.h>
#    endif

namespace alpaka
{
    class GridSyncUniformCudaHipBuiltIn : public concepts::Implements<ConceptGridSync, GridSyncUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<>
        struct SyncGridThreads<GridSyncUniformCudaHipBuiltIn>
        {
            template<typename TDeferred = void>
            __device__ static auto syncGridThreads(GridSyncUniformCudaHipBuiltIn const&) -> void
            {
#    if ALPAKA_RTC
                static_assert(
                    meta::DependentFalseType<TDeferred>::value,
                    "alpaka::syncGridThreads is not available in run-time compiled GPU kernels (NVRTC, hiprtc); "
                    "compile the kernel ahead of time with nvcc or hipcc");
#    else
                cooperative_groups::this_grid().sync();
#    endif
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
