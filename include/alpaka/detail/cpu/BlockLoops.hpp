// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The loops every CPU back-end runs on its threads: a range of one-thread blocks on one thread, or one thread of a
//! block across a range of blocks, with the block-end barrier that recycles the block's shared memory. The back-ends
//! differ only in how they hand out ranges and threads (see their CpuAccDescription::launch).

#include "alpaka/detail/cpu/AccCpuBases.hpp"
#include "alpaka/detail/cpu/FirstError.hpp"
#include "alpaka/detail/cpu/KernelLaunch.hpp"
#include "alpaka/detail/cpu/SharedMemArena.hpp"
#include "alpaka/idx/MapIdx.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/Traits.hpp"

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
        }

        //! Block `block` (linear index).
        void run(std::size_t block) noexcept
        {
            if(m_error.failed())
                return;
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
        }
    }

    //! The number of blocks and threads per block of a task, as counts.
    template<typename TTask>
    auto blockCount(TTask const& task) -> std::size_t
    {
        return static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(task.workDiv()).prod());
    }

    template<typename TTask>
    auto blockThreadCount(TTask const& task) -> std::uint32_t
    {
        return static_cast<std::uint32_t>(getWorkDiv<Block, Threads>(task.workDiv()).prod());
    }

    //! Runs thread `thread` (linear index in the block) of the blocks [begin, end), one after another; every thread of
    //! the block calls this with the same range and block state. A thread whose kernel throws leaves the barrier, so
    //! the others finish the block; no later block starts.
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
            auto const gridBlockExtent = getWorkDiv<Grid, Blocks>(task.workDiv());
            for(std::size_t blockIdx = begin; blockIdx < end; ++blockIdx)
            {
                if(block.stop)
                    return;
                acc.m_currentGridBlockIdx = ndIndex(static_cast<Idx>(blockIdx), gridBlockExtent);
                task.runKernel(static_cast<TAcc const&>(acc));
                block.barrier.arriveAndWait(
                    false,
                    [&]
                    {
                        block.staticVars.clear();
                        block.stop = error.failed();
                    });
            }
        }
        catch(...)
        {
            error.capture();
            block.barrier.drop();
        }
    }
} // namespace alpaka::detail::cpu
