// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Memory fences inside a CUDA/HIP kernel: __threadfence_block for the block, __threadfence for grid and device.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/mem/fence/Traits.hpp"

namespace alpaka
{
    class MemFenceUniformCudaHipBuiltIn : public concepts::Implements<ConceptMemFence, MemFenceUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<>
        struct MemFence<MemFenceUniformCudaHipBuiltIn, memory_scope::Block>
        {
            __device__ static auto mem_fence(MemFenceUniformCudaHipBuiltIn const&, memory_scope::Block const&) -> void
            {
                __threadfence_block();
            }
        };

        template<>
        struct MemFence<MemFenceUniformCudaHipBuiltIn, memory_scope::Grid>
        {
            __device__ static auto mem_fence(MemFenceUniformCudaHipBuiltIn const&, memory_scope::Grid const&) -> void
            {
                __threadfence();
            }
        };

        template<>
        struct MemFence<MemFenceUniformCudaHipBuiltIn, memory_scope::Device>
        {
            __device__ static auto mem_fence(MemFenceUniformCudaHipBuiltIn const&, memory_scope::Device const&) -> void
            {
                __threadfence();
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
