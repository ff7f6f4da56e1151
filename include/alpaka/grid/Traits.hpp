// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Grid synchronization: syncGridThreads(acc) is a barrier for every thread of the grid. It works only in a kernel
//! launched cooperatively (createTaskCooperativeKernel, whose grid getMaxActiveBlocks bounds), since every block must
//! be running at the same time to reach it; elsewhere it throws (CPU) or traps (GPU).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    //! The concept of grid synchronization.
    struct ConceptGridSync
    {
    };

    namespace trait
    {
        //! Static syncGridThreads(gridSync).
        template<typename TGridSync, typename TSfinae = void>
        struct SyncGridThreads;
    } // namespace trait

    //! Every thread of the grid waits here until all have arrived; memory written before is visible after.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TGridSync>
    ALPAKA_FN_ACC auto syncGridThreads(TGridSync const& gridSync) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptGridSync, TGridSync>;
        trait::SyncGridThreads<Impl>::syncGridThreads(gridSync);
    }
} // namespace alpaka
