// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccGpuHipRt<TDim, TIdx>: kernels on AMD (and NVIDIA) GPUs through the HIP runtime. Enabled by
//! ALPAKA_ACC_GPU_HIP_ENABLED in translation units hipcc (or hiprtc, kernel side only) compiles. Host code compiled
//! by a plain C++ compiler still has the HIP devices, queues, events and buffers (dev/DevHipRt.hpp, ...).

#include "alpaka/core/Common.hpp"

#if defined(ALPAKA_ACC_GPU_HIP_ENABLED) && ALPAKA_LANG_HIP

#    include "alpaka/acc/AccGpuUniformCudaHipRt.hpp"
#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/ApiHipRt.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccGpuHipRt final
        : public AccGpuUniformCudaHipRt<ApiHipRt, TDim, TIdx>
        , public concepts::Implements<ConceptAcc, AccGpuHipRt<TDim, TIdx>>
    {
    public:
        using AccGpuUniformCudaHipRt<ApiHipRt, TDim, TIdx>::AccGpuUniformCudaHipRt;
        using Tag = TagGpuHipRt;
        static constexpr char const* accName = "AccGpuHipRt";
    };

    namespace detail::cudaHip
    {
        template<typename TDim, typename TIdx>
        inline constexpr bool isGpuAccelerator<AccGpuHipRt<TDim, TIdx>> = true;
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagGpuHipRt, TDim, TIdx>
        {
            using type = AccGpuHipRt<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#    if !ALPAKA_RTC
#        include "alpaka/dev/DevHipRt.hpp"
#        include "alpaka/kernel/TaskKernelGpuUniformCudaHipRt.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelGpuHipRt = TaskKernelGpuUniformCudaHipRt<AccGpuHipRt<TDim, TIdx>, TKernelFnObj, TArgs...>;
} // namespace alpaka
#    endif

#endif
