// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! GridSyncBarrierCpu<TWait>: syncGridThreads of the CPU back-ends. A cooperative launch points it at a barrier of
//! every thread of the grid: the grid's own barrier where the blocks run side by side (one thread each), the block's
//! barrier where the grid is a single block. A kernel launched otherwise has none, and syncGridThreads throws.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"
#include "alpaka/grid/Traits.hpp"

#include <stdexcept>

namespace alpaka
{
    template<typename TWait>
    class GridSyncBarrierCpu : public concepts::Implements<ConceptGridSync, GridSyncBarrierCpu<TWait>>
    {
    public:
        //! Set by a cooperative launch; null otherwise.
        detail::cpu::BlockBarrier<TWait>* m_gridBarrier = nullptr;
    };

    namespace trait
    {
        template<typename TWait>
        struct SyncGridThreads<GridSyncBarrierCpu<TWait>>
        {
            static auto syncGridThreads(GridSyncBarrierCpu<TWait> const& sync) -> void
            {
                if(sync.m_gridBarrier == nullptr)
                    throw std::logic_error(
                        "alpaka::syncGridThreads: the kernel was not launched cooperatively; a grid barrier needs "
                        "every block running at once: launch it with alpaka::createTaskCooperativeKernel and at most "
                        "alpaka::getMaxActiveBlocks blocks");
                sync.m_gridBarrier->arriveAndWait();
            }
        };
    } // namespace trait
} // namespace alpaka
