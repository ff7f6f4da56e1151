// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Block synchronization: syncBlockThreads(acc) is a barrier for the threads of a block;
//! syncBlockThreadsPredicate<TOp>(acc, predicate) is a barrier that also reduces an int over the block with
//! BlockCount, BlockAnd or BlockOr and returns the result to every thread.

#include "alpaka/block/op/LogicalOp.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    //! The concept of block synchronization.
    struct ConceptBlockSync;

    namespace trait
    {
        //! Static syncBlockThreads(blockSync).
        template<typename TBlockSync, typename TSfinae = void>
        struct SyncBlockThreads;

        //! Static syncBlockThreadsPredicate(blockSync, int predicate) -> int.
        template<typename TOp, typename TBlockSync, typename TSfinae = void>
        struct SyncBlockThreadsPredicate;
    } // namespace trait

    //! Every thread of the block waits here until all have arrived; memory written before is visible after.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TBlockSync>
    ALPAKA_FN_ACC auto syncBlockThreads(TBlockSync const& blockSync) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptBlockSync, TBlockSync>;
        trait::SyncBlockThreads<Impl>::syncBlockThreads(blockSync);
    }

    //! A barrier that reduces predicate over the block with TOp (BlockCount, BlockAnd, BlockOr).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOp, typename TBlockSync>
    ALPAKA_FN_ACC auto syncBlockThreadsPredicate(TBlockSync const& blockSync, int predicate) -> int
    {
        using Impl = concepts::ImplementationBase<ConceptBlockSync, TBlockSync>;
        return trait::SyncBlockThreadsPredicate<TOp, Impl>::syncBlockThreadsPredicate(blockSync, predicate);
    }
} // namespace alpaka
