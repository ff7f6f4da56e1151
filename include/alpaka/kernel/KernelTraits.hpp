// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The traits a kernel specializes next to its definition: BlockSharedMemDynSizeBytes, WarpSize, OmpSchedule and the
//! trivially-copyable checks. Kernel-side (they compile under NVRTC), because a kernel's source, which run-time
//! compilation builds for a GPU, carries its specializations; launching lives in kernel/Traits.hpp.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/OmpSchedule.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Bytes of dynamic block shared memory a kernel needs for a launch; 0 unless specialized.
        template<typename TKernelFnObj, typename TAcc, typename TSfinae = void>
        struct BlockSharedMemDynSizeBytes
        {
            template<typename TDim, typename... TArgs>
            ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
                [[maybe_unused]] TKernelFnObj const& kernelFnObj,
                [[maybe_unused]] Vec<TDim, Idx<TAcc>> const& blockThreadExtent,
                [[maybe_unused]] Vec<TDim, Idx<TAcc>> const& threadElemExtent,
                [[maybe_unused]] TArgs const&... args) -> std::size_t
            {
                return 0u;
            }
        };

        //! The warp size a kernel was written for; 0 means any.
        template<typename TKernelFnObj, typename TAcc, typename TSfinae = void>
        struct WarpSize : std::integral_constant<std::uint32_t, 0>
        {
        };

        template<typename TKernelFnObj, typename TAcc>
        inline constexpr std::uint32_t warpSize = WarpSize<TKernelFnObj, TAcc>::value;

        //! Returned by the unspecialized OmpSchedule: the back-end then looks for kernel members, then its default.
        struct OmpScheduleNotSpecialized
        {
        };

        //! Static getOmpSchedule(kernel, blockThreadExtent, threadElemExtent, args...) -> omp::Schedule: how the
        //! OpenMP blocks back-end distributes blocks. Kernels may instead have static members ompScheduleKind and
        //! ompScheduleChunkSize.
        template<typename TKernelFnObj, typename TAcc, typename TSfinae = void>
        struct OmpSchedule
        {
            template<typename TDim, typename... TArgs>
            ALPAKA_FN_HOST static auto getOmpSchedule(
                TKernelFnObj const&, Vec<TDim, Idx<TAcc>> const&, Vec<TDim, Idx<TAcc>> const&, TArgs const&...)
                -> OmpScheduleNotSpecialized
            {
                return {};
            }
        };

        //! Whether a kernel type may be copied to the device; specialize for types that are safe although not
        //! trivially copyable.
        template<typename TKernelFnObj, typename TSfinae = void>
        struct IsKernelTriviallyCopyable : std::is_trivially_copyable<TKernelFnObj>
        {
        };

        //! Whether an argument type may be copied to the device.
        template<typename TArg, typename TSfinae = void>
        struct IsKernelArgumentTriviallyCopyable
            : std::bool_constant<std::is_empty_v<TArg> || std::is_trivially_copyable_v<TArg>>
        {
        };
    } // namespace trait

    template<typename TKernelFnObj>
    inline constexpr bool isKernelTriviallyCopyable = trait::IsKernelTriviallyCopyable<TKernelFnObj>::value;

    template<typename TArg>
    inline constexpr bool isKernelArgumentTriviallyCopyable = trait::IsKernelArgumentTriviallyCopyable<TArg>::value;

    //! Dynamic block shared memory in bytes that kernelFnObj needs for a launch with these extents and arguments.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TAcc, typename TKernelFnObj, typename TDim, typename... TArgs>
    ALPAKA_FN_HOST_ACC auto getBlockSharedMemDynSizeBytes(
        TKernelFnObj const& kernelFnObj,
        Vec<TDim, Idx<TAcc>> const& blockThreadExtent,
        Vec<TDim, Idx<TAcc>> const& threadElemExtent,
        TArgs const&... args) -> std::size_t
    {
        return trait::BlockSharedMemDynSizeBytes<TKernelFnObj, TAcc>::getBlockSharedMemDynSizeBytes(
            kernelFnObj, blockThreadExtent, threadElemExtent, args...);
    }

} // namespace alpaka
