// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSharedMemStLocked: static block shared memory of the CPU back-ends with several threads per block. All
//! threads of a block point at the block's arena; whichever thread declares a variable first allocates it, the others
//! find it (no barrier needed, so a declaration inside a branch taken by some threads only is fine). The arena is
//! cleared at the block-end barrier; freeSharedVars inside a kernel is a block-wide operation like syncBlockThreads
//! (every thread of the block calls it; the last to arrive clears the arena).

#include "alpaka/block/shared/st/Traits.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/launch/BlockThreadsState.hpp"

#include <cstddef>

namespace alpaka
{
    template<typename TWait>
    class BlockSharedMemStLocked : public concepts::Implements<ConceptBlockSharedSt, BlockSharedMemStLocked<TWait>>
    {
    public:
        explicit BlockSharedMemStLocked(detail::cpu::BlockThreadsState<TWait>& block)
            : m_block(&block)
            , m_vars(&block.slots[0].staticVars)
        {
        }

        detail::cpu::BlockThreadsState<TWait>* m_block;
        //! The static variables of the block the thread runs (a slot of the block state; see BlockThreadsState).
        detail::cpu::LockedSharedVarArena* m_vars;
    };

    namespace trait
    {
        template<typename T, std::size_t TUniqueId, typename TWait>
        struct DeclareSharedVar<T, TUniqueId, BlockSharedMemStLocked<TWait>>
        {
            static auto declareVar(BlockSharedMemStLocked<TWait> const& st) -> T&
            {
                return *static_cast<T*>(st.m_vars->findOrAllocate(TUniqueId, sizeof(T), alignof(T)));
            }
        };

        template<typename TWait>
        struct FreeSharedVars<BlockSharedMemStLocked<TWait>>
        {
            static auto freeVars(BlockSharedMemStLocked<TWait> const& st) -> void
            {
                // Every thread arriving at this phase runs the same block (see BlockThreadsState), so m_vars is the
                // same.
                st.m_block->barrier.arriveAndWait(false, [&] { st.m_vars->clear(); });
            }
        };
    } // namespace trait
} // namespace alpaka
