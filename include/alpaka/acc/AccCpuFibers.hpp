// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuFibers<TDim, TIdx>: the threads of a block are Boost.Fiber fibers (user-level contexts) on one OS thread,
//! so a barrier costs one fiber switch per thread, not an OS context switch, and blocks of many threads are cheap.
//! The grid's blocks are split into one contiguous range per core, each run one block after another by an OS thread
//! of the persistent pool (the caller and detail::cpu::WorkerPool's workers): the macro's name, B_SEQ, is upstream's,
//! from when one OS thread ran all blocks, which left every core but one idle. Fiber stacks come from a per-thread
//! pool: a launch allocates no stack memory once the pool is warm. Enabled by ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/BlockLoops.hpp"
#    include "alpaka/detail/cpu/CpuAccTraits.hpp"
#    include "alpaka/detail/cpu/SysInfo.hpp"
#    include "alpaka/detail/cpu/WorkerPool.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"

#    include <algorithm>
#    include <array>
#    include <boost/fiber/fiber.hpp>
#    include <boost/fiber/operations.hpp>
#    include <boost/fiber/pooled_fixedsize_stack.hpp>
#    include <cstddef>
#    include <cstdint>
#    include <memory>
#    include <vector>

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
                    boost::this_fiber::yield();
            }
        };

        //! Stack of every block-thread fiber: large enough for kernels with sizeable local arrays.
        inline constexpr std::size_t fiberStackBytes = std::size_t{256} * 1024u;

        //! Blocks of up to this many threads plus one keep their fibers' handles on the stack of runBlocks.
        inline constexpr std::size_t smallBlockFibers = 7;
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
                return getHardwareThreadCount();
            }

            //! The blocks [begin, end) one after another, their threads as fibers of the calling OS thread.
            template<typename TTask>
            static void runBlocks(TTask const& task, std::size_t begin, std::size_t end, FirstError& error)
            {
                std::uint32_t const threads = blockThreadCount(task);
                BlockThreadsState<YieldFiber> block(threads, task.dynSharedMemBytes());
                // No block of this range starts once another range failed (decided here, once for all the fibers).
                block.stop = error.failed();
                thread_local boost::fibers::pooled_fixedsize_stack stacks(fiberStackBytes);
                // The fibers of threads 1..threads-1; small blocks keep them here, not on the heap (a launch of one
                // block of 2 threads took 0.31 us with the allocation, 0.28 us without).
                std::array<boost::fibers::fiber, smallBlockFibers> inlineFibers;
                std::vector<boost::fibers::fiber> heapFibers;
                boost::fibers::fiber* fibers = inlineFibers.data();
                std::uint32_t started = 0;
                try
                {
                    if(threads - 1u > smallBlockFibers)
                    {
                        heapFibers.resize(threads - 1u);
                        fibers = heapFibers.data();
                    }
                    for(; started + 1u < threads; ++started)
                        fibers[started] = boost::fibers::fiber(
                            std::allocator_arg,
                            stacks,
                            [&, thread = started + 1u]() noexcept
                            { runBlockThread<Acc>(task, block, thread, begin, end, error); });
                }
                catch(...)
                {
                    // Out of memory for stacks: the fibers started so far must not wait for the missing ones.
                    error.capture();
                    for(std::size_t missing = started + 1u; missing < threads; ++missing)
                        block.barrier.drop();
                    block.barrier.drop(); // thread 0 does not run either
                    for(std::uint32_t i = 0; i < started; ++i)
                        fibers[i].join();
                    return;
                }
                runBlockThread<Acc>(task, block, 0u, begin, end, error);
                for(std::uint32_t i = 0; i < started; ++i)
                    fibers[i].join();
            }

            //! The grid is cut into one contiguous range of blocks per core (as OpenMP's static schedule does), each
            //! range run by one OS thread of the persistent pool with its own fibers, barrier and shared memory. A
            //! range whose worker has not started it by the time the caller is done with its own is run by the caller
            //! (WorkerPool::runShares): a small launch does not wait for a worker to wake up or to get a core.
            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::size_t const blocks = blockCount(task);
                auto const workers = static_cast<std::uint32_t>(std::min<std::size_t>(blocks, multiProcessorCount()));
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
                        // The block's arena or the fiber stack pool could not be allocated: no fiber was started.
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
