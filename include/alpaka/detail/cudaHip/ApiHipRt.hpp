// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ApiHipRt: the HIP runtime API under the names of ApiCudaRt (ApiCudaRt.hpp), member for member. The members whose
//! HIP name only swaps the prefix (hipMalloc for cudaMalloc) come from the lists of ApiCudaHipRtSharedNames.hpp,
//! expanded with the prefix hip. The ones written out below are where HIP names differ (hipDeviceProp_t,
//! hipHostMalloc, hipHostFree) or lack a call (a 3-D peer copy: ROCm copies between devices with hipMemcpy3DAsync and
//! hipMemcpyDefault), each with the reason.

#include "alpaka/core/Config.hpp"

#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)

namespace alpaka
{
    struct ApiHipRt;
} // namespace alpaka

#    if !ALPAKA_RTC

#        include "alpaka/detail/cudaHip/ApiCudaHipRtSharedNames.hpp"

#        include <cstddef>

#        include <hip/hip_runtime.h>

namespace alpaka
{
    //! The HIP runtime API, seen through the uniform CUDA/HIP interface.
    struct ApiHipRt
    {
        static constexpr char const* name = "Hip";
        static constexpr char const* version = "HIP runtime";

        ALPAKA_API_RT_SHARED_TYPES(hip)
        //! CUDA's is cudaDeviceProp, without the _t.
        using DeviceProp_t = hipDeviceProp_t;

        //! HIP has no cudaMemcpy3DPeerParms: the fields the back-end sets, copied into hipMemcpy3DParms.
        struct Memcpy3DPeerParms_t
        {
            PitchedPtr_t dstPtr;
            int dstDevice;
            PitchedPtr_t srcPtr;
            int srcDevice;
            Extent_t extent;
        };

        ALPAKA_API_RT_SHARED_CONSTANTS(hip)
        //! The flags are named after hipHostMalloc (CUDA: cudaHostAllocMapped, cudaHostAllocPortable).
        static constexpr unsigned hostAllocMappedPortable = hipHostMallocMapped | hipHostMallocPortable;
        //! ROCm 5.2 has neither a capturable host function (hipLaunchHostFunc is not exported) nor external event
        //! nodes: host tasks and event records/waits are refused while capturing, and ApiHipRt has no
        //! eventRecordCaptured or streamWaitEventCaptured.
        static constexpr bool capturesHostWork = false;

        ALPAKA_API_RT_SHARED_FUNCTIONS(hip)

        //! The attribute is hipDeviceAttributeMemoryPoolsSupported; CUDA's is cudaDevAttrMemoryPoolsSupported.
        static auto memoryPoolsSupported(int* supported, int dev) -> Error_t
        {
            return hipDeviceGetAttribute(supported, hipDeviceAttributeMemoryPoolsSupported, dev);
        }

        //! hipLaunchHostFunc is declared but not exported by ROCm 5.2's libamdhip64: the older stream callback
        //! The device of a stream (ROCm 5.2 has no hipStreamGetDevice).
        static auto streamGetDevice(Stream_t stream, int* dev) -> Error_t
        {
            *dev = hipGetStreamDeviceId(stream);
            return *dev < 0 ? hipErrorInvalidHandle : hipSuccess;
        }
        //! (hipStreamAddCallback), with a trampoline that carries the function and its argument.
        static auto launchHostFunc(Stream_t stream, HostFn_t fn, void* userData) -> Error_t
        {
            struct Call
            {
                HostFn_t fn;
                void* userData;
            };

            auto* const call = new Call{fn, userData};
            auto const trampoline = [](Stream_t, Error_t, void* data)
            {
                auto* const owned = static_cast<Call*>(data);
                owned->fn(owned->userData);
                delete owned;
            };
            auto const error = hipStreamAddCallback(stream, trampoline, call, 0);
            if(error != hipSuccess)
                delete call;
            return error;
        }

        //! hipHostMalloc; CUDA's is cudaHostAlloc.
        static auto hostMalloc(void** ptr, std::size_t bytes, unsigned flags) -> Error_t
        {
            return hipHostMalloc(ptr, bytes, flags);
        }

        //! hipHostFree; CUDA's is cudaFreeHost.
        static auto hostFree(void* ptr) -> Error_t
        {
            return hipHostFree(ptr);
        }

        //! HIP has no hipMemcpy3DPeerAsync: a 3-D copy with hipMemcpyDefault, which copies between devices too.
        static auto memcpy3DPeerAsync(Memcpy3DPeerParms_t const* parms, Stream_t stream) -> Error_t
        {
            Memcpy3DParms_t copy{};
            copy.dstPtr = parms->dstPtr;
            copy.srcPtr = parms->srcPtr;
            copy.extent = parms->extent;
            copy.kind = hipMemcpyDefault;
            return hipMemcpy3DAsync(&copy, stream);
        }

        //! ROCm 5.2's signature: an error node and a log buffer (CUDA 12's takes flags instead).
        static auto graphInstantiate(GraphExec_t* exec, Graph_t graph) -> Error_t
        {
            return hipGraphInstantiate(exec, graph, nullptr, nullptr, 0);
        }
    };
} // namespace alpaka

#    endif
#endif
