// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccGpuCudaRt<TDim, TIdx>: kernels on NVIDIA GPUs through the CUDA runtime. Enabled by
//! ALPAKA_ACC_GPU_CUDA_ENABLED in translation units nvcc (or NVRTC, kernel side only) compiles. Host code compiled
//! by a plain C++ compiler still has the CUDA devices, queues, events and buffers (dev/DevCudaRt.hpp, ...).

#include "alpaka/core/Common.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && ALPAKA_LANG_CUDA

#    include "alpaka/acc/AccGpuUniformCudaHipRt.hpp"
#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/ApiCudaRt.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccGpuCudaRt final
        : public AccGpuUniformCudaHipRt<ApiCudaRt, TDim, TIdx>
        , public concepts::Implements<ConceptAcc, AccGpuCudaRt<TDim, TIdx>>
    {
    public:
        using AccGpuUniformCudaHipRt<ApiCudaRt, TDim, TIdx>::AccGpuUniformCudaHipRt;
        using Tag = TagGpuCudaRt;
        static constexpr char const* accName = "AccGpuCudaRt";
    };

    namespace detail::cudaHip
    {
        template<typename TDim, typename TIdx>
        inline constexpr bool isGpuAccelerator<AccGpuCudaRt<TDim, TIdx>> = true;
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagGpuCudaRt, TDim, TIdx>
        {
            using type = AccGpuCudaRt<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#    if !ALPAKA_RTC
#        include "alpaka/dev/DevCudaRt.hpp"
#        include "alpaka/kernel/TaskKernelGpuUniformCudaHipRt.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelGpuCudaRt = TaskKernelGpuUniformCudaHipRt<AccGpuCudaRt<TDim, TIdx>, TKernelFnObj, TArgs...>;
} // namespace alpaka
#    endif

#endif
