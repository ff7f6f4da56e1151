// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Warp functions inside a CUDA/HIP kernel. CUDA: the *_sync intrinsics over the currently active lanes
//! (__activemask), 32-bit masks. HIP: the wavefront intrinsics (__ballot, __shfl, ...), 64-bit masks. all and any
//! are normalised to 0 or 1.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/warp/Traits.hpp"

#    include <cstdint>

namespace alpaka::warp
{
    class WarpUniformCudaHipBuiltIn : public concepts::Implements<ConceptWarp, WarpUniformCudaHipBuiltIn>
    {
    };

    namespace detail
    {
#    if ALPAKA_LANG_CUDA
        using LaneMask = std::uint32_t;

        __device__ inline auto activeLanes() -> LaneMask
        {
            return __activemask();
        }
#    else
        using LaneMask = std::uint64_t;

        __device__ inline auto activeLanes() -> LaneMask
        {
            return __ballot(1);
        }
#    endif
    } // namespace detail

    namespace trait
    {
        template<>
        struct GetSize<WarpUniformCudaHipBuiltIn>
        {
            //! A constant where the compiler knows it: CUDA's built-in warpSize is read from a special register that
            //! the assembler replaces by 32 only after the optimizer ran, so `i / getSize(warp)` would be a full
            //! integer division (a dozen instructions) instead of a shift. Every NVIDIA GPU has warps of 32 threads;
            //! an AMD GPU's wavefront size is the compiler's __AMDGCN_WAVEFRONT_SIZE, where it defines it.
            __device__ static auto getSize(WarpUniformCudaHipBuiltIn const&) -> std::int32_t
            {
#    if ALPAKA_LANG_CUDA
                return 32;
#    elif defined(__AMDGCN_WAVEFRONT_SIZE)
                return __AMDGCN_WAVEFRONT_SIZE;
#    else
                return warpSize;
#    endif
            }
        };

        //! CUDA: 32 in both passes. HIP: the host pass cannot know which wavefront size (32 or 64) the devices have,
        //! so 0 there; the device pass takes the compiler's wavefront size and, where the compiler no longer defines
        //! it, the architecture's default (wave32 from gfx10 on, wave64 before).
        template<>
        struct GetSizeCompileTime<WarpUniformCudaHipBuiltIn>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto getSizeCompileTime() -> std::int32_t
            {
#    if ALPAKA_LANG_CUDA
                return 32;
#    elif !ALPAKA_ARCH_HSA
                return 0;
#    elif defined(__AMDGCN_WAVEFRONT_SIZE)
                return __AMDGCN_WAVEFRONT_SIZE;
#    elif ALPAKA_ARCH_AMD >= ALPAKA_VERSION_NUMBER(10, 0, 0)
                return 32;
#    else
                return 64;
#    endif
            }
        };

        template<>
        struct GetSizeUpperLimit<WarpUniformCudaHipBuiltIn>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto getSizeUpperLimit() -> std::int32_t
            {
#    if ALPAKA_LANG_CUDA
                return 32;
#    else
                return 64;
#    endif
            }
        };

        template<>
        struct Activemask<WarpUniformCudaHipBuiltIn>
        {
            __device__ static auto activemask(WarpUniformCudaHipBuiltIn const&) -> detail::LaneMask
            {
                return detail::activeLanes();
            }
        };

        template<>
        struct All<WarpUniformCudaHipBuiltIn>
        {
            __device__ static auto all(WarpUniformCudaHipBuiltIn const&, std::int32_t predicate) -> std::int32_t
            {
#    if ALPAKA_LANG_CUDA
                return __all_sync(detail::activeLanes(), predicate) != 0 ? 1 : 0;
#    else
                return __all(predicate) != 0 ? 1 : 0;
#    endif
            }
        };

        template<>
        struct Any<WarpUniformCudaHipBuiltIn>
        {
            __device__ static auto any(WarpUniformCudaHipBuiltIn const&, std::int32_t predicate) -> std::int32_t
            {
#    if ALPAKA_LANG_CUDA
                return __any_sync(detail::activeLanes(), predicate) != 0 ? 1 : 0;
#    else
                return __any(predicate) != 0 ? 1 : 0;
#    endif
            }
        };

        template<>
        struct Ballot<WarpUniformCudaHipBuiltIn>
        {
            __device__ static auto ballot(WarpUniformCudaHipBuiltIn const&, std::int32_t predicate) -> detail::LaneMask
            {
#    if ALPAKA_LANG_CUDA
                return __ballot_sync(detail::activeLanes(), predicate);
#    else
                return __ballot(predicate);
#    endif
            }
        };

        template<>
        struct Shfl<WarpUniformCudaHipBuiltIn>
        {
            template<typename T>
            __device__ static auto
            shfl(WarpUniformCudaHipBuiltIn const&, T const& value, std::int32_t srcLane, std::int32_t width) -> T
            {
#    if ALPAKA_LANG_CUDA
                return __shfl_sync(detail::activeLanes(), value, srcLane, width);
#    else
                return __shfl(value, srcLane, width);
#    endif
            }
        };

        template<>
        struct ShflUp<WarpUniformCudaHipBuiltIn>
        {
            template<typename T>
            __device__ static auto
            shfl_up(WarpUniformCudaHipBuiltIn const&, T const& value, std::uint32_t delta, std::int32_t width) -> T
            {
#    if ALPAKA_LANG_CUDA
                return __shfl_up_sync(detail::activeLanes(), value, delta, width);
#    else
                return __shfl_up(value, delta, width);
#    endif
            }
        };

        template<>
        struct ShflDown<WarpUniformCudaHipBuiltIn>
        {
            template<typename T>
            __device__ static auto
            shfl_down(WarpUniformCudaHipBuiltIn const&, T const& value, std::uint32_t delta, std::int32_t width) -> T
            {
#    if ALPAKA_LANG_CUDA
                return __shfl_down_sync(detail::activeLanes(), value, delta, width);
#    else
                return __shfl_down(value, delta, width);
#    endif
            }
        };

        template<>
        struct ShflXor<WarpUniformCudaHipBuiltIn>
        {
            template<typename T>
            __device__ static auto
            shfl_xor(WarpUniformCudaHipBuiltIn const&, T const& value, std::int32_t laneMask, std::int32_t width) -> T
            {
#    if ALPAKA_LANG_CUDA
                return __shfl_xor_sync(detail::activeLanes(), value, laneMask, width);
#    else
                return __shfl_xor(value, laneMask, width);
#    endif
            }
        };
    } // namespace trait
} // namespace alpaka::warp

#endif
