// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The GPU face of a kernel compiled for the emulated GPU (EmulatedAbi.h). The generated translation unit is the CPU
//! one (EntryCpu.hpp) for a host accelerator with GPU semantics, followed by
//!
//!     PYALPAKA_DEFINE_EMULATED_ENTRY(PyalpakaAcc, PyalpakaKernel, float, float const*, float*)
//!
//! which exports what the emulator reaches by the names of the GPU module (EntryGpu.hpp): pyalpaka_kernel and
//! pyalpaka_dyn_shared_bytes with the parameter blocks a GPU launch builds (the thread-elements extent first, then
//! the arguments; for the second the output pointer and the block extent before them), and the module variable
//! pyalpaka_dyn_shared_kind. Both run through the CPU entry's pyalpaka_run and pyalpaka_dyn_shared_bytes, so the kernel
//! runs exactly as on the CPU back-end, with the grid mapped back from x, y, z to alpaka's [z][y][x].

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "EmulatedAbi.h"
#include "EntryAbi.h"

extern "C" int pyalpaka_run(pyalpaka_launch const* launch, char* error, size_t errorSize);
extern "C" int pyalpaka_dyn_shared_bytes(pyalpaka_launch const* launch, uint64_t* bytes, char* error, size_t errorSize);

namespace pyalpaka::jit::emulated
{
    inline auto named(char const* function, char const* name) -> bool
    {
        return function != nullptr && std::strcmp(function, name) == 0;
    }

    template<typename... T>
    inline constexpr std::size_t countOf = sizeof...(T);

    //! As EntryGpu.hpp's dynSharedKind: 1 byte where the kernel leaves BlockSharedMemDynSizeBytes unspecialized.
    template<typename TAcc, typename TKernel>
    inline constexpr std::size_t dynSharedKind
        = requires { alpaka::trait::BlockSharedMemDynSizeBytes<TKernel, TAcc>::isUnspecialized; } ? 1 : 2;

    //! Copies `dim` extents of alpaka's [z][y][x] order from a GPU launch's x, y, z; false where the launch has more
    //! dimensions than the kernel (an extent beyond `dim` that is not 1).
    inline auto fromXyz(std::uint64_t dim, unsigned const (&xyz)[3], std::uint64_t (&out)[3]) -> bool
    {
        for(std::uint64_t i = 0; i < 3; ++i)
        {
            if(i < dim)
                out[dim - 1 - i] = xyz[i];
            else if(xyz[i] != 1)
                return false;
        }
        return true;
    }

    inline void readExtent(std::uint64_t dim, void const* vec, std::uint64_t (&out)[3])
    {
        for(std::uint64_t i = 0; i < dim; ++i)
        {
            std::size_t value = 0;
            std::memcpy(&value, static_cast<char const*>(vec) + i * sizeof(std::size_t), sizeof value);
            out[i] = value;
        }
    }

    inline auto refuse(char* error, std::size_t size, char const* message) -> int
    {
        if(error != nullptr && size > 0)
        {
            std::size_t const n = std::strlen(message) < size - 1 ? std::strlen(message) : size - 1;
            std::memcpy(error, message, n);
            error[n] = '\0';
        }
        return PYALPAKA_ENTRY_INVALID_LAUNCH;
    }

    template<std::uint64_t TDim, typename... TArgs>
    auto params(char const* function, std::uint64_t* sizes, std::uint64_t capacity, std::uint64_t* count) -> int
    {
        constexpr std::uint64_t vec = TDim * sizeof(std::size_t);
        constexpr std::uint64_t kernel[] = {vec, sizeof(TArgs)...};
        constexpr std::uint64_t dynShared[] = {sizeof(void*), vec, vec, sizeof(TArgs)...};
        std::uint64_t const* list = nullptr;
        std::uint64_t n = 0;
        if(named(function, "pyalpaka_kernel"))
        {
            list = kernel;
            n = sizeof kernel / sizeof kernel[0];
        }
        else if(named(function, "pyalpaka_dyn_shared_bytes"))
        {
            list = dynShared;
            n = sizeof dynShared / sizeof dynShared[0];
        }
        else
            return 1;
        for(std::uint64_t i = 0; i < n && i < capacity && sizes != nullptr; ++i)
            sizes[i] = list[i];
        if(count != nullptr)
            *count = n;
        return 0;
    }

    template<std::uint64_t TDim, std::uint64_t TArgCount>
    auto
    run(char const* function,
        pyalpaka_emulated_grid const* grid,
        void* const* params,
        char* error,
        std::size_t errorSize) -> int
    {
        if(grid == nullptr || params == nullptr)
            return refuse(error, errorSize, "pyalpaka emulator: a launch without a grid or parameters");
        pyalpaka_launch launch{};
        launch.dim = TDim;
        launch.arg_count = TArgCount;
        if(named(function, "pyalpaka_kernel"))
        {
            if(!fromXyz(TDim, grid->grid, launch.grid_blocks) || !fromXyz(TDim, grid->block, launch.block_threads))
                return refuse(error, errorSize, "pyalpaka emulator: the launch has more dimensions than the kernel");
            readExtent(TDim, params[0], launch.thread_elems);
            launch.args = const_cast<void const* const*>(params + 1);
            launch.dyn_shared_bytes = grid->dyn_shared_bytes;
            return pyalpaka_run(&launch, error, errorSize);
        }
        if(named(function, "pyalpaka_dyn_shared_bytes"))
        {
            for(std::uint64_t i = 0; i < TDim; ++i)
                launch.grid_blocks[i] = 1;
            readExtent(TDim, params[1], launch.block_threads);
            readExtent(TDim, params[2], launch.thread_elems);
            launch.args = const_cast<void const* const*>(params + 3);
            std::uint64_t bytes = 0;
            int const status = pyalpaka_dyn_shared_bytes(&launch, &bytes, error, errorSize);
            if(status == PYALPAKA_ENTRY_OK)
            {
                unsigned long long* out = nullptr;
                std::memcpy(&out, params[0], sizeof out);
                *out = bytes;
            }
            return status;
        }
        return refuse(error, errorSize, "pyalpaka emulator: the module has no such function");
    }
} // namespace pyalpaka::jit::emulated

//! Defines EmulatedAbi.h's exports for kernel TKernel on TAcc with the argument types that follow (after the CPU entry
//! of the same kernel and types).
#define PYALPAKA_DEFINE_EMULATED_ENTRY(TAcc, TKernel, ...)                                                             \
    extern "C" __attribute__((                                                                                         \
        visibility("default"))) char pyalpaka_dyn_shared_kind[::pyalpaka::jit::emulated::dynSharedKind<TAcc, TKernel>] \
        = {};                                                                                                          \
    extern "C" __attribute__((visibility("default"))) unsigned pyalpaka_emulated_abi()                                 \
    {                                                                                                                  \
        return PYALPAKA_EMULATED_ABI;                                                                                  \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_emulated_params(                                    \
        char const* function, uint64_t* sizes, uint64_t capacity, uint64_t* count)                                     \
    {                                                                                                                  \
        return ::pyalpaka::jit::emulated::params<alpaka::Dim<TAcc>::value __VA_OPT__(, ) __VA_ARGS__>(                 \
            function, sizes, capacity, count);                                                                         \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_emulated_run(                                       \
        char const* function, pyalpaka_emulated_grid const* grid, void* const* params, char* error, size_t errorSize)  \
    {                                                                                                                  \
        return ::pyalpaka::jit::emulated::                                                                             \
            run<alpaka::Dim<TAcc>::value, ::pyalpaka::jit::emulated::countOf<__VA_ARGS__>>(                            \
                function, grid, params, error, errorSize);                                                             \
    }                                                                                                                  \
    extern "C" __attribute__((visibility("default"))) int pyalpaka_emulated_global(                                    \
        char const* name, void** address, uint64_t* bytes)                                                             \
    {                                                                                                                  \
        if(!::pyalpaka::jit::emulated::named(name, "pyalpaka_dyn_shared_kind"))                                        \
            return 1;                                                                                                  \
        *address = pyalpaka_dyn_shared_kind;                                                                           \
        *bytes = sizeof pyalpaka_dyn_shared_kind;                                                                      \
        return 0;                                                                                                      \
    }
