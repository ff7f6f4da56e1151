// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuSerial<TDim, TIdx>: runs the blocks of a grid one after another on the calling thread (or the queue's
//! worker), one thread per block. Enabled by ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)

#    include "alpaka/acc/AccDevProps.hpp"
#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/acc/Traits.hpp"
#    include "alpaka/atomic/AtomicCpu.hpp"
#    include "alpaka/atomic/AtomicHierarchy.hpp"
#    include "alpaka/atomic/AtomicNoOp.hpp"
#    include "alpaka/block/shared/dyn/BlockSharedMemDynMember.hpp"
#    include "alpaka/block/shared/st/BlockSharedMemStMember.hpp"
#    include "alpaka/block/sync/BlockSyncNoOp.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/KernelLaunch.hpp"
#    include "alpaka/dev/DevCpu.hpp"
#    include "alpaka/idx/bt/IdxBtZero.hpp"
#    include "alpaka/idx/gb/IdxGbRef.hpp"
#    include "alpaka/intrinsic/IntrinsicCpu.hpp"
#    include "alpaka/kernel/Traits.hpp"
#    include "alpaka/math/MathStdLib.hpp"
#    include "alpaka/mem/fence/MemFenceCpuSerial.hpp"
#    include "alpaka/platform/PlatformCpu.hpp"
#    include "alpaka/rand/RandDefault.hpp"
#    include "alpaka/warp/WarpSingleThread.hpp"
#    include "alpaka/workdiv/WorkDivMembers.hpp"

#    include <cstddef>
#    include <cstdint>
#    include <string>
#    include <type_traits>

namespace alpaka
{
    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    class TaskKernelCpuSerial;

    template<typename TDim, typename TIdx>
    class AccCpuSerial final
        : public WorkDivMembers<TDim, TIdx>
        , public IdxGbRef<TDim, TIdx>
        , public IdxBtZero<TDim, TIdx>
        // Blocks run one after another: only grid-level atomics (other kernels, the host) need to be atomic.
        , public AtomicHierarchy<AtomicCpu, AtomicNoOp, AtomicNoOp>
        , public BlockSharedMemDynMember
        , public BlockSharedMemStMember
        , public BlockSyncNoOp
        , public MemFenceCpuSerial
        , public IntrinsicCpu
        , public math::MathStdLib
        , public rand::RandDefault
        , public warp::WarpSingleThread
        , public concepts::Implements<ConceptAcc, AccCpuSerial<TDim, TIdx>>
    {
        static_assert(std::is_integral_v<TIdx>, "AccCpuSerial: the index type must be an integral type");

        template<typename, typename, typename, typename...>
        friend class TaskKernelCpuSerial;

        //! Block shared memory: dynamic at the start of the arena, static variables after it (64-byte aligned).
        template<typename TWorkDiv>
        AccCpuSerial(TWorkDiv const& workDiv, std::byte* sharedMem, std::uint32_t dynBytes)
            : WorkDivMembers<TDim, TIdx>(workDiv)
            , IdxGbRef<TDim, TIdx>(m_gridBlockIdx)
            , BlockSharedMemDynMember(sharedMem, dynBytes)
            , BlockSharedMemStMember(
                  sharedMem + staticOffset(dynBytes),
                  static_cast<std::uint32_t>(detail::cpu::blockSharedMemBytes - staticOffset(dynBytes)))
        {
        }

        static constexpr auto staticOffset(std::uint32_t dynBytes) -> std::uint32_t
        {
            std::size_t const rounded = (std::size_t{dynBytes} + 63u) / 64u * 64u;
            return static_cast<std::uint32_t>(
                rounded < detail::cpu::blockSharedMemBytes ? rounded : detail::cpu::blockSharedMemBytes);
        }

    public:
        AccCpuSerial(AccCpuSerial const&) = delete;
        AccCpuSerial(AccCpuSerial&&) = delete;
        auto operator=(AccCpuSerial const&) -> AccCpuSerial& = delete;
        auto operator=(AccCpuSerial&&) -> AccCpuSerial& = delete;

    private:
        Vec<TDim, TIdx> m_gridBlockIdx = Vec<TDim, TIdx>::zeros();
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct AccType<AccCpuSerial<TDim, TIdx>>
        {
            using type = AccCpuSerial<TDim, TIdx>;
        };

        template<typename TDim, typename TIdx>
        struct IsSingleThreadAcc<AccCpuSerial<TDim, TIdx>> : std::true_type
        {
        };

        template<typename TDim, typename TIdx>
        struct GetAccDevProps<AccCpuSerial<TDim, TIdx>>
        {
            static auto getAccDevProps(DevCpu const& dev) -> AccDevProps<TDim, TIdx>
            {
                return detail::cpu::cpuAccDevProps<TDim, TIdx>(dev, TIdx{1}, TIdx{1});
            }
        };

        template<typename TDim, typename TIdx>
        struct GetAccName<AccCpuSerial<TDim, TIdx>>
        {
            static auto getAccName() -> std::string
            {
                return detail::cpu::cpuAccName<TDim, TIdx>("AccCpuSerial");
            }
        };

        template<typename TDim, typename TIdx>
        struct DevType<AccCpuSerial<TDim, TIdx>>
        {
            using type = DevCpu;
        };

        template<typename TDim, typename TIdx>
        struct DimType<AccCpuSerial<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<AccCpuSerial<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct PlatformType<AccCpuSerial<TDim, TIdx>>
        {
            using type = PlatformCpu;
        };

        template<typename TDim, typename TIdx, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskKernel<AccCpuSerial<TDim, TIdx>, TWorkDiv, TKernelFnObj, TArgs...>
        {
            template<typename... TArgsFwd>
            static auto createTaskKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            {
                return TaskKernelCpuSerial<TDim, TIdx, TKernelFnObj, TArgs...>(
                    workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...);
            }
        };

        //! CPU kernels have no compiled attributes beyond the back-end's limits.
        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        struct FunctionAttributes<AccCpuSerial<TDim, TIdx>, DevCpu, TKernelFnObj, TArgs...>
        {
            static auto
            getFunctionAttributes(DevCpu const& dev, TKernelFnObj const&, TArgs const&...) -> KernelFunctionAttributes
            {
                auto const props = GetAccDevProps<AccCpuSerial<TDim, TIdx>>::getAccDevProps(dev);
                KernelFunctionAttributes attributes;
                attributes.maxDynamicSharedSizeBytes = static_cast<int>(props.m_sharedMemSizeBytes);
                attributes.maxThreadsPerBlock = static_cast<int>(props.m_blockThreadCountMax);
                return attributes;
            }
        };

        template<typename TDim, typename TIdx>
        struct AccToTag<AccCpuSerial<TDim, TIdx>>
        {
            using type = TagCpuSerial;
        };

        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuSerial, TDim, TIdx>
        {
            using type = AccCpuSerial<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#    include "alpaka/kernel/TaskKernelCpuSerial.hpp"

#endif
