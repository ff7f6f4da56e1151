// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TaskKernelCpu<TAcc, TKernelFnObj, TArgs...>: a kernel launch on a CPU accelerator. Creating it validates the work
//! division and the shared memory request against TAcc's limits (a work division with a component of 0 is an empty
//! launch, which runs nothing, as upstream's); running it hands the blocks to the back-end's launch
//! (CpuAccDescription<TAcc>::launch) and rethrows the first exception a kernel thread threw, once all have stopped.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Debug.hpp"
#include "alpaka/detail/FirstError.hpp"
#include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#include "alpaka/detail/cpu/launch/KernelArgs.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/trace/Trace.hpp"
#include "alpaka/workdiv/WorkDivMembers.hpp"

#include <cstdint>
#include <utility>

namespace alpaka
{
    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpu final : public WorkDivMembers<typename TAcc::DimT, typename TAcc::IdxT>
    {
    public:
        using WorkDiv = WorkDivMembers<typename TAcc::DimT, typename TAcc::IdxT>;
        //! Marks the CPU kernel tasks for the traits below (detail::cpu::CpuKernelTask).
        using CpuKernelAcc = TAcc;

        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelCpu(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            : WorkDiv(workDiv)
            , m_kernelFnObj(kernelFnObj)
            , m_args(std::in_place, std::forward<TArgsFwd>(args)...)
            , m_empty(detail::isEmptyWorkDiv(workDiv))
            , m_dynSharedMemBytes(m_empty ? 0u : detail::cpu::checkCpuLaunch<TAcc>(workDiv, kernelFnObj, m_args))
        {
        }

        //! A launch its creator validated already, with the dynamic shared memory it computed: no checks. For code that
        //! validates elsewhere with its own compiled copy of the checks (pyalpaka's run-time compiled kernels), since
        //! instantiating the checks and their messages is most of the compile time of a small kernel.
        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelCpu(
            detail::cpu::ValidatedLaunch validated,
            TWorkDiv const& workDiv,
            TKernelFnObj const& kernelFnObj,
            TArgsFwd&&... args)
            : WorkDiv(workDiv)
            , m_kernelFnObj(kernelFnObj)
            , m_args(std::in_place, std::forward<TArgsFwd>(args)...)
            , m_empty(detail::isEmptyWorkDiv(workDiv))
            , m_dynSharedMemBytes(validated.dynSharedMemBytes)
        {
        }

        //! Runs every block of the grid; nothing for an empty work division (detail::isEmptyWorkDiv).
        void operator()() const
        {
            if(m_empty)
                return;
            ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("kernel on " << getAccName<TAcc>());
            detail::cpu::runKernelReportingErrors(&launchGrid, this, &getAccName<TAcc>);
        }

        //! The calling thread's share of a collective launch, which every thread of the enclosing OpenMP team makes
        //! (QueueCpuOmp2Collective; back-ends whose description has launchInTeam). Returns once all blocks have run;
        //! rethrows the first exception of this thread's blocks.
        void runInTeam() const
        {
            if(m_empty)
                return;
            detail::cpu::runKernelReportingErrors(&launchGridInTeam, this, &getAccName<TAcc>);
        }

        [[nodiscard]] auto workDiv() const -> WorkDiv const&
        {
            return *this;
        }

        //! Whether the work division has a component of 0: the launch runs nothing.
        [[nodiscard]] auto empty() const -> bool
        {
            return m_empty;
        }

        [[nodiscard]] auto dynSharedMemBytes() const -> std::uint32_t
        {
            return m_dynSharedMemBytes;
        }

        [[nodiscard]] auto kernelFnObj() const -> TKernelFnObj const&
        {
            return m_kernelFnObj;
        }

        [[nodiscard]] auto args() const -> detail::cpu::KernelArgs<TArgs...> const&
        {
            return m_args;
        }

        //! One kernel call by one block thread.
        void runKernel(TAcc const& acc) const
        {
            m_args.call(m_kernelFnObj, acc);
        }

    private:
        static void launchGrid(void const* self)
        {
            detail::FirstError error;
            detail::cpu::CpuAccDescription<TAcc>::launch(*static_cast<TaskKernelCpu const*>(self), error);
            error.rethrowIfAny();
        }

        static void launchGridInTeam(void const* self)
        {
            detail::FirstError error;
            detail::cpu::CpuAccDescription<TAcc>::launchInTeam(*static_cast<TaskKernelCpu const*>(self), error);
            error.rethrowIfAny();
        }

        TKernelFnObj m_kernelFnObj;
        detail::cpu::KernelArgs<TArgs...> m_args;
        bool m_empty;
        std::uint32_t m_dynSharedMemBytes;
    };

    namespace detail::cpu
    {
        //! True for TaskKernelCpu and TaskKernelCpuCooperative (specialized by its header). Matched against the class
        //! templates, not looked up as a member: asking a trait of a type that is not complete yet (a BufCpu whose
        //! own trait lookup is under way) must not instantiate that type.
        template<typename TTask>
        inline constexpr bool isCpuKernelTask = false;

        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        inline constexpr bool isCpuKernelTask<TaskKernelCpu<TAcc, TKernelFnObj, TArgs...>> = true;

        //! TaskKernelCpu and TaskKernelCpuCooperative: the traits below.
        template<typename TTask>
        concept CpuKernelTask = isCpuKernelTask<TTask>;
    } // namespace detail::cpu

    namespace trait
    {
        template<detail::cpu::CpuKernelTask TTask>
        struct AccType<TTask>
        {
            using type = typename TTask::CpuKernelAcc;
        };

        template<detail::cpu::CpuKernelTask TTask>
        struct DevType<TTask>
        {
            using type = DevCpu;
        };

        template<detail::cpu::CpuKernelTask TTask>
        struct DimType<TTask>
        {
            using type = typename TTask::CpuKernelAcc::DimT;
        };

        template<detail::cpu::CpuKernelTask TTask>
        struct IdxType<TTask>
        {
            using type = typename TTask::CpuKernelAcc::IdxT;
        };
    } // namespace trait
    //! A CPU kernel launch in a trace: the kernel's type and the work division.
    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    struct trace::trait::Describe<TaskKernelCpu<TAcc, TKernelFnObj, TArgs...>>
    {
        static auto describe(TaskKernelCpu<TAcc, TKernelFnObj, TArgs...> const& task) -> Description
        {
            constexpr std::size_t dim = TAcc::DimT::value;
            std::size_t extents[3][dim + 1]{};
            auto const& workDiv = task.workDiv();
            for(std::size_t i = 0; i != dim; ++i)
            {
                extents[0][i] = static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(workDiv)[i]);
                extents[1][i] = static_cast<std::size_t>(getWorkDiv<Block, Threads>(workDiv)[i]);
                extents[2][i] = static_cast<std::size_t>(getWorkDiv<Thread, Elems>(workDiv)[i]);
            }
            return describeKernel(
                typeid(TKernelFnObj), dim, extents[0], extents[1], extents[2], task.dynSharedMemBytes());
        }
    };
} // namespace alpaka
