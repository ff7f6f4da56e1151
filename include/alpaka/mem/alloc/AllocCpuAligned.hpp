// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AllocCpuAligned<TAlignment>: upstream's aligned host allocator (TAlignment an integral constant, a power of two).
//! The memory is raw: no constructors run. In a build with a GPU back-end the alignment is at least a page, as
//! upstream's, so that the memory can be pinned (cudaHostRegister, hipHostRegister).

#include "alpaka/core/AlignedAlloc.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/dev/cpu/SysInfo.hpp"
#include "alpaka/mem/alloc/Traits.hpp"

#include <cstddef>

namespace alpaka
{
    template<typename TAlignment>
    class AllocCpuAligned : public concepts::Implements<ConceptMemAlloc, AllocCpuAligned<TAlignment>>
    {
    public:
        //! The alignment of the memory this allocator returns.
        static auto alignment() -> std::size_t
        {
            std::size_t const asked = TAlignment::value;
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
            std::size_t const page = cpu::detail::getPageSize();
            return asked > page ? asked : page;
#else
            return asked;
#endif
        }
    };

    namespace trait
    {
        template<typename T, typename TAlignment>
        struct Malloc<T, AllocCpuAligned<TAlignment>>
        {
            ALPAKA_FN_HOST static auto malloc(AllocCpuAligned<TAlignment> const&, std::size_t const& sizeElems) -> T*
            {
                if(sizeElems > static_cast<std::size_t>(-1) / sizeof(T))
                    ::alpaka::detail::sys::throwSizeOverflow("alpaka::malloc with AllocCpuAligned");
                return static_cast<T*>(
                    core::alignedAlloc(AllocCpuAligned<TAlignment>::alignment(), sizeElems * sizeof(T)));
            }
        };

        template<typename T, typename TAlignment>
        struct Free<T, AllocCpuAligned<TAlignment>>
        {
            ALPAKA_FN_HOST static auto free(AllocCpuAligned<TAlignment> const&, T const* const ptr) -> void
            {
                core::alignedFree(
                    AllocCpuAligned<TAlignment>::alignment(), const_cast<void*>(static_cast<void const*>(ptr)));
            }
        };
    } // namespace trait
} // namespace alpaka
