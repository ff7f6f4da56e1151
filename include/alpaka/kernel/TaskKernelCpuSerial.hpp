// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TaskKernelCpuSerial: a kernel launch on AccCpuSerial. Creating it validates the work division and the shared
//! memory request; running it walks the blocks in row-major order on the calling thread.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)

#    include "alpaka/acc/AccCpuSerial.hpp"
#    include "alpaka/block/shared/st/Traits.hpp"
#    include "alpaka/core/Debug.hpp"
#    include "alpaka/detail/cpu/KernelLaunch.hpp"
#    include "alpaka/detail/cpu/SharedMemArena.hpp"
#    include "alpaka/meta/NdLoop.hpp"
#    include "alpaka/workdiv/WorkDivMembers.hpp"

#    include <cstdint>
#    include <tuple>
#    include <utility>

namespace alpaka
{
    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpuSerial final : public WorkDivMembers<TDim, TIdx>
    {
        using Acc = AccCpuSerial<TDim, TIdx>;

    public:
        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelCpuSerial(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            : WorkDivMembers<TDim, TIdx>(workDiv)
            , m_kernelFnObj(kernelFnObj)
            , m_args(std::forward<TArgsFwd>(args)...)
            , m_dynSharedMemBytes(detail::cpu::checkCpuLaunch<Acc>(workDiv, kernelFnObj, m_args))
        {
        }

        //! Runs every block of the grid.
        void operator()() const
        {
            ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("kernel on " << getAccName<Acc>());
            detail::cpu::runKernelReportingErrors<Acc>(
                [&]
                {
                    Acc acc(
                        static_cast<WorkDivMembers<TDim, TIdx> const&>(*this),
                        detail::cpu::threadLocalSharedMemArena<detail::cpu::blockSharedMemBytes>(),
                        m_dynSharedMemBytes);
                    meta::ndLoopIncIdx(
                        getWorkDiv<Grid, Blocks>(*this),
                        [&](Vec<TDim, TIdx> const& gridBlockIdx)
                        {
                            acc.m_gridBlockIdx = gridBlockIdx;
                            std::apply(
                                [&](TArgs const&... args) { m_kernelFnObj(static_cast<Acc const&>(acc), args...); },
                                m_args);
                            freeSharedVars(acc);
                        });
                });
        }

    private:
        TKernelFnObj m_kernelFnObj;
        std::tuple<TArgs...> m_args;
        std::uint32_t m_dynSharedMemBytes;
    };

    namespace trait
    {
        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        struct AccType<TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>>
        {
            using type = AccCpuSerial<TDim, TIdx>;
        };

        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        struct DevType<TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>>
        {
            using type = DevCpu;
        };

        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        struct DimType<TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        struct IdxType<TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>>
        {
            using type = TIdx;
        };
    } // namespace trait
} // namespace alpaka

#endif
