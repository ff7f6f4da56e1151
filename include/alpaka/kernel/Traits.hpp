// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Kernels: createTaskKernel<TAcc>(workDiv, kernel, args...), exec<TAcc>(queue, workDiv, kernel, args...) and
//! getFunctionAttributes; the traits a kernel specializes (BlockSharedMemDynSizeBytes, WarpSize, OmpSchedule) are in
//! kernel/KernelTraits.hpp, which compiles under run-time compilation too.
//!
//! A kernel is a trivially copyable function object with `ALPAKA_FN_ACC void operator()(TAcc const& acc, args...)
//! const`; its arguments are trivially copyable. A launch that breaks these rules fails to compile with one message
//! that says which rule, at the call site.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/kernel/KernelFunctionAttributes.hpp"
#include "alpaka/kernel/KernelTraits.hpp"
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

        //! Static getFunctionAttributes(dev, kernel, args...) -> KernelFunctionAttributes.
        template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
        struct FunctionAttributes;
    } // namespace trait

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
