// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What every CPU back-end checks when a kernel task is created, and how it reports exceptions thrown by kernels.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Debug.hpp"
#include "alpaka/core/DemangleTypeNames.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/detail/cpu/launch/KernelArgs.hpp"
#include "alpaka/kernel/Traits.hpp"
#include "alpaka/platform/PlatformCpu.hpp"
#include "alpaka/workdiv/Traits.hpp"
#include "alpaka/workdiv/WorkDivValidation.hpp"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>

namespace alpaka::detail::cpu
{
    //! Block shared memory (dynamic and static together) each block of a CPU back-end gets.
    inline constexpr std::size_t blockSharedMemBytes = std::size_t{ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB} * 1024u;

    //! Marks a launch as validated by its creator (see TaskKernelCpu's constructors).
    struct ValidatedLaunch
    {
        std::uint32_t dynSharedMemBytes;
    };

    template<typename TAcc>
    struct CpuAccDescription;

    //! The limits a launch on TAcc is checked against: its device properties, except that a back-end whose
    //! description declares launchBlockThreadCountMax() accepts blocks up to that many threads. The properties'
    //! maximum then stays what getValidWorkDiv aims for (a few threads per core), and a work division written for a
    //! GPU with more threads per block still runs (upstream alpaka's std::thread back-end runs any thread count).
    template<typename TAcc>
    auto cpuLaunchLimits() -> AccDevProps<typename TAcc::DimT, typename TAcc::IdxT>
    {
        auto props = getAccDevProps<TAcc>(getDevByIdx(PlatformCpu{}, 0));
        if constexpr(requires { CpuAccDescription<TAcc>::launchBlockThreadCountMax(); })
        {
            using TIdx = typename TAcc::IdxT;
            auto const launchMax = static_cast<TIdx>(CpuAccDescription<TAcc>::launchBlockThreadCountMax());
            if(launchMax > props.m_blockThreadCountMax)
            {
                props.m_blockThreadCountMax = launchMax;
                props.m_blockThreadExtentMax = Vec<typename TAcc::DimT, TIdx>::all(launchMax);
            }
        }
        return props;
    }

    //! cpuLaunchLimits, asked for once per accelerator: the limits never change while the process runs, and this
    //! keeps the device lookup and the memory size system call out of every launch.
    template<typename TAcc>
    auto cachedCpuLaunchLimits() -> AccDevProps<typename TAcc::DimT, typename TAcc::IdxT> const&
    {
        static auto const props = cpuLaunchLimits<TAcc>();
        return props;
    }

    [[noreturn]] ALPAKA_MESSAGE_FN inline void
    throwDynSharedMemTooLarge(std::string (*accName)(), std::size_t dynBytes, std::size_t available)
    {
        throwRuntimeError(
            "kernel launch on %s: the kernel asks for %zu bytes of dynamic block shared memory, at most %zu bytes per "
            "block are available (raise alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB)",
            accName().c_str(),
            dynBytes,
            available);
    }

    //! Validates the work division against TAcc's limits and returns the dynamic shared memory the kernel asks for;
    //! throws std::runtime_error naming the limit that was exceeded. This is compiled once per kernel, so what does
    //! not depend on the kernel lives elsewhere: the accelerator's name is a function pointer (a lambda here was three
    //! functions per kernel), the limits and the messages are per accelerator or not templates at all.
    template<typename TAcc, typename TWorkDiv, typename TKernelFnObj, std::size_t... TIndices, typename... TArgs>
    auto checkCpuLaunch(
        TWorkDiv const& workDiv,
        TKernelFnObj const& kernelFnObj,
        KernelArgsOf<std::index_sequence<TIndices...>, TArgs...> const& args) -> std::uint32_t
    {
        auto const& props = cachedCpuLaunchLimits<TAcc>();
        detail::throwIfInvalidWorkDiv(props, workDiv, &getAccName<TAcc>);
        std::size_t const dynBytes = getBlockSharedMemDynSizeBytes<TAcc>(
            kernelFnObj,
            getWorkDiv<Block, Threads>(workDiv),
            getWorkDiv<Thread, Elems>(workDiv),
            static_cast<KernelArg<TIndices, TArgs> const&>(args).value...);
        if(dynBytes > props.m_sharedMemSizeBytes)
            throwDynSharedMemTooLarge(&getAccName<TAcc>, dynBytes, props.m_sharedMemSizeBytes);
        ALPAKA_DEBUG_FULL_LOG(
            "kernel launch on " << getAccName<TAcc>() << ": gridBlockExtent " << getWorkDiv<Grid, Blocks>(workDiv)
                                << ", blockThreadExtent " << getWorkDiv<Block, Threads>(workDiv)
                                << ", threadElemExtent " << getWorkDiv<Thread, Elems>(workDiv) << ", " << dynBytes
                                << " bytes of dynamic shared memory");
        return static_cast<std::uint32_t>(dynBytes);
    }

    //! Rethrows the exception being handled as runKernelReportingErrors says; one function for all kernels.
    [[noreturn]] ALPAKA_MESSAGE_FN inline void rethrowKernelError(std::string (*accName)())
    {
        try
        {
            throw;
        }
        catch(std::runtime_error const&)
        {
            throw;
        }
        catch(std::exception const& e)
        {
            // The exception's dynamic type: "std::logic_error", not the "std::exception" of the handler.
            throwRuntimeError(
                "exception in a kernel on %s (%s): %s",
                accName().c_str(),
                core::demangle(typeid(e).name()).c_str(),
                e.what());
        }
        catch(...)
        {
            throwRuntimeError("a kernel on %s threw an exception of unknown type", accName().c_str());
        }
    }

    //! Runs run(task); an exception escaping it becomes a std::runtime_error that keeps the message (exceptions
    //! derived from std::runtime_error pass unchanged). Not a template: one try block for all kernels, where a
    //! template of the callable was four functions per kernel.
    inline void runKernelReportingErrors(void (*run)(void const*), void const* task, std::string (*accName)())
    {
        try
        {
            run(task);
        }
        catch(...)
        {
            rethrowKernelError(accName);
        }
    }

    //! "AccCpuSerial<1,int>".
    template<typename TDim, typename TIdx>
    auto cpuAccName(char const* name) -> std::string
    {
        return formatMessage("%s<%zu,%s>", name, std::size_t{TDim::value}, core::demangled<TIdx>.c_str());
    }

    //! Limits shared by the CPU back-ends; blockThreadCountMax is the back-end's.
    template<typename TDim, typename TIdx>
    auto
    cpuAccDevProps(DevCpu const& dev, TIdx multiProcessorCount, TIdx blockThreadCountMax) -> AccDevProps<TDim, TIdx>
    {
        constexpr TIdx idxMax = std::numeric_limits<TIdx>::max();
        return {
            multiProcessorCount,
            Vec<TDim, TIdx>::all(idxMax),
            idxMax,
            Vec<TDim, TIdx>::all(blockThreadCountMax),
            blockThreadCountMax,
            Vec<TDim, TIdx>::all(idxMax),
            idxMax,
            blockSharedMemBytes,
            getMemBytes(dev),
            true};
    }
} // namespace alpaka::detail::cpu
