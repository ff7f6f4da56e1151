// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The device side of a kernel compiled at run time for a GPU back-end (NVRTC for CUDA, hiprtc for HIP). The
//! generated translation unit is the user's source followed by
//!
//!     using PyalpakaAcc = alpaka::AccGpuCudaRt<alpaka::DimInt<1>, std::size_t>;
//!     using PyalpakaKernel = Axpy;
//!     extern "C" __global__ void pyalpaka_kernel(pyalpaka::jit::ElemVec<PyalpakaAcc> elems, float a0, float* a1)
//!     {
//!         pyalpaka::jit::runOnGpu<PyalpakaAcc, PyalpakaKernel>(elems, a0, a1);
//!     }
//!     extern "C" __global__ void pyalpaka_dyn_shared_bytes(unsigned long long* out, ...blockThreads, ...elems, ...)
//!
//!     extern "C" __device__ PYALPAKA_JIT_KEEP char pyalpaka_dyn_shared_kind[dynSharedKind<...>] = {};
//!
//! The module exports two unmangled kernels, so the loader needs no name lowering: `pyalpaka_kernel`, launched with
//! the work division mapped to grid and block as the C++ back-end maps it (alpaka's [z][y][x] to dim3's x fastest)
//! and the thread's element extent as its first parameter; and `pyalpaka_dyn_shared_bytes`, one thread that writes
//! the kernel's BlockSharedMemDynSizeBytes for a work division and arguments (its trait is host-and-device code),
//! run before a launch whose dynamic shared memory the host cannot compute. The size of `pyalpaka_dyn_shared_kind`
//! (which the loader reads from the module, not from device memory) is 1 byte where the kernel does not specialize
//! that trait, so that its launches need no such run, and 2 bytes where it does.

#include <alpaka/alpaka.hpp>

#include "StructFields.hpp"

//! Keeps an exported device variable that no device code reads (clang, hence hiprtc, drops it otherwise; NVRTC keeps
//! every extern "C" __device__ variable).
#if defined(__HIP__)
#    define PYALPAKA_JIT_KEEP __attribute__((used))
#else
#    define PYALPAKA_JIT_KEEP
#endif

namespace pyalpaka::jit
{
    //! Extents of the accelerator's dimensionality and index type.
    template<typename TAcc>
    using ElemVec = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    //! The body of pyalpaka_kernel: the accelerator as the C++ back-end's launch entry constructs it, then the kernel.
    template<typename TAcc, typename TKernel, typename... TArgs>
    __device__ void runOnGpu(ElemVec<TAcc> const& threadElems, TArgs const&... args)
    {
        // The rules of createTaskKernel (a const operator() callable with these arguments, trivially copyable kernel
        // and arguments), each with its own message instead of a cascade from the call below.
        using WorkDiv = alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;
        if constexpr(alpaka::detail::checkKernelLaunch<TAcc, WorkDiv, TKernel, TArgs...>())
        {
            TAcc const acc(alpaka::detail::cudaHip::GpuLaunchKey{}, threadElems);
            TKernel const kernel{};
            kernel(acc, args...);
        }
    }

    //! The size of pyalpaka_dyn_shared_kind: 1 where the kernel leaves BlockSharedMemDynSizeBytes unspecialized (no
    //! dynamic shared memory), 2 where it specializes it. Read once when the module is loaded, so that the launches
    //! of most kernels skip running pyalpaka_dyn_shared_bytes (a device round trip) first.
    template<typename TAcc, typename TKernel>
    inline constexpr std::size_t dynSharedKind
        = requires { alpaka::trait::BlockSharedMemDynSizeBytes<TKernel, TAcc>::isUnspecialized; } ? 1 : 2;

    //! The body of pyalpaka_dyn_shared_bytes.
    template<typename TAcc, typename TKernel, typename... TArgs>
    __device__ auto dynSharedBytes(
        ElemVec<TAcc> const& blockThreads, ElemVec<TAcc> const& threadElems, TArgs const&... args) -> unsigned long long
    {
        return static_cast<unsigned long long>(
            alpaka::getBlockSharedMemDynSizeBytes<TAcc>(TKernel{}, blockThreads, threadElems, args...));
    }
} // namespace pyalpaka::jit
