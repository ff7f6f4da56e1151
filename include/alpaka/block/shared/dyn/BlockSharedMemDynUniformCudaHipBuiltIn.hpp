// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Dynamic block shared memory inside a CUDA/HIP kernel: the extern __shared__ array whose size the launch passes
//! (trait::BlockSharedMemDynSizeBytes of the kernel).

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/block/shared/dyn/Traits.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"

namespace alpaka
{
    class BlockSharedMemDynUniformCudaHipBuiltIn
        : public concepts::Implements<ConceptBlockSharedDyn, BlockSharedMemDynUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<typename T>
        struct GetDynSharedMem<T, BlockSharedMemDynUniformCudaHipBuiltIn>
        {
            __device__ static auto getMem(BlockSharedMemDynUniformCudaHipBuiltIn const&) -> T*
            {
                // 16-byte alignment: enough for every fundamental type and the vector types.
                extern __shared__ __attribute__((aligned(16))) unsigned char alpakaBlockSharedMemDyn[];
                return reinterpret_cast<T*>(alpakaBlockSharedMemDyn);
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
