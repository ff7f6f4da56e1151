// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The layout of a block's shared memory arena on the CPU back-ends (dynamic memory first, static variables after
//! it) and BlockThreadsState, what the threads of one block share when a block has several threads.

#include "alpaka/detail/cpu/BlockBarrier.hpp"
#include "alpaka/detail/cpu/KernelLaunch.hpp"
#include "alpaka/detail/cpu/SharedMemArena.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka::detail::cpu
{
    //! Where the static shared variables start in a block's arena: after the dynamic memory, 64-byte aligned.
    constexpr auto staticSharedOffset(std::uint32_t dynBytes) -> std::uint32_t
    {
        std::size_t const rounded = (std::size_t{dynBytes} + 63u) / 64u * 64u;
        return static_cast<std::uint32_t>(rounded < blockSharedMemBytes ? rounded : blockSharedMemBytes);
    }

    constexpr auto staticSharedCapacity(std::uint32_t dynBytes) -> std::uint32_t
    {
        return static_cast<std::uint32_t>(blockSharedMemBytes - staticSharedOffset(dynBytes));
    }

    //! What the threads of one block share: the barrier and the shared memory arena.
    template<typename TWait>
    struct BlockThreadsState
    {
        BlockThreadsState(std::uint32_t threads, std::byte* sharedMem, std::uint32_t dynBytes)
            : barrier(threads)
            , staticVars(sharedMem + staticSharedOffset(dynBytes), staticSharedCapacity(dynBytes))
            , sharedMem(sharedMem)
            , dynBytes(dynBytes)
        {
        }

        BlockBarrier<TWait> barrier;
        LockedSharedVarArena staticVars;
        std::byte* sharedMem;
        std::uint32_t dynBytes;
        //! Whether the threads of this block stop before their next block: written only by the last thread to arrive
        //! at the barrier that ends a block, so every thread of the block reads the same value. Reading the launch's
        //! shared error directly would not be uniform when other blocks run at the same time and fail meanwhile: one
        //! thread would leave and the others would wait for it at the next barrier.
        bool stop = false;
    };
} // namespace alpaka::detail::cpu
