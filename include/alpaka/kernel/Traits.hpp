// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Kernels: createTaskKernel<TAcc>(workDiv, kernel, args...), exec<TAcc>(queue, workDiv, kernel, args...), exec<TTag>
//! and getFunctionAttributes; the traits a kernel specializes (BlockSharedMemDynSizeBytes, WarpSize, OmpSchedule) are
//! in kernel/KernelTraits.hpp, which compiles under run-time compilation too.
//!
//! A kernel is a trivially copyable function object with `ALPAKA_FN_ACC void operator()(TAcc const& acc, args...)
//! const`; its arguments are trivially copyable. A launch that breaks these rules fails to compile with one message
//! that says which rule, at the call site.

#include "alpaka/acc/Tag.hpp"
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

        //! Static createTaskCooperativeKernel(workDiv, kernel, args...) -> a task whose blocks all run at once.
        template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskCooperativeKernel;

        //! Static getMaxActiveBlocks(dev, kernel, blockThreadExtent, threadElemExtent, args...) -> int.
        template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
        struct MaxActiveBlocks;
    } // namespace trait

    //! What the back-end knows about the compiled kernel (register use, thread limit, shared memory) on dev.
    template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
    ALPAKA_FN_HOST auto
    getFunctionAttributes(TDev const& dev, TKernelFnObj const& kernelFnObj, TArgs&&... args) -> KernelFunctionAttributes
    {
        return trait::FunctionAttributes<TAcc, TDev, TKernelFnObj, std::decay_t<TArgs>...>::getFunctionAttributes(
            dev, kernelFnObj, std::forward<TArgs>(args)...);
    }

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

    //! A task like createTaskKernel's whose blocks all run at the same time, so that the kernel may call
    //! syncGridThreads. Creating it throws std::runtime_error when the grid has more blocks than
    //! getMaxActiveBlocks allows.
    template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
    [[nodiscard]] ALPAKA_FN_HOST auto
    createTaskCooperativeKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgs&&... args)
    {
        constexpr bool valid = detail::checkKernelLaunch<TAcc, TWorkDiv, TKernelFnObj, std::decay_t<TArgs>...>();
        if constexpr(valid)
            return trait::CreateTaskCooperativeKernel<TAcc, TWorkDiv, TKernelFnObj, std::decay_t<TArgs>...>::
                createTaskCooperativeKernel(workDiv, kernelFnObj, std::forward<TArgs>(args)...);
    }

    //! The number of blocks of blockThreadExtent threads (threadElemExtent elements each) that can run at the same
    //! time on dev: the largest grid a cooperative launch of the kernel may have; 0 if such a block cannot run.
    template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
    ALPAKA_FN_HOST auto getMaxActiveBlocks(
        TDev const& dev,
        TKernelFnObj const& kernelFnObj,
        Vec<Dim<TAcc>, Idx<TAcc>> const& blockThreadExtent,
        Vec<Dim<TAcc>, Idx<TAcc>> const& threadElemExtent,
        TArgs const&... args) -> int
    {
        return trait::MaxActiveBlocks<TAcc, TDev, TKernelFnObj, std::decay_t<TArgs>...>::getMaxActiveBlocks(
            dev, kernelFnObj, blockThreadExtent, threadElemExtent, args...);
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

    namespace detail
    {
        //! Whether TTag's back-end is enabled for a work division of TDim and TIdx: only enabled back-ends define
        //! TagToAcc.
        template<typename TTag, typename TDim, typename TIdx>
        concept TagHasAcc = requires { typename trait::TagToAcc<TTag, TDim, TIdx>::type; };
    } // namespace detail

    //! Enqueues a kernel launch on the accelerator of a tag (upstream 2.1): exec<TagCpuSerial>(queue, workDiv,
    //! kernel, args...) runs on TagToAcc<TTag, Dim<TWorkDiv>, Idx<TWorkDiv>>, so the work division's dimensionality and
    //! index type choose the accelerator. Otherwise as exec<TAcc>; there is no createTaskKernel<TTag> (upstream has
    //! none either).
    template<concepts::Tag TTag, typename TQueue, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
    ALPAKA_FN_HOST auto
    exec(TQueue& queue, TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgs&&... args) -> void
    {
        if constexpr(!detail::TagHasAcc<TTag, Dim<TWorkDiv>, Idx<TWorkDiv>>)
            static_assert(
                detail::TagHasAcc<TTag, Dim<TWorkDiv>, Idx<TWorkDiv>>,
                "exec<TTag>: the back-end of this tag is not enabled in this build (its ALPAKA_ACC_..._ENABLED macro "
                "is not defined)");
        else
            exec<TagToAcc<TTag, Dim<TWorkDiv>, Idx<TWorkDiv>>>(
                queue, workDiv, kernelFnObj, std::forward<TArgs>(args)...);
    }
} // namespace alpaka
