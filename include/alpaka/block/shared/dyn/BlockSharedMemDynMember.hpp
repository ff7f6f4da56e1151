// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSharedMemDynMember: dynamic block shared memory of the CPU back-ends, at the start of the block's arena.

#include "alpaka/block/shared/dyn/Traits.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka
{
    class BlockSharedMemDynMember : public concepts::Implements<ConceptBlockSharedDyn, BlockSharedMemDynMember>
    {
    public:
        BlockSharedMemDynMember(std::byte* base, std::uint32_t bytes)
            : m_base(base)
            , m_bytes(bytes)
        {
        }

        std::byte* m_base;
        std::uint32_t m_bytes;
    };

    namespace trait
    {
        template<typename T>
        struct GetDynSharedMem<T, BlockSharedMemDynMember>
        {
            static auto getMem(BlockSharedMemDynMember const& dyn) -> T*
            {
                return reinterpret_cast<T*>(dyn.m_base);
            }
        };
    } // namespace trait
} // namespace alpaka
