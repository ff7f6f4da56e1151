// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::alignedAlloc(alignment, size) and core::alignedFree(alignment, ptr), upstream's aligned host allocation.
//! Built on the allocation of the host buffers (detail/sys/Allocation.hpp): alignment must be a power of two; a
//! failed allocation throws a std::bad_alloc (detail::sys::AllocationError) that says how much was requested; a size
//! of 0 gives a valid pointer that must be freed as well.

#include "alpaka/core/Common.hpp"
#include "alpaka/detail/sys/Allocation.hpp"

#include <cstddef>

namespace alpaka::core
{
    //! size bytes aligned to alignment; free them with alignedFree.
    ALPAKA_FN_HOST inline auto alignedAlloc(std::size_t alignment, std::size_t size) -> void*
    {
        return ::alpaka::detail::sys::allocateAligned(size, alignment, "alpaka::core::alignedAlloc");
    }

    //! Frees memory from alignedAlloc (nullptr is ignored). alignment is that of the allocation; this implementation
    //! does not need it.
    ALPAKA_FN_HOST inline void alignedFree([[maybe_unused]] std::size_t alignment, void* ptr)
    {
        ::alpaka::detail::sys::freeAligned(ptr);
    }
} // namespace alpaka::core
