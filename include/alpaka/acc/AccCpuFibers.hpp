// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuFibers<TDim, TIdx>: the threads of a block are fibers (user-level contexts of Boost.Context) on one OS
//! thread, so a barrier costs one context switch per thread, not an OS context switch, and blocks of many threads are
//! cheap. The grid's blocks are split into one contiguous range per core, each run one block after another by an OS
//! thread of the persistent pool (the caller and detail::cpu::WorkerPool's workers): the macro's name, B_SEQ, is
//! upstream's, from when one OS thread ran all blocks, which left every core but one idle. Fiber stacks come from a
//! per-thread pool: a launch allocates no stack memory once the pool is warm (detail/cpu/launch/FiberRing.hpp). Enabled
//! by ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/detail/cpu/launch/FiberRing.hpp"
#    include "alpaka/detail/cpu/launch/WorkerPool.hpp"
#    include "alpaka/detail/sys/SysInfo.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"
#    include "alpaka/meta/Functional.hpp"

#    include <cstddef>
#    include <cstdint>

namespace alpaka
{
    namespace detail::cpu
    {
        //! Waiting of fibers: spinning would only delay the fibers of the same thread that everyone waits for.
        struct YieldFiber
        {
            //! Never parks: sleeping would stop the fibers of this thread, among them the ones everyone waits for.
            template<typename TDone, typename TPark>
            static void wait(TDone&& done, std::uint32_t, TPark&&)
            {
                while(!done())
                    FiberRing::yieldCurrent();
            }
        };
    } // namespace detail::cpu

    template<typename TDim, typename TIdx>
    class AccCpuFibers final
        : public detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::YieldFiber>
        , public concepts::Implements<ConceptAcc, AccCpuFibers<TDim, TIdx>>
    {
        using Base = detail::cpu::AccCpuBlockThreadsBase<TDim, TIdx, detail::cpu::YieldFiber>;

    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using Base::Base;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuFibers = TaskKernelCpu<AccCpuFibers<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuFibers<TDim, TIdx>>
        {
            using Acc = AccCpuFibers<TDim, TIdx>;
            using Tag = TagCpuFibers;
            static constexpr char const* name = "AccCpuFibers";
            static constexpr bool singleThread = false;
            //! Blocks run side by side, a range per core.
            static constexpr bool blocksRunInParallel = true;

            //! Bounded by stack memory: fiberStackBytes each.
            static auto blockThreadCountMax() -> std::size_t
            {
                return 1024u;
            }

            //! One OS thread per core runs blocks.
            static auto multiProcessorCount() -> std::size_t
            {
                return sys::getHardwareThreadCount();
            }

            //! The blocks [begin, end) one after another, their threads as fibers of the calling OS thread.
            template<typename TTask>
            static void runBlocks(TTask const& task, std::size_t begin, std::size_t end, FirstError& error)
            {
                std::uint32_t const threads = blockThreadCount(task.workDiv());
                BlockThreadsState<YieldFiber> block(threads, task.dynSharedMemBytes());
                // No block of this range starts once another range failed (decided here, once for all the fibers).
                block.stop = error.failed();
                try
                {
                    FiberRing::run(
                        threads,
                        [&](std::uint32_t thread) noexcept
                        { runBlockThread<Acc>(task, block, thread, begin, end, error); });
                }
                catch(...)
                {
                    // No memory for the fibers' stacks: none of the block's threads ran.
                    error.capture();
                }
            }

            //! The grid is cut into one contiguous range of blocks per core (as OpenMP's static schedule does), each
            //! range run by one OS thread of the persistent pool with its own fibers, barrier and shared memory. A
            //! range whose worker has not started it by the time the caller is done with its own is run by the caller
            //! (WorkerPool::runShares): a small launch does not wait for a worker to wake up or to get a core.
            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::size_t const blocks = blockCount(task.workDiv());
                auto const workers = static_cast<std::uint32_t>(meta::min{}(blocks, multiProcessorCount()));
                auto runWorker = [&](std::uint32_t worker) noexcept
                {
                    std::size_t const begin = blocks * worker / workers;
                    std::size_t const end = blocks * (worker + 1u) / workers;
                    try
                    {
                        runBlocks(task, begin, end, error);
                    }
                    catch(...)
                    {
                        // The block's shared memory could not be allocated: no thread of the block ran.
                        error.capture();
                    }
                };
                WorkerPool::instance().runShares(workers, runWorker);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuFibers, TDim, TIdx>
        {
            using type = AccCpuFibers<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
