// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuTbbBlocks<TDim, TIdx>: the blocks of the grid are the iterations of a oneTBB parallel_for, one thread per
//! block, on the calling thread's task arena (oneTBB's persistent workers). Enabled by
//! ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/detail/sys/TbbHeaders.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"
#    include "alpaka/meta/Functional.hpp"

#    include <cstddef>

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccCpuTbbBlocks final
        : public detail::cpu::AccCpuOneThreadBase<TDim, TIdx, true>
        , public concepts::Implements<ConceptAcc, AccCpuTbbBlocks<TDim, TIdx>>
    {
    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using detail::cpu::AccCpuOneThreadBase<TDim, TIdx, true>::AccCpuOneThreadBase;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuTbbBlocks = TaskKernelCpu<AccCpuTbbBlocks<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        //! The body of the launches' tbb::parallel_for: a range of blocks, run through a function pointer. One type
        //! for every kernel, so that oneTBB's parallel_for machinery (some thirty functions of its start_for and
        //! partitioners) is compiled once per unit rather than once per launched kernel.
        struct TbbBlockRanges
        {
            void (*runRange)(void const* launch, std::size_t begin, std::size_t end);
            void const* launch;

            void operator()(tbb::blocked_range<std::size_t> const& range) const
            {
                runRange(launch, range.begin(), range.end());
            }
        };

        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuTbbBlocks<TDim, TIdx>>
        {
            using Acc = AccCpuTbbBlocks<TDim, TIdx>;
            using Tag = TagCpuTbbBlocks;
            static constexpr char const* name = "AccCpuTbbBlocks";
            static constexpr bool singleThread = true;
            //! Blocks run side by side (tbb::parallel_for).
            static constexpr bool blocksRunInParallel = true;

            static auto blockThreadCountMax() -> std::size_t
            {
                return 1u;
            }

            static auto multiProcessorCount() -> std::size_t
            {
                return static_cast<std::size_t>(meta::max{}(1, tbb::this_task_arena::max_concurrency()));
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                std::size_t const blocks = blockCount(task.workDiv());
                if(blocks == 1)
                {
                    runOneThreadBlocks<Acc>(task, 0u, 1u, error);
                    return;
                }
                // Each range gets its own runner (one accelerator object and the worker's arena for all its blocks).
                Launch<TTask> const launch{task, error};
                tbb::parallel_for(
                    tbb::blocked_range<std::size_t>(0u, blocks), TbbBlockRanges{&runRange<TTask>, &launch});
            }

        private:
            template<typename TTask>
            struct Launch
            {
                TTask const& task;
                FirstError& error;
            };

            template<typename TTask>
            static void runRange(void const* launch, std::size_t begin, std::size_t end)
            {
                auto const& [task, error] = *static_cast<Launch<TTask> const*>(launch);
                runOneThreadBlocks<Acc>(task, begin, end, error);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuTbbBlocks, TDim, TIdx>
        {
            using type = AccCpuTbbBlocks<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
