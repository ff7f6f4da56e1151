// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TaskKernelCpuCooperative<TAcc, TKernelFnObj, TArgs...>: a cooperative kernel launch on a CPU accelerator (see
//! createTaskCooperativeKernel). Every block of the grid runs at the same time, each on its own thread, and the
//! kernel's syncGridThreads meets at one barrier of the whole grid. A back-end whose blocks run one after another
//! (serial, std::thread, fibers, OpenMP threads, OpenMP target) runs grids of one block, whose barrier is the block's;
//! one whose blocks run side by side on threads that are guaranteed to run at once (OpenMP blocks: one team thread per
//! block) runs up to its thread count (CpuAccDescription::cooperativeBlocksMax). A grid with more blocks is refused
//! with an exception, when the task is created and again when it runs: a barrier that not every block can reach
//! would hang.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Debug.hpp"
#include "alpaka/detail/FirstError.hpp"
#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"
#include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/kernel/TaskKernelCpu.hpp"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace alpaka
{
    namespace detail::cpu
    {
        //! Throws std::runtime_error unless every block of workDiv can run at the same time on TAcc.
        template<typename TAcc, typename TWorkDiv>
        void throwIfNotCooperative(TWorkDiv const& workDiv)
        {
            auto const blocks = static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(workDiv).prod());
            auto const max = cooperativeBlocksMax<TAcc>();
            if(blocks > max)
                throw std::runtime_error(
                    "cooperative kernel launch on " + getAccName<TAcc>() + ": the grid has " + std::to_string(blocks)
                    + " blocks, but at most " + std::to_string(max)
                    + " can run at the same time (alpaka::getMaxActiveBlocks); a grid barrier needs every block "
                      "running: launch at most that many blocks");
        }

        //! What the back-ends' launch functions see of a cooperative launch: the task, and the grid barrier of this
        //! run (a run of its own per execution, so that a task replayed concurrently never shares one).
        template<typename TTask>
        class CooperativeRun
        {
        public:
            CooperativeRun(TTask const& task, BlockBarrier<SpinThenYieldThread>& gridBarrier)
                : m_task(task)
                , m_gridBarrier(gridBarrier)
            {
            }

            [[nodiscard]] auto workDiv() const -> decltype(auto)
            {
                return m_task.workDiv();
            }

            [[nodiscard]] auto dynSharedMemBytes() const -> std::uint32_t
            {
                return m_task.dynSharedMemBytes();
            }

            [[nodiscard]] auto kernelFnObj() const -> decltype(auto)
            {
                return m_task.kernelFnObj();
            }

            [[nodiscard]] auto args() const -> decltype(auto)
            {
                return m_task.args();
            }

            template<typename TAcc>
            void runKernel(TAcc const& acc) const
            {
                m_task.runKernel(acc);
            }

            //! The barrier of the grid's threads where blocks run side by side (one thread each).
            [[nodiscard]] auto gridBarrier() const -> BlockBarrier<SpinThenYieldThread>&
            {
                return m_gridBarrier;
            }

        private:
            TTask const& m_task;
            BlockBarrier<SpinThenYieldThread>& m_gridBarrier;
        };
    } // namespace detail::cpu

    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpuCooperative final
    {
        using Task = TaskKernelCpu<TAcc, TKernelFnObj, TArgs...>;

    public:
        //! The traits of kernel/TaskKernelCpu.hpp (detail::cpu::isCpuKernelTask, specialized below).
        using CpuKernelAcc = TAcc;

        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelCpuCooperative(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            : m_task(workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...)
        {
            if(!m_task.empty())
                detail::cpu::throwIfNotCooperative<TAcc>(workDiv);
        }

        //! A launch the caller validated already (the run-time compiled kernels of pyalpaka, whose runtime checks the
        //! work division and the shared memory itself): only the cooperative limit is checked.
        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelCpuCooperative(
            detail::cpu::ValidatedLaunch validated,
            TWorkDiv const& workDiv,
            TKernelFnObj const& kernelFnObj,
            TArgsFwd&&... args)
            : m_task(validated, workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...)
        {
            if(!m_task.empty())
                detail::cpu::throwIfNotCooperative<TAcc>(workDiv);
        }

        //! Runs every block of the grid at the same time.
        void operator()() const
        {
            ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("cooperative kernel on " << getAccName<TAcc>());
            detail::cpu::runKernelReportingErrors(&launchGrid, this, &getAccName<TAcc>);
        }

        [[nodiscard]] auto workDiv() const -> typename Task::WorkDiv const&
        {
            return m_task.workDiv();
        }

    private:
        static void launchGrid(void const* self)
        {
            Task const& task = static_cast<TaskKernelCpuCooperative const*>(self)->m_task;
            if(task.empty())
                return;
            // Again: the OpenMP thread count may have changed since the task was created.
            detail::cpu::throwIfNotCooperative<TAcc>(task.workDiv());
            detail::cpu::BlockBarrier<detail::cpu::SpinThenYieldThread> gridBarrier(
                static_cast<std::uint32_t>(detail::cpu::blockCount(task.workDiv())));
            detail::cpu::CooperativeRun<Task> const run(task, gridBarrier);
            detail::FirstError error;
            using Description = detail::cpu::CpuAccDescription<TAcc>;
            if constexpr(requires { Description::launchCooperative(run, error); })
                Description::launchCooperative(run, error);
            else
                Description::launch(run, error); // one block
            error.rethrowIfAny();
        }

        Task m_task;
    };

    namespace detail::cpu
    {
        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        inline constexpr bool isCpuKernelTask<TaskKernelCpuCooperative<TAcc, TKernelFnObj, TArgs...>> = true;
    } // namespace detail::cpu
} // namespace alpaka
