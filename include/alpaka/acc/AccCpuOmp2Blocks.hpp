// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuOmp2Blocks<TDim, TIdx>: the blocks of the grid are the iterations of an OpenMP `for` loop, one thread per
//! block. The loop's schedule is the kernel's (trait::OmpSchedule, or the kernel members ompScheduleKind and
//! ompScheduleChunkSize), static by default. Enabled by ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/core/OmpSchedule.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/detail/cpu/launch/KernelArgs.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"
#    include "alpaka/kernel/Traits.hpp"
#    include "alpaka/meta/Functional.hpp"

#    include <cstddef>
#    include <cstdint>
#    include <stdexcept>
#    include <string>
#    include <type_traits>
#    include <utility>

#    include <omp.h>

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccCpuOmp2Blocks final
        : public detail::cpu::AccCpuOneThreadBase<TDim, TIdx, true>
        , public concepts::Implements<ConceptAcc, AccCpuOmp2Blocks<TDim, TIdx>>
    {
    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using detail::cpu::AccCpuOneThreadBase<TDim, TIdx, true>::AccCpuOneThreadBase;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuOmp2Blocks = TaskKernelCpu<AccCpuOmp2Blocks<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        //! The schedule a kernel asks for: trait::OmpSchedule if specialized, else the kernel's ompScheduleKind and
        //! ompScheduleChunkSize members, else static (contiguous block ranges: best for streaming kernels).
        template<typename TAcc, typename TKernelFnObj, typename TWorkDiv, std::size_t... TIndices, typename... TArgs>
        auto ompScheduleFromTrait(
            TKernelFnObj const& kernel,
            TWorkDiv const& workDiv,
            KernelArgsOf<std::index_sequence<TIndices...>, TArgs...> const& args)
        {
            return trait::OmpSchedule<TKernelFnObj, TAcc>::getOmpSchedule(
                kernel,
                getWorkDiv<Block, Threads>(workDiv),
                getWorkDiv<Thread, Elems>(workDiv),
                static_cast<KernelArg<TIndices, TArgs> const&>(args).value...);
        }

        template<typename TAcc, typename TTask>
        auto ompScheduleOf(TTask const& task) -> omp::Schedule
        {
            auto const& kernel = task.kernelFnObj();
            auto const fromTrait = ompScheduleFromTrait<TAcc>(kernel, task.workDiv(), task.args());
            if constexpr(!std::is_same_v<std::remove_cvref_t<decltype(fromTrait)>, trait::OmpScheduleNotSpecialized>)
                return fromTrait;
            else if constexpr(requires { kernel.ompScheduleKind; })
            {
                int chunk = 0;
                if constexpr(requires { kernel.ompScheduleChunkSize; })
                    chunk = static_cast<int>(kernel.ompScheduleChunkSize);
                return omp::Schedule{static_cast<omp::Schedule::Kind>(kernel.ompScheduleKind), chunk};
            }
            else
                return omp::Schedule{omp::Schedule::Static, 0};
        }

        //! Sets the calling thread's run-sched-var (an OpenMP ICV of this thread only) for the kernel's loop and
        //! restores it afterwards. Runtime and NoSchedule leave it alone (OMP_SCHEDULE decides).
        class ScopedOmpSchedule
        {
        public:
            explicit ScopedOmpSchedule(omp::Schedule const schedule)
            {
                omp_get_schedule(&m_previousKind, &m_previousChunk);
                if(schedule.kind == omp::Schedule::Static || schedule.kind == omp::Schedule::Dynamic
                   || schedule.kind == omp::Schedule::Guided || schedule.kind == omp::Schedule::Auto)
                    omp_set_schedule(static_cast<omp_sched_t>(schedule.kind), schedule.chunkSize);
            }

            ScopedOmpSchedule(ScopedOmpSchedule const&) = delete;
            auto operator=(ScopedOmpSchedule const&) -> ScopedOmpSchedule& = delete;

            ~ScopedOmpSchedule()
            {
                omp_set_schedule(m_previousKind, m_previousChunk);
            }

        private:
            omp_sched_t m_previousKind{};
            int m_previousChunk = 0;
        };

        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuOmp2Blocks<TDim, TIdx>>
        {
            using Acc = AccCpuOmp2Blocks<TDim, TIdx>;
            using Tag = TagCpuOmp2Blocks;
            static constexpr char const* name = "AccCpuOmp2Blocks";
            static constexpr bool singleThread = true;
            //! Blocks run side by side (omp for).
            static constexpr bool blocksRunInParallel = true;

            static auto blockThreadCountMax() -> std::size_t
            {
                return 1u;
            }

            static auto multiProcessorCount() -> std::size_t
            {
                return static_cast<std::size_t>(meta::max{}(1, omp_get_max_threads()));
            }

            //! A cooperative launch gives each block a thread of its own team: as many blocks as a team has threads.
            static auto cooperativeBlocksMax() -> std::size_t
            {
                return multiProcessorCount();
            }

            //! Block i on team thread i; a team smaller than asked for (nested inside another parallel region, or
            //! OMP_THREAD_LIMIT) runs nothing and reports it, since its blocks could never all reach the barrier.
            template<typename TTask>
            static void launchCooperative(TTask const& task, FirstError& error)
            {
                auto const blocks = static_cast<int>(blockCount(task.workDiv()));
                if(blocks == 1)
                {
                    runOneThreadBlocks<Acc>(task, 0u, 1u, error);
                    return;
                }
#    pragma omp parallel num_threads(blocks)
                {
                    int const team = omp_get_num_threads();
                    auto const thread = static_cast<std::size_t>(omp_get_thread_num());
                    if(team == blocks)
                        runOneThreadBlocks<Acc>(task, thread, thread + 1u, error);
                    else if(thread == 0u)
                        captureTeamTooSmall(blocks, team, error);
                }
            }

            static void captureTeamTooSmall(int blocks, int team, FirstError& error) noexcept
            {
                try
                {
                    throw std::runtime_error(
                        "cooperative kernel launch on " + getAccName<Acc>() + ": " + std::to_string(blocks)
                        + " blocks need an OpenMP team of that many threads, the runtime gave " + std::to_string(team)
                        + " (is the launch inside another parallel region with nesting disabled, or OMP_THREAD_LIMIT "
                          "lower?)");
                }
                catch(...)
                {
                    error.capture();
                }
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                auto const blocks = static_cast<std::ptrdiff_t>(blockCount(task.workDiv()));
                ScopedOmpSchedule const schedule(ompScheduleOf<Acc>(task));
#    pragma omp parallel if(blocks > 1)
                runShareOfTeam(task, blocks, error);
            }

            //! A collective launch (QueueCpuOmp2Collective): every thread of the enclosing parallel region's team
            //! calls it, the blocks are shared among them, and it returns once all have run. Each thread records the
            //! errors of its own blocks.
            template<typename TTask>
            static void launchInTeam(TTask const& task, FirstError& error)
            {
                auto const blocks = static_cast<std::ptrdiff_t>(blockCount(task.workDiv()));
                ScopedOmpSchedule const schedule(ompScheduleOf<Acc>(task));
                runShareOfTeam(task, blocks, error);
#    pragma omp barrier
            }

        private:
            //! The calling thread's iterations of the block loop, which binds to the innermost enclosing team.
            template<typename TTask>
            static void runShareOfTeam(TTask const& task, std::ptrdiff_t blocks, FirstError& error)
            {
                // Every thread of the team must reach the `for`, also one whose shared memory arena could not be
                // allocated: that one takes no blocks (a null runner; no std::optional, whose header every unit
                // would compile: docs/dev/measurements.md#headers-left-out).
                auto const runBlocks = [&](OneThreadBlockRunner<Acc, TTask>* runner) noexcept
                {
#    pragma omp for schedule(runtime) nowait
                    for(std::ptrdiff_t block = 0; block < blocks; ++block)
                        if(runner != nullptr)
                            runner->run(static_cast<std::size_t>(block));
                };
                bool constructed = false;
                try
                {
                    OneThreadBlockRunner<Acc, TTask> runner(task, error);
                    constructed = true;
                    runBlocks(&runner);
                }
                catch(...)
                {
                    error.capture();
                }
                if(!constructed)
                    runBlocks(nullptr);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuOmp2Blocks, TDim, TIdx>
        {
            using type = AccCpuOmp2Blocks<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
