// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! mem_fence(acc, scope): orders the calling thread's loads among themselves and its stores among themselves, as
//! seen by other threads of the block (memory_scope::Block), of the grid (Grid) or of the device (Device). It is not a
//! barrier; see syncBlockThreads.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    struct ConceptMemFence;

    namespace memory_scope
    {
        struct Block
        {
        };

        struct Grid
        {
        };

        struct Device
        {
        };
    } // namespace memory_scope

    namespace trait
    {
        //! Static mem_fence(fence, scope).
        template<typename TMemFence, typename TMemScope, typename TSfinae = void>
        struct MemFence;
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TMemFence, typename TMemScope>
    ALPAKA_FN_ACC auto mem_fence(TMemFence const& fence, TMemScope const& scope) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptMemFence, TMemFence>;
        trait::MemFence<Impl, TMemScope>::mem_fence(fence, scope);
    }
} // namespace alpaka
