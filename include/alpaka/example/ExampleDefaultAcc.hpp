// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ExampleDefaultAcc<TDim, TIdx>: the most capable enabled accelerator, in the order CUDA, HIP, OpenMP 2 blocks,
//! TBB blocks, OpenMP 2 threads, std::thread, serial.

#include "alpaka/alpaka.hpp"

namespace alpaka
{
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && ALPAKA_LANG_CUDA
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccGpuCudaRt<TDim, TIdx>;
#elif defined(ALPAKA_ACC_GPU_HIP_ENABLED) && ALPAKA_LANG_HIP
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccGpuHipRt<TDim, TIdx>;
#elif defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccCpuOmp2Blocks<TDim, TIdx>;
#elif defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED)
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccCpuTbbBlocks<TDim, TIdx>;
#elif defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccCpuOmp2Threads<TDim, TIdx>;
#elif defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccCpuThreads<TDim, TIdx>;
#elif defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
    template<typename TDim, typename TIdx>
    using ExampleDefaultAcc = AccCpuSerial<TDim, TIdx>;
#else
    //! No back-end is enabled: configure with one of the alpaka_ACC_..._ENABLE options.
    template<typename TDim, typename TIdx>
    class ExampleDefaultAcc;
#endif
} // namespace alpaka
