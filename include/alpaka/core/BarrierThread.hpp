// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::threads::BarrierThread<TIdx> and BarrierThreadWithPredicate<TIdx>: upstream's reusable barriers for a fixed
//! number of host threads. Both are the barrier of this library's CPU blocks (detail/cpu/launch/BlockBarrier.hpp:
//! spin briefly, yield, then sleep), so they behave as the block barrier does; the predicate form reduces with
//! BlockCount, BlockAnd or BlockOr as syncBlockThreadsPredicate does.

#include "alpaka/block/op/LogicalOp.hpp"
#include "alpaka/block/sync/BlockSyncBarrier.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"

#include <cstdint>

namespace alpaka::core::threads
{
    //! A barrier for threadCount threads, reusable for any number of phases.
    template<typename TIdx>
    class BarrierThread final
    {
    public:
        explicit BarrierThread(TIdx const& threadCount)
            : m_barrier(static_cast<std::uint32_t>(threadCount))
        {
        }

        //! Returns once all threadCount threads have called wait in this phase.
        auto wait() -> void
        {
            m_barrier.arriveAndWait();
        }

    private:
        ::alpaka::detail::cpu::BlockBarrier<::alpaka::detail::cpu::SpinThenYieldThread> m_barrier;
    };

    //! A barrier for threadCount threads that also reduces an int predicate over them.
    template<typename TIdx>
    class BarrierThreadWithPredicate final
    {
    public:
        explicit BarrierThreadWithPredicate(TIdx const& threadCount)
            : m_barrier(static_cast<std::uint32_t>(threadCount))
        {
        }

        //! Waits for all threads; returns to each the reduction with TOp (BlockCount: how many passed a non-zero
        //! predicate; BlockAnd, BlockOr: 1 or 0).
        template<typename TOp>
        ALPAKA_FN_HOST auto wait(int predicate) -> int
        {
            using Sync = ::alpaka::BlockSyncBarrier<::alpaka::detail::cpu::SpinThenYieldThread>;
            return ::alpaka::trait::SyncBlockThreadsPredicate<TOp, Sync>::syncBlockThreadsPredicate(
                Sync(m_barrier), predicate);
        }

    private:
        ::alpaka::detail::cpu::BlockBarrier<::alpaka::detail::cpu::SpinThenYieldThread> m_barrier;
    };
} // namespace alpaka::core::threads
