// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuOmp2Threads<TDim, TIdx>: the threads of a block are the threads of one OpenMP parallel region per launch
//! (the OpenMP runtime keeps its threads, so no thread is created per launch); the blocks of the grid run one after
//! another inside that region, separated by the block barrier (sense-reversing, spin then yield, rather than
//! `omp barrier`, so a thread whose kernel throws can leave without deadlocking the others).
//! Enabled by ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/detail/sys/SysInfo.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"
#    include "alpaka/meta/Functional.hpp"

#    include <cstddef>
#    include <cstdint>
#    include <stdexcept>
#    include <string>

#    include <omp.h>

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccCpuOmp2Threads final
        : public detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>
        , public concepts::Implements<ConceptAcc, AccCpuOmp2Threads<TDim, TIdx>>
    {
        using Base = detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>;

    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using Base::Base;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuOmp2Threads = TaskKernelCpu<AccCpuOmp2Threads<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuOmp2Threads<TDim, TIdx>>
        {
            //! The runtime gave fewer threads than the block has (nested parallelism off, OMP_THREAD_LIMIT, ...).
            static void reportTeamTooSmall(std::uint32_t threads, std::uint32_t teamSize, FirstError& error) noexcept
            {
                try
                {
                    throw std::runtime_error(
                        "kernel launch on " + getAccName<AccCpuOmp2Threads<TDim, TIdx>>() + ": a block of "
                        + std::to_string(threads) + " threads needs an OpenMP team of that size, the runtime gave "
                        + std::to_string(teamSize)
                        + " (is the launch inside another parallel region with nesting disabled, or OMP_THREAD_LIMIT "
                          "lower?)");
                }
                catch(...)
                {
                    error.capture();
                }
            }

            using Tag = TagCpuOmp2Threads;
            static constexpr char const* name = "AccCpuOmp2Threads";
            static constexpr bool singleThread = false;
            //! Blocks run one after another (a block's threads run side by side).
            static constexpr bool blocksRunInParallel = false;

            //! As AccCpuThreads (a few threads per core), within the OpenMP thread limit.
            static auto blockThreadCountMax() -> std::size_t
            {
                auto const limit = static_cast<std::size_t>(meta::max{}(1, omp_get_thread_limit()));
                return meta::min{}(8u * sys::getHardwareThreadCount(), limit);
            }

            //! A launch accepts blocks of up to 1024 threads (a GPU's limit) within the OpenMP thread limit, as
            //! AccCpuThreads does: the team then has more threads than cores, which take turns.
            static auto launchBlockThreadCountMax() -> std::size_t
            {
                auto const limit = static_cast<std::size_t>(meta::max{}(1, omp_get_thread_limit()));
                return meta::min{}(std::size_t{1024}, limit);
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
#    pragma omp parallel num_threads(static_cast<int>(threads))
                {
                    // The team size is the same for every thread of the team, so all take the same branch.
                    auto const teamSize = static_cast<std::uint32_t>(omp_get_num_threads());
                    auto const thread = static_cast<std::uint32_t>(omp_get_thread_num());
                    if(teamSize == threads)
                        runBlockThread<AccCpuOmp2Threads<TDim, TIdx>>(task, block, thread, 0u, blocks, error);
                    else if(thread == 0)
                        reportTeamTooSmall(threads, teamSize, error);
                }
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuOmp2Threads, TDim, TIdx>
        {
            using type = AccCpuOmp2Threads<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
