// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuFibers<TDim, TIdx>: the threads of a block are Boost.Fiber fibers (user-level contexts) on the calling
//! thread, the blocks of the grid run one after another. A barrier costs one fiber switch per thread, not an OS
//! context switch, so blocks of many threads are cheap. Fiber stacks come from a per-thread pool: a launch allocates
//! no stack memory once the pool is warm. Enabled by ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/BlockLoops.hpp"
#    include "alpaka/detail/cpu/CpuAccTraits.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"

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
            template<typename TDone>
            static void wait(TDone&& done, std::uint32_t)
            {
                while(!done())
                    boost::this_fiber::yield();
            }
        };

        //! Stack of every block-thread fiber: large enough for kernels with sizeable local arrays.
        inline constexpr std::size_t fiberStackBytes = std::size_t{256} * 1024u;
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

            //! Bounded by stack memory: fiberStackBytes each.
            static auto blockThreadCountMax() -> std::size_t
            {
                return 1024u;
            }

            //! Blocks run one at a time.
            static auto multiProcessorCount() -> std::size_t
            {
                return 1u;
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::uint32_t const threads = blockThreadCount(task);
                std::size_t const blocks = blockCount(task);
                BlockThreadsState<YieldFiber> block(
                    threads, threadLocalSharedMemArena<blockSharedMemBytes>(), task.dynSharedMemBytes());
                thread_local boost::fibers::pooled_fixedsize_stack stacks(fiberStackBytes);
                std::vector<boost::fibers::fiber> fibers;
                fibers.reserve(threads - 1u);
                try
                {
                    for(std::uint32_t thread = 1; thread < threads; ++thread)
                        fibers.emplace_back(
                            std::allocator_arg,
                            stacks,
                            [&, thread]() noexcept { runBlockThread<Acc>(task, block, thread, 0u, blocks, error); });
                }
                catch(...)
                {
                    // Out of memory for stacks: the fibers started so far must not wait for the missing ones.
                    error.capture();
                    for(std::size_t missing = fibers.size() + 1u; missing < threads; ++missing)
                        block.barrier.drop();
                    block.barrier.drop(); // thread 0 does not run either
                    for(auto& fiber : fibers)
                        fiber.join();
                    return;
                }
                runBlockThread<Acc>(task, block, 0u, 0u, blocks, error);
                for(auto& fiber : fibers)
                    fiber.join();
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
