// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The traits every CPU accelerator has, written once. A CPU accelerator specializes CpuAccDescription with its tag,
//! name, block thread limit and how it runs a kernel task (launch); the traits below follow from it.

#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/acc/Tag.hpp"
#include "alpaka/acc/Traits.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/detail/cpu/launch/ThreadElemChoice.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/kernel/KernelFunctionAttributes.hpp"
#include "alpaka/kernel/Traits.hpp"
#include "alpaka/platform/PlatformCpu.hpp"
#include "alpaka/workdiv/ThreadElemChoice.hpp"

#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

namespace alpaka
{
    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpu;

    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpuCooperative;

    namespace detail::cpu
    {
        //! Specialized by each CPU accelerator template:
        //!   using Tag; static constexpr char const* name; static constexpr bool singleThread;
        //!   static constexpr bool blocksRunInParallel; (whether the back-end's parallelism comes from its blocks)
        //!   static auto blockThreadCountMax() -> std::size_t; (threads a block may have)
        //!   static auto multiProcessorCount() -> std::size_t; (blocks that run at the same time)
        //!   template<typename TTask> static void launch(TTask const& task, FirstError& error);
        //! and, where all blocks of a grid can run at once (one thread each), for cooperative launches:
        //!   static auto cooperativeBlocksMax() -> std::size_t;
        //!   template<typename TTask> static void launchCooperative(TTask const& task, FirstError& error);
        template<typename TAcc>
        struct CpuAccDescription;

        template<typename TAcc>
        concept CpuAccelerator = requires { typename CpuAccDescription<TAcc>::Tag; };

        //! The most blocks a cooperative launch on TAcc may have: 1 where blocks run one after another.
        template<typename TAcc>
        auto cooperativeBlocksMax() -> std::size_t
        {
            if constexpr(requires { CpuAccDescription<TAcc>::cooperativeBlocksMax(); })
                return CpuAccDescription<TAcc>::cooperativeBlocksMax();
            else
                return 1u;
        }
    } // namespace detail::cpu

    namespace trait
    {
        template<detail::cpu::CpuAccelerator TAcc>
        struct AccType<TAcc>
        {
            using type = TAcc;
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct IsSingleThreadAcc<TAcc> : std::bool_constant<detail::cpu::CpuAccDescription<TAcc>::singleThread>
        {
        };

        //! CPU threads vectorize a counted loop over a contiguous run of elements.
        template<detail::cpu::CpuAccelerator TAcc>
        struct ElementLoopsAreContiguous<TAcc> : std::true_type
        {
        };

        //! A few long contiguous runs, one per worker (see detail/cpu/launch/ThreadElemChoice.hpp).
        template<detail::cpu::CpuAccelerator TAcc>
        struct ThreadElemChoice<TAcc>
        {
            template<typename TDim, typename TIdx>
            static auto threadElemExtent(Vec<TDim, TIdx> const& gridElemExtent, AccDevProps<TDim, TIdx> const& props)
                -> Vec<TDim, TIdx>
            {
                return detail::cpu::cpuThreadElemExtent(
                    gridElemExtent, props, detail::cpu::CpuAccDescription<TAcc>::blocksRunInParallel);
            }

            template<typename TDim, typename TIdx>
            static auto blockThreadCountMax(AccDevProps<TDim, TIdx> const& props) -> TIdx
            {
                return detail::cpu::cpuBlockThreadCountMax(
                    props, detail::cpu::CpuAccDescription<TAcc>::blocksRunInParallel);
            }
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct GetAccDevProps<TAcc>
        {
            static auto getAccDevProps(DevCpu const& dev) -> AccDevProps<typename TAcc::DimT, typename TAcc::IdxT>
            {
                using TIdx = typename TAcc::IdxT;
                using Description = detail::cpu::CpuAccDescription<TAcc>;
                return detail::cpu::cpuAccDevProps<typename TAcc::DimT, TIdx>(
                    dev,
                    static_cast<TIdx>(Description::multiProcessorCount()),
                    static_cast<TIdx>(Description::blockThreadCountMax()));
            }
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct GetAccName<TAcc>
        {
            static auto getAccName() -> std::string
            {
                return detail::cpu::cpuAccName<typename TAcc::DimT, typename TAcc::IdxT>(
                    detail::cpu::CpuAccDescription<TAcc>::name);
            }
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct DevType<TAcc>
        {
            using type = DevCpu;
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct DimType<TAcc>
        {
            using type = typename TAcc::DimT;
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct IdxType<TAcc>
        {
            using type = typename TAcc::IdxT;
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct PlatformType<TAcc>
        {
            using type = PlatformCpu;
        };

        template<detail::cpu::CpuAccelerator TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskKernel<TAcc, TWorkDiv, TKernelFnObj, TArgs...>
        {
            template<typename... TArgsFwd>
            static auto createTaskKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            {
                return TaskKernelCpu<TAcc, TKernelFnObj, TArgs...>(
                    workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...);
            }
        };

        template<detail::cpu::CpuAccelerator TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskCooperativeKernel<TAcc, TWorkDiv, TKernelFnObj, TArgs...>
        {
            template<typename... TArgsFwd>
            static auto
            createTaskCooperativeKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            {
                return TaskKernelCpuCooperative<TAcc, TKernelFnObj, TArgs...>(
                    workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...);
            }
        };

        //! Blocks of a valid size: cooperativeBlocksMax; 0 for a block the back-end cannot run.
        template<detail::cpu::CpuAccelerator TAcc, typename TKernelFnObj, typename... TArgs>
        struct MaxActiveBlocks<TAcc, DevCpu, TKernelFnObj, TArgs...>
        {
            using Vec = alpaka::Vec<typename TAcc::DimT, typename TAcc::IdxT>;

            static auto getMaxActiveBlocks(
                DevCpu const&,
                TKernelFnObj const& kernelFnObj,
                Vec const& blockThreadExtent,
                Vec const& threadElemExtent,
                TArgs const&... args) -> int
            {
                auto const limits = detail::cpu::cpuLaunchLimits<TAcc>();
                for(std::size_t i = 0; i != TAcc::DimT::value; ++i)
                    if(blockThreadExtent[i] < 1 || blockThreadExtent[i] > limits.m_blockThreadExtentMax[i]
                       || threadElemExtent[i] < 1)
                        return 0;
                if(blockThreadExtent.prod() > limits.m_blockThreadCountMax)
                    return 0;
                std::size_t const dynBytes
                    = getBlockSharedMemDynSizeBytes<TAcc>(kernelFnObj, blockThreadExtent, threadElemExtent, args...);
                if(dynBytes > limits.m_sharedMemSizeBytes)
                    return 0;
                std::size_t const blocks = detail::cpu::cooperativeBlocksMax<TAcc>();
                constexpr auto intMax = static_cast<std::size_t>(std::numeric_limits<int>::max());
                return static_cast<int>(blocks < intMax ? blocks : intMax);
            }
        };

        //! CPU kernels have no compiled attributes beyond the back-end's limits.
        template<detail::cpu::CpuAccelerator TAcc, typename TKernelFnObj, typename... TArgs>
        struct FunctionAttributes<TAcc, DevCpu, TKernelFnObj, TArgs...>
        {
            static auto
            getFunctionAttributes(DevCpu const& dev, TKernelFnObj const&, TArgs const&...) -> KernelFunctionAttributes
            {
                auto const props = GetAccDevProps<TAcc>::getAccDevProps(dev);
                KernelFunctionAttributes attributes;
                attributes.maxDynamicSharedSizeBytes = static_cast<int>(props.m_sharedMemSizeBytes);
                attributes.maxThreadsPerBlock = static_cast<int>(props.m_blockThreadCountMax);
                return attributes;
            }
        };

        template<detail::cpu::CpuAccelerator TAcc>
        struct AccToTag<TAcc>
        {
            using type = typename detail::cpu::CpuAccDescription<TAcc>::Tag;
        };
    } // namespace trait
} // namespace alpaka
