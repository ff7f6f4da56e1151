// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSyncBarrier<TWait>: syncBlockThreads of the CPU back-ends with several threads per block, on the block's
//! detail::cpu::BlockBarrier. The predicate forms count the non-zero predicates in the barrier phase itself, so they
//! cost no more than a plain barrier.

#include "alpaka/block/op/LogicalOp.hpp"
#include "alpaka/block/sync/Traits.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"

#include <type_traits>

namespace alpaka
{
    template<typename TWait>
    class BlockSyncBarrier : public concepts::Implements<ConceptBlockSync, BlockSyncBarrier<TWait>>
    {
    public:
        explicit BlockSyncBarrier(detail::cpu::BlockBarrier<TWait>& barrier)
            : m_barrier(&barrier)
        {
        }

        detail::cpu::BlockBarrier<TWait>* m_barrier;
    };

    namespace trait
    {
        template<typename TWait>
        struct SyncBlockThreads<BlockSyncBarrier<TWait>>
        {
            static auto syncBlockThreads(BlockSyncBarrier<TWait> const& sync) -> void
            {
                sync.m_barrier->arriveAndWait();
            }
        };

        template<typename TOp, typename TWait>
        struct SyncBlockThreadsPredicate<TOp, BlockSyncBarrier<TWait>>
        {
            static auto syncBlockThreadsPredicate(BlockSyncBarrier<TWait> const& sync, int predicate) -> int
            {
                auto const vote = sync.m_barrier->arriveAndVote(predicate);
                if constexpr(std::is_same_v<TOp, BlockCount>)
                    return static_cast<int>(vote.nonZero);
                else if constexpr(std::is_same_v<TOp, BlockAnd>)
                    return vote.nonZero == vote.arrived ? 1 : 0;
                else
                {
                    static_assert(
                        std::is_same_v<TOp, BlockOr>, "syncBlockThreadsPredicate: BlockCount, BlockAnd or BlockOr");
                    return vote.nonZero != 0 ? 1 : 0;
                }
            }
        };
    } // namespace trait
} // namespace alpaka
