// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Block synchronisation inside a CUDA/HIP kernel: __syncthreads and its predicate forms; BlockAnd and BlockOr are
//! normalised to 0 or 1 (the runtime only promises non-zero).

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/block/op/LogicalOp.hpp"
#    include "alpaka/block/sync/Traits.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"

namespace alpaka
{
    class BlockSyncUniformCudaHipBuiltIn : public concepts::Implements<ConceptBlockSync, BlockSyncUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<>
        struct SyncBlockThreads<BlockSyncUniformCudaHipBuiltIn>
        {
            __device__ static auto syncBlockThreads(BlockSyncUniformCudaHipBuiltIn const&) -> void
            {
                __syncthreads();
            }
        };

        template<>
        struct SyncBlockThreadsPredicate<BlockCount, BlockSyncUniformCudaHipBuiltIn>
        {
            __device__ static auto
            syncBlockThreadsPredicate(BlockSyncUniformCudaHipBuiltIn const&, int predicate) -> int
            {
                return __syncthreads_count(predicate);
            }
        };

        template<>
        struct SyncBlockThreadsPredicate<BlockAnd, BlockSyncUniformCudaHipBuiltIn>
        {
            __device__ static auto
            syncBlockThreadsPredicate(BlockSyncUniformCudaHipBuiltIn const&, int predicate) -> int
            {
                return __syncthreads_and(predicate) != 0 ? 1 : 0;
            }
        };

        template<>
        struct SyncBlockThreadsPredicate<BlockOr, BlockSyncUniformCudaHipBuiltIn>
        {
            __device__ static auto
            syncBlockThreadsPredicate(BlockSyncUniformCudaHipBuiltIn const&, int predicate) -> int
            {
                return __syncthreads_or(predicate) != 0 ? 1 : 0;
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
