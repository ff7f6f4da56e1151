// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ApiCudaRt: the CUDA runtime API under the names the uniform CUDA/HIP back-end uses. ApiHipRt (ApiHipRt.hpp) has
//! the same members for HIP; everything in detail/cudaHip and the *UniformCudaHipRt types is written once against
//! this interface. Only types, constants and thin forwarding functions live here: no logic.
//!
//! The members whose HIP name is the CUDA name with "hip" for "cuda" come from the lists of
//! ApiCudaHipRtSharedNames.hpp, expanded with the prefix cuda. The ones written out below differ from HIP in name or
//! signature, or exist only in CUDA.

#include "alpaka/core/Config.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)

namespace alpaka
{
    struct ApiCudaRt;
} // namespace alpaka

#    if !ALPAKA_RTC

#        include "alpaka/detail/cudaHip/ApiCudaHipRtSharedNames.hpp"

#        include <cstddef>

#        include <cuda_runtime.h>

namespace alpaka
{
    //! The CUDA runtime API, seen through the uniform CUDA/HIP interface.
    struct ApiCudaRt
    {
        static constexpr char const* name = "Cuda";
        static constexpr char const* version = "CUDA runtime";

        ALPAKA_API_RT_SHARED_TYPES(cuda)
        //! HIP's is hipDeviceProp_t, with the _t.
        using DeviceProp_t = cudaDeviceProp;
        //! HIP has no 3-D peer copy parameters (ApiHipRt declares its own).
        using Memcpy3DPeerParms_t = cudaMemcpy3DPeerParms;

        ALPAKA_API_RT_SHARED_CONSTANTS(cuda)
        //! HIP's flags are named after hipHostMalloc: hipHostMallocMapped, hipHostMallocPortable.
        static constexpr unsigned hostAllocMappedPortable = cudaHostAllocMapped | cudaHostAllocPortable;
        //! Host tasks and event records/waits can be captured into graphs (as host nodes and external event nodes).
        static constexpr bool capturesHostWork = true;

        ALPAKA_API_RT_SHARED_FUNCTIONS(cuda)

        //! The attribute is cudaDevAttrMemoryPoolsSupported; HIP's is hipDeviceAttributeMemoryPoolsSupported.
        static auto memoryPoolsSupported(int* supported, int dev) -> Error_t
        {
            return cudaDeviceGetAttribute(supported, cudaDevAttrMemoryPoolsSupported, dev);
        }

        //! The device of a stream: cudaStreamGetDevice (CUDA 12.8); HIP's is hipGetStreamDeviceId.
        static auto streamGetDevice(Stream_t stream, int* dev) -> Error_t
        {
#        if CUDART_VERSION >= 12080
            return cudaStreamGetDevice(stream, dev);
#        else
            (void)stream;
            (void)dev;
            return cudaErrorNotSupported;
#        endif
        }
        //! HIP needs a stream callback instead (ApiHipRt::launchHostFunc).
        static auto launchHostFunc(Stream_t stream, HostFn_t fn, void* userData) -> Error_t
        {
            return cudaLaunchHostFunc(stream, fn, userData);
        }

        //! cudaHostAlloc; HIP's is hipHostMalloc.
        static auto hostMalloc(void** ptr, std::size_t bytes, unsigned flags) -> Error_t
        {
            return cudaHostAlloc(ptr, bytes, flags);
        }

        //! cudaFreeHost; HIP's is hipHostFree.
        static auto hostFree(void* ptr) -> Error_t
        {
            return cudaFreeHost(ptr);
        }

        //! HIP has no 3-D peer copy (ApiHipRt::memcpy3DPeerAsync).
        static auto memcpy3DPeerAsync(Memcpy3DPeerParms_t const* parms, Stream_t stream) -> Error_t
        {
            return cudaMemcpy3DPeerAsync(parms, stream);
        }

        //! CUDA 12's signature (flags); ROCm 5.2's hipGraphInstantiate takes an error node and a log buffer.
        static auto graphInstantiate(GraphExec_t* exec, Graph_t graph) -> Error_t
        {
            return cudaGraphInstantiate(exec, graph, 0);
        }

        //! An event record inside a capture that every replay performs (not only an intra-graph dependency). CUDA
        //! only: HIP refuses event records while capturing (capturesHostWork).
        static auto eventRecordCaptured(Event_t event, Stream_t stream) -> Error_t
        {
            return cudaEventRecordWithFlags(event, stream, cudaEventRecordExternal);
        }

        //! A wait inside a capture on an event recorded outside it. CUDA only, as eventRecordCaptured.
        static auto streamWaitEventCaptured(Stream_t stream, Event_t event) -> Error_t
        {
            return cudaStreamWaitEvent(stream, event, cudaEventWaitExternal);
        }
    };
} // namespace alpaka

#    endif
#endif
