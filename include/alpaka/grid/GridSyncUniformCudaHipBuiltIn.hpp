// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Grid synchronization inside a CUDA/HIP kernel: cooperative groups' grid.sync(), valid in a cooperative launch
//! (createTaskCooperativeKernel); the runtime refuses a cooperative launch larger than the device can hold at once.
//! Under NVRTC only where the compilation defines ALPAKA_RTC_COOPERATIVE_GROUPS and puts the toolkit's cooperative
//! groups headers on the include path (pyalpaka does so for a launch with cooperative=True): they are not part of
//! the JIT's usual environment (the NVRTC and CCCL wheels). Not under hiprtc, whose headers clash with its own
//! builtins. Elsewhere a run-time compiled kernel that calls syncGridThreads fails to compile with a message that
//! says so.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/grid/Traits.hpp"

#    if ALPAKA_RTC && ALPAKA_LANG_CUDA && defined(ALPAKA_RTC_COOPERATIVE_GROUPS)
#        define ALPAKA_GRID_SYNC_COOPERATIVE_GROUPS 1
#        include <cooperative_groups.h>
#    elif ALPAKA_RTC
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
#    if ALPAKA_RTC && !defined(ALPAKA_GRID_SYNC_COOPERATIVE_GROUPS)
                static_assert(
                    meta::DependentFalseType<TDeferred>::value,
                    "alpaka::syncGridThreads needs a cooperative launch: from Python, launch the kernel with "
                    "cooperative=True (CUDA); run-time compiled HIP kernels cannot synchronize the grid (compile the "
                    "kernel ahead of time with hipcc)");
#    else
                cooperative_groups::this_grid().sync();
#    endif
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
