// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AllocCpuNew: upstream's host allocator through new T[n] and delete[] (elements are default-initialized).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/mem/alloc/Traits.hpp"

#include <cstddef>

namespace alpaka
{
    class AllocCpuNew : public concepts::Implements<ConceptMemAlloc, AllocCpuNew>
    {
    };

    namespace trait
    {
        template<typename T>
        struct Malloc<T, AllocCpuNew>
        {
            ALPAKA_FN_HOST static auto malloc(AllocCpuNew const&, std::size_t const& sizeElems) -> T*
            {
                return new T[sizeElems];
            }
        };

        template<typename T>
        struct Free<T, AllocCpuNew>
        {
            ALPAKA_FN_HOST static auto free(AllocCpuNew const&, T const* const ptr) -> void
            {
                delete[] ptr;
            }
        };
    } // namespace trait
} // namespace alpaka
