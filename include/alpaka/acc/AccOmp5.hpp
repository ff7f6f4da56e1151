// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccOmp5<TDim, TIdx>: OpenMP 4.5/5 target offload. The blocks of the grid are distributed over the teams of
//! `omp target teams distribute` in contiguous ranges, the threads of a block are an `omp parallel` team inside, which
//! runs the team's blocks one after another (pipelined, see BlockThreadsState). This version runs the
//! target region on the host (the initial device: no offload device, or GCC's -foffload=disable), which is what the
//! tests exercise; the region only sees pointers and calls back into host code. A block's threads share the block
//! barrier and shared memory of the other multi-threaded CPU back-ends. Enabled by ALPAKA_ACC_ANY_BT_OMP5_ENABLED.

#if defined(ALPAKA_ACC_ANY_BT_OMP5_ENABLED)

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
    class AccOmp5 final
        : public detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>
        , public concepts::Implements<ConceptAcc, AccOmp5<TDim, TIdx>>
    {
        using Base = detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::SpinThenYieldThread>;

    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using Base::Base;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelOmp5 = TaskKernelCpu<AccOmp5<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        //! The threads an `omp parallel` inside `omp target teams` gets (runtimes differ: GCC's host teams nest,
        //! LLVM's host teams get one thread each). Measured once.
        inline auto omp5TeamThreadsMax() -> std::size_t
        {
            static std::size_t const measured = []
            {
                int const wanted = static_cast<int>(meta::min{}(
                    8u * sys::getHardwareThreadCount(),
                    static_cast<std::size_t>(meta::max{}(1, omp_get_thread_limit()))));
                int got = 1;
#    pragma omp target teams num_teams(1) thread_limit(wanted) map(tofrom : got)
                {
#    pragma omp parallel num_threads(wanted)
                    {
                        if(omp_get_thread_num() == 0)
                            got = omp_get_num_threads();
                    }
                }
                return static_cast<std::size_t>(meta::max{}(1, got));
            }();
            return measured;
        }

        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccOmp5<TDim, TIdx>>
        {
            using Acc = AccOmp5<TDim, TIdx>;
            using Tag = TagOmp5;
            static constexpr char const* name = "AccOmp5";
            static constexpr bool singleThread = false;
            //! Blocks run one team at a time where the target region runs on the host (a block's threads run side by
            //! side).
            static constexpr bool blocksRunInParallel = false;

            static auto blockThreadCountMax() -> std::size_t
            {
                return omp5TeamThreadsMax();
            }

            static auto multiProcessorCount() -> std::size_t
            {
                return sys::getHardwareThreadCount();
            }

            //! What the target region needs, behind one pointer.
            template<typename TTask>
            struct Launch
            {
                TTask const* task;
                FirstError* error;
                std::uint32_t threads;
            };

            //! The blocks [begin, end) of a team: one `omp parallel` team of the block's threads runs them all,
            //! pipelined like the OpenMP threads back-end (see BlockThreadsState), so that a grid of many small blocks
            //! costs one parallel region per team, not one per block (a region per block made such a grid many times
            //! slower than an OpenMP loop: docs/dev/measurements.md#blocks-of-many-threads).
            template<typename TTask>
            static void runBlocks(void const* context, std::size_t begin, std::size_t end) noexcept
            {
                auto const& launch = *static_cast<Launch<TTask> const*>(context);
                std::uint32_t const threads = launch.threads;
                try
                {
                    BlockThreadsState<SpinThenYieldThread> block(threads, launch.task->dynSharedMemBytes(), true);
                    // Blocks that start after another failed do not run (decided here, once for all their threads).
                    block.stop = launch.error->failed();
#    pragma omp parallel num_threads(static_cast<int>(threads))
                    {
                        auto const teamSize = static_cast<std::uint32_t>(omp_get_num_threads());
                        auto const thread = static_cast<std::uint32_t>(omp_get_thread_num());
                        if(teamSize == threads)
                            runBlockThread<Acc>(*launch.task, block, thread, begin, end, *launch.error);
                        else if(thread == 0)
                            throwTeamTooSmall(threads, teamSize, *launch.error);
                    }
                }
                catch(...)
                {
                    launch.error->capture();
                }
            }

            static void throwTeamTooSmall(std::uint32_t threads, std::uint32_t teamSize, FirstError& error) noexcept
            {
                try
                {
                    throw std::runtime_error(
                        "kernel launch on " + getAccName<Acc>() + ": a block of " + std::to_string(threads)
                        + " threads needs an OpenMP team of that size inside the target region, the runtime gave "
                        + std::to_string(teamSize));
                }
                catch(...)
                {
                    error.capture();
                }
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::size_t const blocks = blockCount(task.workDiv());
                std::uint32_t const threads = blockThreadCount(task.workDiv());
                Launch<TTask> const launch{&task, &error, threads};
                // Deliberately not const: a constant pointer would let the compiler see the callee and compile it (and
                // all it calls) as target code.
                void const* context = &launch;
                void (*run)(void const*, std::size_t, std::size_t) noexcept = &runBlocks<TTask>;
                // Enough teams to keep the cores busy, counting the threads each block brings; team i runs the i-th of
                // `teams` contiguous ranges of blocks.
                std::size_t const teams = meta::min{}(
                    meta::max{}(sys::getHardwareThreadCount() / threads, std::size_t{1}),
                    meta::max{}(blocks, std::size_t{1}));
#    pragma omp target teams distribute num_teams(static_cast<int>(teams)) thread_limit(static_cast<int>(threads))     \
        firstprivate(context, run, blocks, teams)
                for(std::size_t team = 0; team < teams; ++team)
                    run(context, blocks * team / teams, blocks * (team + 1u) / teams);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagOmp5, TDim, TIdx>
        {
            using type = AccOmp5<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
