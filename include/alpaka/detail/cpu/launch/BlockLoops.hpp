// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The loops every CPU back-end runs on its threads: a range of one-thread blocks on one thread, or one thread of a
//! block across a range of blocks, with the block-end barrier that recycles the block's shared memory. The back-ends
//! differ only in how they hand out ranges and threads (see their CpuAccDescription::launch).

#include "alpaka/detail/FirstError.hpp"
#include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/detail/cpu/launch/SharedMemArena.hpp"
#include "alpaka/idx/MapIdx.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/Traits.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace alpaka::detail::cpu
{
    //! The N-D index of a linear index in extent (row-major); 0-D extents have the one index ().
    template<typename TDim, typename TIdx>
    auto ndIndex(TIdx linear, Vec<TDim, TIdx> const& extent) -> Vec<TDim, TIdx>
    {
        if constexpr(TDim::value == 0)
            return Vec<TDim, TIdx>::zeros();
        else
            return mapIdx<TDim::value>(Vec<DimInt<1u>, TIdx>{linear}, extent);
    }

    //! Whether a task is a cooperative launch's run (see kernel/TaskKernelCpuCooperative.hpp): its grid barrier is
    //! then the accelerators' syncGridThreads.
    template<typename TTask>
    inline constexpr bool isCooperative = requires(TTask const& task) { task.gridBarrier(); };

    //! A block of a cooperative launch that will not reach the grid barrier again (it threw, or is skipped after a
    //! failure elsewhere) leaves it, so that the other blocks' barriers complete without it.
    template<typename TTask>
    void leaveGrid(TTask const& task) noexcept
    {
        if constexpr(isCooperative<TTask>)
            task.gridBarrier().drop();
    }

    //! Runs blocks of a one-thread-per-block accelerator on the calling thread, with one accelerator object and the
    //! thread's shared memory arena for all of them. The first exception goes to error; after a failure anywhere the
    //! remaining blocks are skipped.
    template<typename TAcc, typename TTask>
    class OneThreadBlockRunner
    {
        using Idx = typename TAcc::IdxT;

    public:
        OneThreadBlockRunner(TTask const& task, FirstError& error)
            : m_task(task)
            , m_error(error)
            , m_acc(
                  CpuLaunchKey{},
                  task.workDiv(),
                  threadLocalSharedMemArena<blockSharedMemBytes>(),
                  task.dynSharedMemBytes())
            , m_gridBlockExtent(getWorkDiv<Grid, Blocks>(task.workDiv()))
        {
            if constexpr(isCooperative<TTask>)
                m_acc.m_gridBarrier = &task.gridBarrier();
        }

        //! Block `block` (linear index).
        void run(std::size_t block) noexcept
        {
            if(m_error.failed())
            {
                leaveGrid(m_task);
                return;
            }
            try
            {
                m_acc.m_currentGridBlockIdx = ndIndex(static_cast<Idx>(block), m_gridBlockExtent);
                m_task.runKernel(static_cast<TAcc const&>(m_acc));
                freeSharedVars(m_acc);
            }
            catch(...)
            {
                freeSharedVars(m_acc);
                m_error.capture();
                leaveGrid(m_task);
            }
        }

        //! Blocks [begin, end).
        void run(std::size_t begin, std::size_t end) noexcept
        {
            for(std::size_t block = begin; block < end; ++block)
                run(block);
        }

    private:
        TTask const& m_task;
        FirstError& m_error;
        TAcc m_acc;
        Vec<typename TAcc::DimT, Idx> m_gridBlockExtent;
    };

    //! Runs blocks [begin, end) of a one-thread-per-block accelerator on the calling thread.
    template<typename TAcc, typename TTask>
    void runOneThreadBlocks(TTask const& task, std::size_t begin, std::size_t end, FirstError& error) noexcept
    {
        try
        {
            OneThreadBlockRunner<TAcc, TTask>(task, error).run(begin, end);
        }
        catch(...)
        {
            error.capture(); // the shared memory arena could not be allocated
            leaveGrid(task);
        }
    }

    //! The number of blocks and threads per block of a work division, as counts (of a task's: one function for all
    //! kernels).
    template<typename TWorkDiv>
    auto blockCount(TWorkDiv const& workDiv) -> std::size_t
    {
        return static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(workDiv).prod());
    }

    template<typename TWorkDiv>
    auto blockThreadCount(TWorkDiv const& workDiv) -> std::uint32_t
    {
        return static_cast<std::uint32_t>(getWorkDiv<Block, Threads>(workDiv).prod());
    }

    //! Pipelined blocks wake their waiters in batches of this many completed blocks: a waiter sleeps until it may run
    //! this many blocks, not one (which would wake every waiter after every block on an oversubscribed machine).
    template<typename TWait>
    auto slotBatch(BlockThreadsState<TWait> const& block) -> std::size_t
    {
        return block.slotCount / 2u;
    }

    //! Pipelined blocks (see BlockThreadsState): waits until block k of the range may start, i.e. every thread has
    //! finished block k - slotCount, which used the same slot (rounded up to a whole batch, see slotBatch); false if a
    //! failure ends the launch meanwhile. The wait ends before this thread's own block k - 1 is needed, so it cannot
    //! wait for itself. startable: the blocks this thread may start without looking (completed + slotCount when it
    //! last looked), kept by the caller, so that the shared counter is read about once per batch, not per block.
    template<typename TWait>
    auto
    awaitSlot(BlockThreadsState<TWait>& block, std::size_t k, std::size_t& startable, FirstError const& error) -> bool
    {
        if(k < startable)
            return !error.failed();
        startable = block.completed.load(std::memory_order_acquire) + block.slotCount;
        if(k >= startable)
        {
            std::size_t const batch = slotBatch(block);
            std::size_t const needed = (k - block.slotCount + batch) / batch * batch;
            block.slotWait.wait(
                [&]
                {
                    // Pairs with the fence in leaveSlots: a failure seen there or here, never missed by both.
                    std::atomic_thread_fence(std::memory_order_seq_cst);
                    return block.completed.load(std::memory_order_seq_cst) >= needed || error.failed();
                });
            startable = block.completed.load(std::memory_order_acquire) + block.slotCount;
        }
        return !error.failed();
    }

    //! Pipelined blocks: the calling thread is done with block k of the range; the last thread to finish it empties
    //! the block's slot and publishes that the block is complete. Blocks complete in order, since every thread runs
    //! them in order.
    template<typename TWait>
    void finishSlot(BlockThreadsState<TWait>& block, std::size_t k)
    {
        auto& slot = block.slots[k % block.slotCount];
        if(slot.finished.fetch_add(1u, std::memory_order_acq_rel) + 1u == block.threads)
        {
            slot.staticVars.clear();
            slot.finished.store(0u, std::memory_order_relaxed);
            block.completed.store(k + 1u, std::memory_order_seq_cst);
            if((k + 1u) % slotBatch(block) == 0u)
                block.slotWait.notify();
        }
    }

    //! A thread leaves its blocks after a failure: the others' barriers complete without it, and pipelined threads
    //! waiting for a block it will not finish wake up and see the failure.
    template<typename TWait>
    void leaveSlots(BlockThreadsState<TWait>& block)
    {
        block.barrier.drop();
        std::atomic_thread_fence(std::memory_order_seq_cst);
        block.slotWait.notify();
    }

    //! The barrier at the end of a block that is not pipelined: the last thread to arrive recycles the block's static
    //! shared variables and tells all whether to stop. A function of TWait alone: as a lambda in runBlockThread, it and
    //! the barrier's wait loop were compiled again for every kernel.
    template<typename TWait>
    void meetAtBlockEnd(BlockThreadsState<TWait>& block, FirstError const& error)
    {
        block.barrier.arriveAndWait(
            false,
            [&]
            {
                block.slots[0].staticVars.clear();
                block.stop = error.failed();
            });
    }

    //! Runs thread `thread` (linear index in the block) of the blocks [begin, end), one after another; every thread of
    //! the block calls this with the same range and block state. A thread whose kernel throws leaves the barrier, so
    //! the others finish the block; no later block starts. Pipelined (see BlockThreadsState) a thread goes on to its
    //! next block without waiting for the others, else the threads meet at a barrier after each block, which also
    //! recycles the block's shared memory.
    template<typename TAcc, typename TWait, typename TTask>
    void runBlockThread(
        TTask const& task,
        BlockThreadsState<TWait>& block,
        std::size_t thread,
        std::size_t begin,
        std::size_t end,
        FirstError& error) noexcept
    {
        using Idx = typename TAcc::IdxT;
        try
        {
            auto const blockThreadExtent = getWorkDiv<Block, Threads>(task.workDiv());
            TAcc acc(CpuLaunchKey{}, task.workDiv(), ndIndex(static_cast<Idx>(thread), blockThreadExtent), block);
            // A cooperative launch of these back-ends has one block: the grid's threads are the block's.
            if constexpr(isCooperative<TTask>)
                acc.m_gridBarrier = &block.barrier;
            auto const gridBlockExtent = getWorkDiv<Grid, Blocks>(task.workDiv());
            std::size_t startable = 0;
            for(std::size_t blockIdx = begin; blockIdx < end; ++blockIdx)
            {
                std::size_t const k = blockIdx - begin;
                if(block.pipelined())
                {
                    if(!awaitSlot(block, k, startable, error))
                    {
                        leaveSlots(block);
                        return;
                    }
                    acc.m_vars = &block.slots[k % block.slotCount].staticVars;
                }
                else if(block.stop)
                    return;
                acc.m_currentGridBlockIdx = ndIndex(static_cast<Idx>(blockIdx), gridBlockExtent);
                task.runKernel(static_cast<TAcc const&>(acc));
                if(block.pipelined())
                    finishSlot(block, k);
                else
                    meetAtBlockEnd(block, error);
            }
        }
        catch(...)
        {
            error.capture();
            leaveSlots(block);
        }
    }
} // namespace alpaka::detail::cpu
