// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's allocator concept: an allocator implements ConceptMemAlloc and specializes trait::Malloc<T, TAlloc>
//! (static malloc(alloc, sizeElems) -> T*) and trait::Free<T, TAlloc> (static free(alloc, ptr)); user code calls
//! alpaka::malloc<T>(alloc, sizeElems) and alpaka::free(alloc, ptr). The host allocators are AllocCpuAligned
//! (AllocCpuAligned.hpp) and AllocCpuNew (AllocCpuNew.hpp). Buffers do not use these allocators here.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstddef>

namespace alpaka
{
    //! The concept of a host memory allocator.
    struct ConceptMemAlloc
    {
    };

    namespace trait
    {
        //! Static malloc(alloc, sizeElems) -> T*: memory for sizeElems elements of T.
        template<typename T, typename TAlloc, typename TSfinae = void>
        struct Malloc;

        //! Static free(alloc, ptr): releases memory from Malloc of the same allocator.
        template<typename T, typename TAlloc, typename TSfinae = void>
        struct Free;
    } // namespace trait

    //! Memory for sizeElems elements of T from alloc.
    template<typename T, typename TAlloc>
    ALPAKA_FN_HOST auto malloc(TAlloc const& alloc, std::size_t const& sizeElems) -> T*
    {
        using Impl = concepts::ImplementationBase<ConceptMemAlloc, TAlloc>;
        return trait::Malloc<T, Impl>::malloc(alloc, sizeElems);
    }

    //! Releases memory that malloc<T>(alloc, ...) returned.
    template<typename TAlloc, typename T>
    ALPAKA_FN_HOST auto free(TAlloc const& alloc, T const* const ptr) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptMemAlloc, TAlloc>;
        trait::Free<T, Impl>::free(alloc, ptr);
    }
} // namespace alpaka
