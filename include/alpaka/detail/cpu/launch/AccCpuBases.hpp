// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the CPU accelerators are made of. The atomic hierarchy levels name who else may touch the same address at the
//! same time: hierarchy::Threads the other threads of the block, hierarchy::Blocks the other blocks of the grid,
//! hierarchy::Grids other grids (kernels running concurrently from other queues), so grid atomics are always real.
//! AccCpuOneThreadBase: blocks of one thread (serial, OpenMP blocks, oneTBB); thread atomics are plain operations,
//! block atomics are real only where blocks run concurrently (TBlocksRunConcurrently; not on the serial back-end).
//! AccCpuBlockThreadsBase: blocks of several threads (std::thread, OpenMP threads, fibers, OpenMP target), one
//! accelerator object per block thread, all of a block pointing at the block's BlockThreadsState; every level is real.
//! Both have a grid barrier (GridSyncBarrierCpu) that only cooperative launches set.

#include "alpaka/atomic/AtomicCpu.hpp"
#include "alpaka/atomic/AtomicHierarchy.hpp"
#include "alpaka/atomic/AtomicNoOp.hpp"
#include "alpaka/block/shared/dyn/BlockSharedMemDynMember.hpp"
#include "alpaka/block/shared/st/BlockSharedMemStLocked.hpp"
#include "alpaka/block/shared/st/BlockSharedMemStMember.hpp"
#include "alpaka/block/sync/BlockSyncBarrier.hpp"
#include "alpaka/block/sync/BlockSyncNoOp.hpp"
#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"
#include "alpaka/detail/cpu/launch/BlockThreadsState.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/detail/cpu/launch/SharedMemArena.hpp"
#include "alpaka/grid/GridSyncBarrierCpu.hpp"
#include "alpaka/idx/bt/IdxBtMember.hpp"
#include "alpaka/idx/bt/IdxBtZero.hpp"
#include "alpaka/idx/gb/IdxGbRef.hpp"
#include "alpaka/intrinsic/IntrinsicCpu.hpp"
#include "alpaka/math/MathStdLib.hpp"
#include "alpaka/mem/fence/MemFenceCpu.hpp"
#include "alpaka/mem/fence/MemFenceCpuSerial.hpp"
#include "alpaka/rand/RandDefault.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/warp/WarpSingleThread.hpp"
#include "alpaka/workdiv/WorkDivMembers.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace alpaka::detail::cpu
{
    //! Only the back-ends' block loops construct accelerators (detail/cpu/launch/BlockLoops.hpp).
    struct CpuLaunchKey
    {
        explicit CpuLaunchKey() = default;
    };

    //! Holds the grid block index before the bases that refer to it are constructed.
    template<typename TDim, typename TIdx>
    struct GridBlockIdxHolder
    {
        Vec<TDim, TIdx> m_currentGridBlockIdx = Vec<TDim, TIdx>::zeros();
    };

    template<typename TDim, typename TIdx, bool TBlocksRunConcurrently>
    class AccCpuOneThreadBase
        : public GridBlockIdxHolder<TDim, TIdx>
        , public WorkDivMembers<TDim, TIdx>
        , public IdxGbRef<TDim, TIdx>
        , public IdxBtZero<TDim, TIdx>
        , public AtomicHierarchy<
              AtomicCpu,
              std::conditional_t<TBlocksRunConcurrently, AtomicCpu, AtomicNoOp>,
              AtomicNoOp>
        , public BlockSharedMemDynMember
        , public BlockSharedMemStMember
        , public BlockSyncNoOp
        , public GridSyncBarrierCpu<SpinThenYieldThread>
        , public std::conditional_t<TBlocksRunConcurrently, MemFenceCpu, MemFenceCpuSerial>
        , public IntrinsicCpu
        , public math::MathStdLib
        , public rand::RandDefault
        , public warp::WarpSingleThread
    {
        static_assert(std::is_integral_v<TIdx>, "CPU accelerators: the index type must be an integral type");

    public:
        //! sharedMem: this thread's arena of blockSharedMemBytes, reused block after block.
        template<typename TWorkDiv>
        AccCpuOneThreadBase(CpuLaunchKey, TWorkDiv const& workDiv, std::byte* sharedMem, std::uint32_t dynBytes)
            : WorkDivMembers<TDim, TIdx>(workDiv)
            , IdxGbRef<TDim, TIdx>(this->m_currentGridBlockIdx)
            , BlockSharedMemDynMember(sharedMem, dynBytes)
            , BlockSharedMemStMember(sharedMem + staticSharedOffset(dynBytes), staticSharedCapacity(dynBytes))
        {
        }

        AccCpuOneThreadBase(AccCpuOneThreadBase const&) = delete;
        auto operator=(AccCpuOneThreadBase const&) -> AccCpuOneThreadBase& = delete;
    };

    template<typename TDim, typename TIdx, typename TWait>
    class AccCpuBlockThreadsBase
        : public GridBlockIdxHolder<TDim, TIdx>
        , public WorkDivMembers<TDim, TIdx>
        , public IdxGbRef<TDim, TIdx>
        , public IdxBtMember<TDim, TIdx>
        // The threads of a block run concurrently (and on OpenMP target so do the blocks): every level is atomic.
        , public AtomicHierarchy<AtomicCpu, AtomicCpu, AtomicCpu>
        , public BlockSharedMemDynMember
        , public BlockSharedMemStLocked<TWait>
        , public BlockSyncBarrier<TWait>
        , public GridSyncBarrierCpu<TWait>
        , public MemFenceCpu
        , public IntrinsicCpu
        , public math::MathStdLib
        , public rand::RandDefault
        , public warp::WarpSingleThread
    {
        static_assert(std::is_integral_v<TIdx>, "CPU accelerators: the index type must be an integral type");

    public:
        template<typename TWorkDiv>
        AccCpuBlockThreadsBase(
            CpuLaunchKey,
            TWorkDiv const& workDiv,
            Vec<TDim, TIdx> const& blockThreadIdx,
            BlockThreadsState<TWait>& block)
            : WorkDivMembers<TDim, TIdx>(workDiv)
            , IdxGbRef<TDim, TIdx>(this->m_currentGridBlockIdx)
            , IdxBtMember<TDim, TIdx>(blockThreadIdx)
            , BlockSharedMemDynMember(block.sharedMem, block.dynBytes)
            , BlockSharedMemStLocked<TWait>(block)
            , BlockSyncBarrier<TWait>(block.barrier)
        {
        }

        AccCpuBlockThreadsBase(AccCpuBlockThreadsBase const&) = delete;
        auto operator=(AccCpuBlockThreadsBase const&) -> AccCpuBlockThreadsBase& = delete;
    };
} // namespace alpaka::detail::cpu
