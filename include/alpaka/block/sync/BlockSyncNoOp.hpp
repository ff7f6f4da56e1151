// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSyncNoOp: block synchronization of back-ends whose blocks have one thread; the predicate forms reduce over
//! that one thread.

#include "alpaka/block/sync/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    class BlockSyncNoOp : public concepts::Implements<ConceptBlockSync, BlockSyncNoOp>
    {
    };

    namespace trait
    {
        template<>
        struct SyncBlockThreads<BlockSyncNoOp>
        {
            ALPAKA_FN_ACC static auto syncBlockThreads(BlockSyncNoOp const&) -> void
            {
            }
        };

        template<typename TOp>
        struct SyncBlockThreadsPredicate<TOp, BlockSyncNoOp>
        {
            ALPAKA_FN_ACC static auto syncBlockThreadsPredicate(BlockSyncNoOp const&, int predicate) -> int
            {
                return TOp{}(static_cast<int>(TOp::InitialValue), predicate);
            }
        };
    } // namespace trait
} // namespace alpaka
