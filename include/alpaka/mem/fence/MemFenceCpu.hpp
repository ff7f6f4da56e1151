// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MemFenceCpu: fences of the multithreaded CPU back-ends: every scope orders against other threads.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/mem/fence/Traits.hpp"

#include <atomic>

namespace alpaka
{
    class MemFenceCpu : public concepts::Implements<ConceptMemFence, MemFenceCpu>
    {
    };

    namespace trait
    {
        template<typename TMemScope>
        struct MemFence<MemFenceCpu, TMemScope>
        {
            static auto mem_fence(MemFenceCpu const&, TMemScope const&) -> void
            {
                std::atomic_thread_fence(std::memory_order_acq_rel);
            }
        };
    } // namespace trait
} // namespace alpaka
