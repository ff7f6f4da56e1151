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
//! with the argument types the Python call had.

#include <alpaka/alpaka.hpp>

#include <cstring>
#include <exception>
#include <string>
#include <utility>

#include "EntryAbi.h"

namespace pyalpaka::jit
{
    inline void setError(char* error, std::size_t size, char const* message)
    {
        if(error == nullptr || size == 0)
            return;
        std::size_t const n = std::min(std::strlen(message), size - 1);
        std::memcpy(error, message, n);
        error[n] = '\0';
    }

    //! The value an argument slot holds (memcpy: the slot's bytes are the value's object representation).
    template<typename T>
    auto load(void const* slot) -> T
    {
        T value;
        std::memcpy(&value, slot, sizeof(T));
        return value;
    }

    template<typename TAcc, typename TKernel, typename... TArgs, std::size_t... TIs>
    auto makeTask(pyalpaka_launch const& launch, std::index_sequence<TIs...>)
    {
        constexpr std::size_t dim = alpaka::Dim<TAcc>::value;
        using Vec = alpaka::Vec<alpaka::DimInt<dim>, alpaka::Idx<TAcc>>;
        Vec grid;
        Vec block;
        Vec elems;
        for(std::size_t i = 0; i < dim; ++i)
        {
            grid[i] = static_cast<alpaka::Idx<TAcc>>(launch.grid_blocks[i]);
            block[i] = static_cast<alpaka::Idx<TAcc>>(launch.block_threads[i]);
            elems[i] = static_cast<alpaka::Idx<TAcc>>(launch.thread_elems[i]);
        }
        return alpaka::createTaskKernel<TAcc>(
            alpaka::WorkDivMembers<alpaka::DimInt<dim>, alpaka::Idx<TAcc>>(grid, block, elems),
            TKernel{},
            load<TArgs>(launch.args[TIs])...);
    }

    //! Validates the launch and, if `run`, runs it; exceptions become return codes with the message.
    template<typename TAcc, typename TKernel, typename... TArgs>
    auto entry(bool run, pyalpaka_launch const* launch, char* error, std::size_t errorSize) -> int
    {
        if(launch == nullptr || launch->dim != alpaka::Dim<TAcc>::value || launch->arg_count != sizeof...(TArgs))
        {
            setError(error, errorSize, "pyalpaka: the launch does not match the compiled kernel (dim or arguments)");
            return PYALPAKA_ENTRY_INVALID_LAUNCH;
        }
        try
        {
            auto task = makeTask<TAcc, TKernel, TArgs...>(*launch, std::index_sequence_for<TArgs...>{});
            if(!run)
                return PYALPAKA_ENTRY_OK;
            try
            {
                task();
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
        catch(std::exception const& e)
        {
            setError(error, errorSize, e.what());
            return PYALPAKA_ENTRY_INVALID_LAUNCH;
        }
        return PYALPAKA_ENTRY_OK;
    }
} // namespace pyalpaka::jit

//! Defines the exported functions of EntryAbi.h for kernel TKernel on TAcc with the argument types that follow.
#define PYALPAKA_DEFINE_ENTRY(TAcc, TKernel, ...)                                                                      \
    extern "C" __attribute__((visibility("default"))) unsigned pyalpaka_entry_abi()                                    \
    {                                                                                                                  \
        return PYALPAKA_ENTRY_ABI;                                                                                     \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_check(                                              \
        pyalpaka_launch const* launch, char* error, size_t errorSize)                                                  \
    {                                                                                                                  \
        return ::pyalpaka::jit::entry<TAcc, TKernel __VA_OPT__(, ) __VA_ARGS__>(false, launch, error, errorSize);      \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_run(                                                \
        pyalpaka_launch const* launch, char* error, size_t errorSize)                                                  \
    {                                                                                                                  \
        return ::pyalpaka::jit::entry<TAcc, TKernel __VA_OPT__(, ) __VA_ARGS__>(true, launch, error, errorSize);       \
    }
