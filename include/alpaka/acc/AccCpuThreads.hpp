// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuThreads<TDim, TIdx>: the threads of a block are OS threads of a persistent pool (detail::cpu::WorkerPool:
//! no thread is created per launch or per block), the blocks of the grid run one after another. Block barriers spin
//! briefly and then yield. Enabled by ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/detail/cpu/launch/WorkerPool.hpp"
#    include "alpaka/detail/sys/SysInfo.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"

#    include <cstddef>
#    include <cstdint>

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccCpuThreads final
        : public detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>
        , public concepts::Implements<ConceptAcc, AccCpuThreads<TDim, TIdx>>
    {
        using Base = detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>;

    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using Base::Base;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuThreads = TaskKernelCpu<AccCpuThreads<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuThreads<TDim, TIdx>>
        {
            using Tag = TagCpuThreads;
            static constexpr char const* name = "AccCpuThreads";
            static constexpr bool singleThread = false;
            //! Blocks run one after another (a block's threads run side by side).
            static constexpr bool blocksRunInParallel = false;

            //! Block threads beyond the cores only take turns (each barrier then costs a context switch per thread):
            //! allow a few per core, as kernels written for GPUs ask for, but not thousands of OS threads.
            static auto blockThreadCountMax() -> std::size_t
            {
                return 8u * sys::getHardwareThreadCount();
            }

            //! A launch still accepts blocks of up to 1024 threads (a GPU's limit, so work divisions written for
            //! GPUs run; upstream alpaka launches any count): the pool then runs more threads than that maximum.
            static auto launchBlockThreadCountMax() -> std::size_t
            {
                return 1024u;
            }

            //! Blocks run one at a time.
            static auto multiProcessorCount() -> std::size_t
            {
                return 1u;
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::uint32_t const threads = blockThreadCount(task.workDiv());
                std::size_t const blocks = blockCount(task.workDiv());
                // Pipelined blocks (see BlockThreadsState): no barrier between blocks unless the kernel needs one.
                BlockThreadsState<SpinThenYieldThread> block(threads, task.dynSharedMemBytes(), true);
                auto runThread = [&](std::uint32_t thread) noexcept
                { runBlockThread<AccCpuThreads<TDim, TIdx>>(task, block, thread, 0u, blocks, error); };
                WorkerPool::instance().run(threads, runThread);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuThreads, TDim, TIdx>
        {
            using type = AccCpuThreads<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
