// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Kernels: createTaskKernel<TAcc>(workDiv, kernel, args...), exec<TAcc>(queue, workDiv, kernel, args...), and the
//! traits a kernel can specialize: BlockSharedMemDynSizeBytes, WarpSize, OmpSchedule, FunctionAttributes.
//!
//! A kernel is a trivially copyable function object with `ALPAKA_FN_ACC void operator()(TAcc const& acc, args...)
//! const`; its arguments are trivially copyable. A launch that breaks these rules fails to compile with one message
//! that says which rule, at the call site.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/OmpSchedule.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/kernel/KernelFunctionAttributes.hpp"
#include "alpaka/meta/DependentFalseType.hpp"
#include "alpaka/queue/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace alpaka
{
    namespace trait
    {
        //! Static createTaskKernel(workDiv, kernel, args...) -> a task the queues of TAcc's device can run.
        template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskKernel;

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

        //! Static getFunctionAttributes(dev, kernel, args...) -> KernelFunctionAttributes.
        template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
        struct FunctionAttributes;

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

    //! What the back-end knows about the compiled kernel (register use, thread limit, shared memory) on dev.
    template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
    ALPAKA_FN_HOST auto
    getFunctionAttributes(TDev const& dev, TKernelFnObj const& kernelFnObj, TArgs&&... args) -> KernelFunctionAttributes
    {
        return trait::FunctionAttributes<TAcc, TDev, TKernelFnObj, std::decay_t<TArgs>...>::getFunctionAttributes(
            dev, kernelFnObj, std::forward<TArgs>(args)...);
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
                static_assert(
                    meta::dependentFalse<TKernelFnObj>,
                    "The kernel cannot be called as kernel(acc, args...): its operator() must take the accelerator "
                    "(TAcc const&) first, then parameters the given arguments convert to");
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

    //! A task that runs kernelFnObj(acc, args...) for every thread of workDiv; enqueue it into a queue of TAcc's
    //! device. The arguments are copied into the task.
    template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
    [[nodiscard]] ALPAKA_FN_HOST auto
    createTaskKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgs&&... args)
    {
        constexpr bool valid = detail::checkKernelLaunch<TAcc, TWorkDiv, TKernelFnObj, std::decay_t<TArgs>...>();
        if constexpr(valid)
            return trait::CreateTaskKernel<TAcc, TWorkDiv, TKernelFnObj, std::decay_t<TArgs>...>::createTaskKernel(
                workDiv, kernelFnObj, std::forward<TArgs>(args)...);
    }

    //! Enqueues a kernel launch: exec<TAcc>(queue, workDiv, kernel, args...).
    template<typename TAcc, typename TQueue, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
    ALPAKA_FN_HOST auto
    exec(TQueue& queue, TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgs&&... args) -> void
    {
        constexpr bool valid = detail::checkKernelLaunch<TAcc, TWorkDiv, TKernelFnObj, std::decay_t<TArgs>...>();
        if constexpr(valid)
            enqueue(queue, createTaskKernel<TAcc>(workDiv, kernelFnObj, std::forward<TArgs>(args)...));
    }
} // namespace alpaka
