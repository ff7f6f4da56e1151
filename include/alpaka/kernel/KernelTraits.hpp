// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What a kernel's own source may refer to about kernels: the traits it specializes next to its definition
//! (BlockSharedMemDynSizeBytes, WarpSize, OmpSchedule, the trivially-copyable checks) and the compile-time rules of a
//! launch (detail::checkKernelLaunch). Kernel-side, so they compile under NVRTC and hiprtc: run-time compilation
//! builds a kernel's source for a GPU. Launching lives in kernel/Traits.hpp.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/OmpSchedule.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/kernel/KernelParameters.hpp"
#include "alpaka/meta/DependentFalseType.hpp"
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
            //! Marks the unspecialized trait (a specialization lacks it), so that a launcher that can only evaluate
            //! the trait on the device (pyalpaka's run-time compiled GPU kernels) knows the answer is 0 beforehand.
            static constexpr bool isUnspecialized = true;

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

    namespace detail
    {
        //! Checks the kernel rules one by one so that a broken launch produces exactly one message; returns whether
        //! all hold, so callers can skip the code that would otherwise add follow-up errors.
        template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        consteval auto checkKernelLaunch() -> bool
        {
            if constexpr(!isAccelerator<TAcc>)
            {
                static_assert(
                    isAccelerator<TAcc>, "createTaskKernel<TAcc>/exec<TAcc>: TAcc must be an accelerator type");
                return false;
            }
            else if constexpr(Dim<TWorkDiv>::value != Dim<TAcc>::value)
            {
                static_assert(
                    Dim<TWorkDiv>::value == Dim<TAcc>::value,
                    "The work division and the accelerator must have the same dimensionality (Dim)");
                return false;
            }
            else if constexpr(!std::is_same_v<Idx<TWorkDiv>, Idx<TAcc>>)
            {
                static_assert(
                    std::is_same_v<Idx<TWorkDiv>, Idx<TAcc>>,
                    "The work division and the accelerator must have the same index type (Idx)");
                return false;
            }
            else if constexpr(!isKernelTriviallyCopyable<TKernelFnObj>)
            {
                static_assert(
                    isKernelTriviallyCopyable<TKernelFnObj>,
                    "The kernel function object must be trivially copyable: it is copied to every device; hold device "
                    "pointers, not containers or references");
                return false;
            }
            else if constexpr(!(isKernelArgumentTriviallyCopyable<TArgs> && ...))
            {
                static_assert(
                    (isKernelArgumentTriviallyCopyable<TArgs> && ...),
                    "Every kernel argument must be trivially copyable: pass device pointers (getPtrNative(buf)) "
                    "instead "
                    "of buffers or containers");
                return false;
            }
            else if constexpr(
                !std::is_invocable_v<TKernelFnObj const&, TAcc const&, TArgs const&...>
                && std::is_invocable_v<TKernelFnObj&, TAcc const&, TArgs const&...>)
            {
                static_assert(
                    meta::dependentFalse<TKernelFnObj>,
                    "The kernel's operator() must be const: one kernel object is shared by all threads");
                return false;
            }
            else if constexpr(!std::is_invocable_v<TKernelFnObj const&, TAcc const&, TArgs const&...>)
            {
                using Report = KernelCallReportOf<TKernelFnObj, TAcc, TArgs...>;
                if constexpr(!std::is_same_v<Report, KernelCallNotReported>)
                {
                    // Its instantiation names the argument, by position and with both types.
                    Report::report();
                }
                else
                {
                    static_assert(
                        meta::dependentFalse<TKernelFnObj>,
                        "The kernel cannot be called as kernel(acc, args...): its operator() must take the "
                        "accelerator (TAcc const&) first, then parameters the given arguments convert to");
                }
                return false;
            }
            else if constexpr(!std::is_void_v<std::invoke_result_t<TKernelFnObj const&, TAcc const&, TArgs const&...>>)
            {
                static_assert(meta::dependentFalse<TKernelFnObj>, "The kernel's operator() must return void");
                return false;
            }
            else
            {
                return true;
            }
        }
    } // namespace detail
} // namespace alpaka
