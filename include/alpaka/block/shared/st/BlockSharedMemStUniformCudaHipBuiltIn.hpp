// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Static block shared memory inside a CUDA/HIP kernel: each declareSharedVar<T, id> instantiation is its own
//! __shared__ variable, laid out by the compiler; freeSharedVars has nothing to free.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/block/shared/st/Traits.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"

#    include <cstddef>

namespace alpaka
{
    class BlockSharedMemStUniformCudaHipBuiltIn
        : public concepts::Implements<ConceptBlockSharedSt, BlockSharedMemStUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<typename T, std::size_t TUniqueId>
        struct DeclareSharedVar<T, TUniqueId, BlockSharedMemStUniformCudaHipBuiltIn>
        {
            __device__ static auto declareVar(BlockSharedMemStUniformCudaHipBuiltIn const&) -> T&
            {
                // Raw storage: the variable is uninitialised, as on every back-end (T need not be constructible).
                __shared__ __attribute__((aligned(alignof(T)))) unsigned char storage[sizeof(T)];
                return *reinterpret_cast<T*>(storage);
            }
        };

        template<>
        struct FreeSharedVars<BlockSharedMemStUniformCudaHipBuiltIn>
        {
            __device__ static auto freeVars(BlockSharedMemStUniformCudaHipBuiltIn const&) -> void
            {
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
