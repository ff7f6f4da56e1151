// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MemFenceCpuSerial: fences of a back-end that runs a grid on one thread. Block and grid scope only need the compiler
//! not to reorder; device scope also orders against other host threads (other queues, the host).

#include "alpaka/core/Concepts.hpp"
#include "alpaka/mem/fence/Traits.hpp"

#include <atomic>

namespace alpaka
{
    class MemFenceCpuSerial : public concepts::Implements<ConceptMemFence, MemFenceCpuSerial>
    {
    };

    namespace trait
    {
        template<>
        struct MemFence<MemFenceCpuSerial, memory_scope::Block>
        {
            static auto mem_fence(MemFenceCpuSerial const&, memory_scope::Block const&) -> void
            {
                std::atomic_signal_fence(std::memory_order_acq_rel);
            }
        };

        template<>
        struct MemFence<MemFenceCpuSerial, memory_scope::Grid>
        {
            static auto mem_fence(MemFenceCpuSerial const&, memory_scope::Grid const&) -> void
            {
                std::atomic_signal_fence(std::memory_order_acq_rel);
            }
        };

        template<>
        struct MemFence<MemFenceCpuSerial, memory_scope::Device>
        {
            static auto mem_fence(MemFenceCpuSerial const&, memory_scope::Device const&) -> void
            {
                std::atomic_thread_fence(std::memory_order_acq_rel);
            }
        };
    } // namespace trait
} // namespace alpaka
