// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The layout of a block's shared memory arena on the CPU back-ends (dynamic memory first, static variables after
//! it) and BlockThreadsState, what the threads of a block share when a block has several threads.

#include "alpaka/detail/cpu/launch/BlockBarrier.hpp"
#include "alpaka/detail/cpu/launch/KernelLaunch.hpp"
#include "alpaka/detail/cpu/launch/SharedMemArena.hpp"
#include "alpaka/detail/sys/Parker.hpp"
#include "alpaka/detail/sys/SysInfo.hpp"

#include <atomic>
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

    //! Blocks a pipelined launch may have in flight (see BlockThreadsState and runBlockThread).
    inline constexpr std::uint32_t pipelineWindow = 64u;

    //! What the threads of a block share: the barrier and the shared memory. The back-ends whose blocks of several
    //! threads run one after another (std::thread, OpenMP threads, OpenMP target on the host) run them pipelined when
    //! the kernel asks for no dynamic shared memory: a thread starts its next block as soon as it is done with its own
    //! part of the current one, without a barrier between blocks, so that with more threads than cores a block costs no
    //! round of context switches (a round per block made GPU-shaped work divisions of many small blocks far slower than
    //! a native loop: docs/dev/measurements.md#blocks-of-many-threads). Each block in flight keeps its static shared
    //! variables in its own slot of the arena; a thread waits before block k only until every thread has finished block
    //! k - pipelineWindow, which used the same slot. Barriers inside a block still meet in that block: every thread of
    //! a block reaches the block's syncBlockThreads calls equally often, so the n-th phase of the barrier falls into
    //! the same block for all threads. Fibers keep the barrier at the end of every block (one slot).
    template<typename TWait>
    struct BlockThreadsState
    {
        //! One block's static shared variables, and how many threads have finished that block (pipelined only). A
        //! cache line each: every thread counts itself in at the end of every block.
        struct alignas(64) Slot
        {
            LockedSharedVarArena staticVars;
            std::atomic<std::uint32_t> finished{0};
        };

        //! pipelineIfPossible: run pipelined unless the kernel asks for dynamic shared memory (which every block in
        //! flight would need its own copy of).
        BlockThreadsState(std::uint32_t blockThreads, std::uint32_t dynamicBytes, bool pipelineIfPossible = false)
            : barrier(blockThreads)
            , threads(blockThreads)
            , slotCount(pipelineIfPossible && dynamicBytes == 0u ? pipelineWindow : 1u)
            , sharedMem(
                  slotCount > 1u ? threadLocalSharedMemArena<blockSharedMemBytes * pipelineWindow>()
                                 : threadLocalSharedMemArena<blockSharedMemBytes>())
            , dynBytes(dynamicBytes)
        {
            for(std::uint32_t slot = 0; slot < slotCount; ++slot)
                slots[slot].staticVars.reset(
                    sharedMem + std::size_t{slot} * blockSharedMemBytes + staticSharedOffset(dynamicBytes),
                    staticSharedCapacity(dynamicBytes));
        }

        [[nodiscard]] auto pipelined() const -> bool
        {
            return slotCount > 1u;
        }

        BlockBarrier<TWait> barrier;
        std::uint32_t threads;
        std::uint32_t slotCount;
        Slot slots[pipelineWindow];
        //! Pipelined: the blocks of the thread's range that every thread has finished, counted from its start.
        alignas(64) std::atomic<std::size_t> completed{0};
        //! Where pipelined threads wait for a slot. With more threads than cores a thread that waits sleeps at once: it
        //! waits for one that has no core, and yielding in a loop would take the cores from it.
        sys::Parker slotWait{
            threads <= sys::getHardwareThreadCount() ? std::int64_t{2'000} : std::int64_t{0},
            threads <= sys::getHardwareThreadCount() ? std::int64_t{20'000} : std::int64_t{200'000}};
        std::byte* sharedMem;
        std::uint32_t dynBytes;
        //! Not pipelined: whether the threads of this block stop before their next block. Written only by the last
        //! thread to arrive at the barrier that ends a block, so every thread of the block reads the same value.
        //! Reading the launch's shared error directly would not be uniform when other blocks run at the same time and
        //! fail meanwhile: one thread would leave and the others would wait for it at the next barrier. (Pipelined
        //! threads read the shared error and drop out of the barrier when they leave.)
        bool stop = false;
    };
} // namespace alpaka::detail::cpu
