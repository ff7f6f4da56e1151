// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSharedMemStMember: static block shared memory of a back-end whose blocks have one thread (no
//! synchronization needed around allocation).

#include "alpaka/block/shared/st/Traits.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/launch/SharedMemArena.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka
{
    class BlockSharedMemStMember : public concepts::Implements<ConceptBlockSharedSt, BlockSharedMemStMember>
    {
    public:
        BlockSharedMemStMember(std::byte* base, std::uint32_t capacity)
            : m_arena(base, capacity)
        {
        }

        mutable detail::cpu::SharedVarArena m_arena;
    };

    namespace trait
    {
        template<typename T, std::size_t TUniqueId>
        struct DeclareSharedVar<T, TUniqueId, BlockSharedMemStMember>
        {
            static auto declareVar(BlockSharedMemStMember const& st) -> T&
            {
                return *static_cast<T*>(st.m_arena.findOrAllocate(TUniqueId, sizeof(T), alignof(T)));
            }
        };

        template<>
        struct FreeSharedVars<BlockSharedMemStMember>
        {
            static auto freeVars(BlockSharedMemStMember const& st) -> void
            {
                st.m_arena.clear();
            }
        };
    } // namespace trait
} // namespace alpaka
