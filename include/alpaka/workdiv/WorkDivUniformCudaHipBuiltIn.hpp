// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The work division inside a CUDA/HIP kernel: grid and block extents from the built-in gridDim and blockDim, the
//! elements per thread from the launch (CUDA has no such level).

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/core/Positioning.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/detail/cudaHip/Dim3.hpp"
#    include "alpaka/dim/Traits.hpp"
#    include "alpaka/idx/Traits.hpp"
#    include "alpaka/vec/Vec.hpp"
#    include "alpaka/workdiv/Traits.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class WorkDivUniformCudaHipBuiltIn
        : public concepts::Implements<ConceptWorkDiv, WorkDivUniformCudaHipBuiltIn<TDim, TIdx>>
    {
    public:
        __device__ explicit WorkDivUniformCudaHipBuiltIn(Vec<TDim, TIdx> const& threadElemExtent)
            : m_threadElemExtent(threadElemExtent)
        {
        }

        Vec<TDim, TIdx> m_threadElemExtent;
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<WorkDivUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<WorkDivUniformCudaHipBuiltIn<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivUniformCudaHipBuiltIn<TDim, TIdx>, origin::Grid, unit::Blocks>
        {
            __device__ static auto getWorkDiv(WorkDivUniformCudaHipBuiltIn<TDim, TIdx> const&) -> Vec<TDim, TIdx>
            {
                return detail::cudaHip::vecFromXyz<TDim, TIdx>(gridDim);
            }
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivUniformCudaHipBuiltIn<TDim, TIdx>, origin::Block, unit::Threads>
        {
            __device__ static auto getWorkDiv(WorkDivUniformCudaHipBuiltIn<TDim, TIdx> const&) -> Vec<TDim, TIdx>
            {
                return detail::cudaHip::vecFromXyz<TDim, TIdx>(blockDim);
            }
        };

        template<typename TDim, typename TIdx>
        struct GetWorkDiv<WorkDivUniformCudaHipBuiltIn<TDim, TIdx>, origin::Thread, unit::Elems>
        {
            __device__ static auto
            getWorkDiv(WorkDivUniformCudaHipBuiltIn<TDim, TIdx> const& workDiv) -> Vec<TDim, TIdx>
            {
                return workDiv.m_threadElemExtent;
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
