// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The index of the block in the grid inside a CUDA/HIP kernel: the built-in blockIdx.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/detail/cudaHip/Dim3.hpp"
#    include "alpaka/idx/Accessors.hpp"
#    include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class IdxGbUniformCudaHipBuiltIn : public concepts::Implements<ConceptIdxGb, IdxGbUniformCudaHipBuiltIn<TDim, TIdx>>
    {
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<IdxGbUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<IdxGbUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetIdx<IdxGbUniformCudaHipBuiltIn<TDim, TIdx>, origin::Grid, unit::Blocks>
        {
            template<typename TWorkDiv>
            __device__ static auto
            getIdx(IdxGbUniformCudaHipBuiltIn<TDim, TIdx> const&, TWorkDiv const&) -> Vec<TDim, TIdx>
            {
                return detail::cudaHip::vecFromXyz<TDim, TIdx>(blockIdx);
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
