// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccCpuSerial<TDim, TIdx>: runs the blocks of a grid one after another on the calling thread (or the queue's
//! worker), one thread per block. Enabled by ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cpu/launch/AccCpuBases.hpp"
#    include "alpaka/detail/cpu/launch/BlockLoops.hpp"
#    include "alpaka/detail/cpu/launch/CpuAccTraits.hpp"
#    include "alpaka/kernel/TaskKernelCpu.hpp"
#    include "alpaka/kernel/TaskKernelCpuCooperative.hpp"

#    include <cstddef>
#    include <cstdint>

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class AccCpuSerial final
        // Blocks run one after another: only grid-level atomics (other kernels, the host) need to be atomic.
        : public detail::cpu::AccCpuOneThreadBase<TDim, TIdx, false>
        , public concepts::Implements<ConceptAcc, AccCpuSerial<TDim, TIdx>>
    {
    public:
        using DimT = TDim;
        using IdxT = TIdx;
        using detail::cpu::AccCpuOneThreadBase<TDim, TIdx, false>::AccCpuOneThreadBase;
    };

    template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
    using TaskKernelCpuSerial = TaskKernelCpu<AccCpuSerial<TDim, TIdx>, TKernelFnObj, TArgs...>;

    namespace detail::cpu
    {
        template<typename TDim, typename TIdx>
        struct CpuAccDescription<AccCpuSerial<TDim, TIdx>>
        {
            using Tag = TagCpuSerial;
            static constexpr char const* name = "AccCpuSerial";
            static constexpr bool singleThread = true;
            //! Blocks run one after another.
            static constexpr bool blocksRunInParallel = false;

            static auto blockThreadCountMax() -> std::size_t
            {
                return 1u;
            }

            //! Blocks run one at a time.
            static auto multiProcessorCount() -> std::size_t
            {
                return 1u;
            }

            template<typename TTask>
            static void launch(TTask const& task, FirstError& error)
            {
                runOneThreadBlocks<AccCpuSerial<TDim, TIdx>>(task, 0u, blockCount(task.workDiv()), error);
            }
        };
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct TagToAcc<TagCpuSerial, TDim, TIdx>
        {
            using type = AccCpuSerial<TDim, TIdx>;
        };
    } // namespace trait
} // namespace alpaka

#endif
