// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The index of the thread in the block inside a CUDA/HIP kernel: the built-in threadIdx.

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
    class IdxBtUniformCudaHipBuiltIn : public concepts::Implements<ConceptIdxBt, IdxBtUniformCudaHipBuiltIn<TDim, TIdx>>
    {
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<IdxBtUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<IdxBtUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetIdx<IdxBtUniformCudaHipBuiltIn<TDim, TIdx>, origin::Block, unit::Threads>
        {
            template<typename TWorkDiv>
            __device__ static auto
            getIdx(IdxBtUniformCudaHipBuiltIn<TDim, TIdx> const&, TWorkDiv const&) -> Vec<TDim, TIdx>
            {
                return detail::cudaHip::vecFromXyz<TDim, TIdx>(threadIdx);
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
