// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The body of a kernel compiled at run time for a CPU back-end (see EntryAbi.h). The generated translation unit is
//! the user's source followed by
//!
//!     using PyalpakaAcc = alpaka::TagToAcc<alpaka::TagCpuSerial, alpaka::DimInt<1>, std::size_t>;
//!     using PyalpakaKernel = Axpy;
//!     PYALPAKA_DEFINE_ENTRY(PyalpakaAcc, PyalpakaKernel, float, float const*, float*, std::int64_t)
//!
//! with the argument types the Python call had; a kernel launched with cooperative=True (it calls
//! alpaka::syncGridThreads) is defined with PYALPAKA_DEFINE_COOPERATIVE_ENTRY instead, which runs it as a cooperative
//! launch (alpaka::TaskKernelCpuCooperative: every block at once, around one grid barrier). A launch whose pointer
//! arguments do not overlap (the runtime checks their byte ranges) uses a variant defined with
//! PYALPAKA_DEFINE_ENTRY_AS(cooperative, true, ...): the kernel runs inside NoAliasKernel, whose parameters are
//! `__restrict`, so the compiler vectorizes its loops as if the author had written `__restrict`.

// The kernel side of the API and the host back-ends' accelerators and launch tasks, not the whole of alpaka.hpp: a
// kernel compiled here runs on the calling thread (the package's queue enqueues it), so devices, queues, events,
// graphs and buffers would only add their headers and pending instantiations to every compilation. This is what a
// GPU kernel compiled at run time gets too (alpaka.hpp under ALPAKA_RTC), plus the CPU's random engines.
#include <alpaka/kernel/KernelApi.hpp>
//
#include <alpaka/acc/AccCpuFibers.hpp>
#include <alpaka/acc/AccCpuOmp2Blocks.hpp>
#include <alpaka/acc/AccCpuOmp2Threads.hpp>
#include <alpaka/acc/AccCpuSerial.hpp>
#include <alpaka/acc/AccCpuTbbBlocks.hpp>
#include <alpaka/acc/AccCpuThreads.hpp>
#include <alpaka/acc/AccOmp5.hpp>
#include <alpaka/kernel/TaskKernelCpu.hpp>
#include <alpaka/kernel/TaskKernelCpuCooperative.hpp>
#include <alpaka/kernel/Traits.hpp>
#include <alpaka/rand/RandStdLib.hpp>

#include <cstring>
#include <exception>
#include <string>
#include <type_traits>
#include <utility>

#include "ArgSlot.hpp"
#include "EntryAbi.h"
#include "StructFields.hpp"

namespace pyalpaka::jit
{
    inline void setError(char* error, std::size_t size, char const* message)
    {
        if(error == nullptr || size == 0)
            return;
        std::size_t const length = std::strlen(message);
        // Not std::min: <algorithm> would be compiled with every kernel (docs/dev/measurements.md#headers-left-out).
        std::size_t const n = length < size - 1 ? length : size - 1;
        std::memcpy(error, message, n);
        error[n] = '\0';
    }

    //! T, `__restrict`-qualified where it is a pointer.
    template<typename T>
    struct Restrict
    {
        using type = T;
    };

    template<typename T>
    struct Restrict<T*>
    {
        using type = T* __restrict;
    };

    //! Runs TKernel with `__restrict` pointer parameters: inlined into this operator(), the kernel's loops see
    //! pointers the compiler may assume not to alias, as if the kernel had declared them so. Only for launches whose
    //! pointers do not overlap (nothing reached through one is reached through another). Not inlined itself: GCC 12
    //! honours `__restrict` on the parameters of a function it optimizes as a whole, and loses it where this
    //! operator() is inlined into alpaka's block loop (a 32-term Horner loop then stays scalar).
    template<typename TKernel, typename... TArgs>
    struct NoAliasKernel
    {
        TKernel kernel;

        template<typename TAcc>
        [[gnu::noinline]] ALPAKA_FN_ACC void operator()(TAcc const& acc, typename Restrict<TArgs>::type... args) const
        {
            kernel(acc, args...);
        }
    };

    //! The kernel type a launch runs: TKernel, or TKernel inside NoAliasKernel.
    template<bool TNoAlias, typename TKernel, typename... TArgs>
    using LaunchedKernel = std::conditional_t<TNoAlias, NoAliasKernel<TKernel, TArgs...>, TKernel>;

    template<typename TAcc>
    using WorkDiv = alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    template<typename TAcc>
    auto workDivOf(pyalpaka_launch const& launch) -> WorkDiv<TAcc>
    {
        alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> grid;
        alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> block;
        alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> elems;
        for(std::size_t i = 0; i < alpaka::Dim<TAcc>::value; ++i)
        {
            grid[i] = static_cast<alpaka::Idx<TAcc>>(launch.grid_blocks[i]);
            block[i] = static_cast<alpaka::Idx<TAcc>>(launch.block_threads[i]);
            elems[i] = static_cast<alpaka::Idx<TAcc>>(launch.thread_elems[i]);
        }
        return {grid, block, elems};
    }

    template<typename TAcc, typename TKernel, typename... TArgs>
    auto matches(pyalpaka_launch const* launch, char* error, std::size_t errorSize) -> bool
    {
        if(launch != nullptr && launch->dim == alpaka::Dim<TAcc>::value && launch->arg_count == sizeof...(TArgs))
            return true;
        setError(error, errorSize, "pyalpaka: the launch does not match the compiled kernel (dim or arguments)");
        return false;
    }

    //! pyalpaka_dyn_shared_bytes: the kernel's BlockSharedMemDynSizeBytes for the launch's extents and arguments.
    template<typename TAcc, typename TKernel, typename... TArgs, std::size_t... TIs>
    auto dynSharedBytes(
        pyalpaka_launch const* launch,
        std::uint64_t* bytes,
        char* error,
        std::size_t errorSize,
        std::index_sequence<TIs...>) -> int
    {
        if(!matches<TAcc, TKernel, TArgs...>(launch, error, errorSize) || bytes == nullptr)
            return PYALPAKA_ENTRY_INVALID_LAUNCH;
        try
        {
            auto const workDiv = workDivOf<TAcc>(*launch);
            *bytes = alpaka::getBlockSharedMemDynSizeBytes<TAcc>(
                TKernel{},
                alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(workDiv),
                alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(workDiv),
                load<TArgs>(launch->args[TIs])...);
        }
        catch(std::exception const& e)
        {
            setError(error, errorSize, e.what());
            return PYALPAKA_ENTRY_KERNEL_ERROR;
        }
        return PYALPAKA_ENTRY_OK;
    }

    //! pyalpaka_run: the launch, which the runtime validated, on the calling thread (TCooperative: as a cooperative
    //! launch; TNoAlias: with `__restrict` pointers); the kernel's exception becomes PYALPAKA_ENTRY_KERNEL_ERROR with
    //! its message.
    template<
        typename TAcc,
        typename TUserKernel,
        bool TCooperative,
        bool TNoAlias,
        typename... TArgs,
        std::size_t... TIs>
    auto run(pyalpaka_launch const* launch, char* error, std::size_t errorSize, std::index_sequence<TIs...>) -> int
    {
        if(!matches<TAcc, TUserKernel, TArgs...>(launch, error, errorSize))
            return PYALPAKA_ENTRY_INVALID_LAUNCH;
        // The compile-time rules of createTaskKernel (a const operator() callable with these arguments, trivially
        // copyable kernel and arguments), each with its own message, checked on the user's kernel.
        if constexpr(alpaka::detail::checkKernelLaunch<TAcc, WorkDiv<TAcc>, TUserKernel, TArgs...>())
        {
            using TKernel = LaunchedKernel<TNoAlias, TUserKernel, TArgs...>;
            try
            {
                alpaka::detail::cpu::ValidatedLaunch const validated{
                    static_cast<std::uint32_t>(launch->dyn_shared_bytes)};
                if constexpr(TCooperative)
                {
                    // Checks the grid against the blocks that can run at once (again: the runtime did) and runs
                    // every block at the same time.
                    alpaka::TaskKernelCpuCooperative<TAcc, TKernel, TArgs...> const task(
                        validated, workDivOf<TAcc>(*launch), TKernel{}, load<TArgs>(launch->args[TIs])...);
                    task();
                }
                else
                {
                    alpaka::TaskKernelCpu<TAcc, TKernel, TArgs...> const task(
                        validated, workDivOf<TAcc>(*launch), TKernel{}, load<TArgs>(launch->args[TIs])...);
                    alpaka::detail::FirstError firstError;
                    alpaka::detail::cpu::CpuAccDescription<TAcc>::launch(task, firstError);
                    firstError.rethrowIfAny();
                }
            }
            catch(std::exception const& e)
            {
                setError(error, errorSize, e.what());
                return PYALPAKA_ENTRY_KERNEL_ERROR;
            }
            catch(...)
            {
                setError(error, errorSize, "the kernel threw an exception that is not a std::exception");
                return PYALPAKA_ENTRY_KERNEL_ERROR;
            }
        }
        return PYALPAKA_ENTRY_OK;
    }
} // namespace pyalpaka::jit

//! Defines the exported functions of EntryAbi.h for kernel TKernel on TAcc with the argument types that follow.
#define PYALPAKA_DEFINE_ENTRY(TAcc, TKernel, ...)                                                                      \
    PYALPAKA_DEFINE_ENTRY_AS(false, false, TAcc, TKernel __VA_OPT__(, ) __VA_ARGS__)

//! The same for a kernel launched cooperatively (pyalpaka_run runs every block at once around a grid barrier).
#define PYALPAKA_DEFINE_COOPERATIVE_ENTRY(TAcc, TKernel, ...)                                                          \
    PYALPAKA_DEFINE_ENTRY_AS(true, false, TAcc, TKernel __VA_OPT__(, ) __VA_ARGS__)

//! The general form: `noAlias` runs the kernel with `__restrict` pointer parameters (NoAliasKernel).
#define PYALPAKA_DEFINE_ENTRY_AS(cooperative, noAlias, TAcc, TKernel, ...)                                             \
    extern "C" __attribute__((visibility("default"))) unsigned pyalpaka_entry_abi()                                    \
    {                                                                                                                  \
        return PYALPAKA_ENTRY_ABI;                                                                                     \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_dyn_shared_bytes(                                   \
        pyalpaka_launch const* launch, uint64_t* bytes, char* error, size_t errorSize)                                 \
    {                                                                                                                  \
        return ::pyalpaka::jit::dynSharedBytes<TAcc, TKernel __VA_OPT__(, ) __VA_ARGS__>(                              \
            launch, bytes, error, errorSize, std::index_sequence_for<__VA_ARGS__>{});                                  \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_run(                                                \
        pyalpaka_launch const* launch, char* error, size_t errorSize)                                                  \
    {                                                                                                                  \
        return ::pyalpaka::jit::run<TAcc, TKernel, cooperative, noAlias __VA_OPT__(, ) __VA_ARGS__>(                   \
            launch, error, errorSize, std::index_sequence_for<__VA_ARGS__>{});                                         \
    }
