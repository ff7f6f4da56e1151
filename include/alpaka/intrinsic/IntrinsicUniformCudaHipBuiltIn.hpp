// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Bit intrinsics inside a CUDA/HIP kernel: __popc/__popcll and __ffs/__ffsll.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/intrinsic/Traits.hpp"

#    include <cstdint>

namespace alpaka
{
    class IntrinsicUniformCudaHipBuiltIn : public concepts::Implements<ConceptIntrinsic, IntrinsicUniformCudaHipBuiltIn>
    {
    };

    namespace trait
    {
        template<>
        struct Popcount<IntrinsicUniformCudaHipBuiltIn>
        {
            template<typename TUnsigned>
            __device__ static auto popcount(IntrinsicUniformCudaHipBuiltIn const&, TUnsigned value) -> std::int32_t
            {
                if constexpr(sizeof(TUnsigned) == 4)
                    return static_cast<std::int32_t>(__popc(static_cast<unsigned int>(value)));
                else
                    return static_cast<std::int32_t>(__popcll(static_cast<unsigned long long>(value)));
            }
        };

        template<>
        struct Ffs<IntrinsicUniformCudaHipBuiltIn>
        {
            template<typename TUnsigned>
            __device__ static auto ffs(IntrinsicUniformCudaHipBuiltIn const&, TUnsigned value) -> std::int32_t
            {
                if constexpr(sizeof(TUnsigned) == 4)
                    return static_cast<std::int32_t>(__ffs(static_cast<int>(value)));
                else
                    return static_cast<std::int32_t>(__ffsll(static_cast<long long>(value)));
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
