// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ApiHipRt: the HIP runtime API under the names of ApiCudaRt (ApiCudaRt.hpp), member for member. Where HIP names
//! differ (hipDeviceProp_t, hipHostMalloc, hipHostFree) or lacks a call (a 3-D peer copy: ROCm copies between devices
//! with hipMemcpy3DAsync and hipMemcpyDefault), this file says so; everything else only swaps the prefix.

#include "alpaka/core/Config.hpp"

#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)

namespace alpaka
{
    struct ApiHipRt;
} // namespace alpaka

#    if !ALPAKA_RTC

#        include <cstddef>

#        include <hip/hip_runtime.h>

namespace alpaka
{
    //! The CUDA runtime API, seen through the uniform CUDA/HIP interface.
    struct ApiHipRt
    {
        static constexpr char const* name = "Hip";
        static constexpr char const* version = "HIP runtime";

        using Error_t = hipError_t;
        using Stream_t = hipStream_t;
        using Event_t = hipEvent_t;
        using DeviceProp_t = hipDeviceProp_t;
        using FuncAttributes_t = hipFuncAttributes;
        using Extent_t = hipExtent;
        using PitchedPtr_t = hipPitchedPtr;
        using Memcpy3DParms_t = hipMemcpy3DParms;
        //! HIP has no cudaMemcpy3DPeerParms: the fields the back-end sets, copied into hipMemcpy3DParms.
        struct Memcpy3DPeerParms_t
        {
            PitchedPtr_t dstPtr;
            int dstDevice;
            PitchedPtr_t srcPtr;
            int srcDevice;
            Extent_t extent;
        };
        using HostFn_t = hipHostFn_t;

        static constexpr Error_t success = hipSuccess;
        static constexpr Error_t errorNotReady = hipErrorNotReady;
        static constexpr Error_t errorNoDevice = hipErrorNoDevice;
        static constexpr Error_t errorInsufficientDriver = hipErrorInsufficientDriver;
        static constexpr Error_t errorPeerAccessAlreadyEnabled = hipErrorPeerAccessAlreadyEnabled;
        static constexpr unsigned streamNonBlocking = hipStreamNonBlocking;
        static constexpr unsigned eventDisableTiming = hipEventDisableTiming;
        static constexpr unsigned eventBlockingSync = hipEventBlockingSync;
        static constexpr unsigned hostAllocMappedPortable = hipHostMallocMapped | hipHostMallocPortable;
        static constexpr auto memcpyDefault = hipMemcpyDefault;

        static auto getErrorName(Error_t e) -> char const*
        {
            return hipGetErrorName(e);
        }

        static auto getErrorString(Error_t e) -> char const*
        {
            return hipGetErrorString(e);
        }

        static auto getLastError() -> Error_t
        {
            return hipGetLastError();
        }

        static auto getDeviceCount(int* count) -> Error_t
        {
            return hipGetDeviceCount(count);
        }

        static auto setDevice(int dev) -> Error_t
        {
            return hipSetDevice(dev);
        }

        static auto getDeviceProperties(DeviceProp_t* prop, int dev) -> Error_t
        {
            return hipGetDeviceProperties(prop, dev);
        }

        static auto memGetInfo(std::size_t* free, std::size_t* total) -> Error_t
        {
            return hipMemGetInfo(free, total);
        }

        static auto deviceReset() -> Error_t
        {
            return hipDeviceReset();
        }

        static auto deviceSynchronize() -> Error_t
        {
            return hipDeviceSynchronize();
        }

        static auto deviceCanAccessPeer(int* can, int dev, int peer) -> Error_t
        {
            return hipDeviceCanAccessPeer(can, dev, peer);
        }

        static auto deviceEnablePeerAccess(int peer) -> Error_t
        {
            return hipDeviceEnablePeerAccess(peer, 0);
        }

        static auto memoryPoolsSupported(int* supported, int dev) -> Error_t
        {
            return hipDeviceGetAttribute(supported, hipDeviceAttributeMemoryPoolsSupported, dev);
        }

        static auto streamCreateWithFlags(Stream_t* stream, unsigned flags) -> Error_t
        {
            return hipStreamCreateWithFlags(stream, flags);
        }

        static auto streamDestroy(Stream_t stream) -> Error_t
        {
            return hipStreamDestroy(stream);
        }

        static auto streamQuery(Stream_t stream) -> Error_t
        {
            return hipStreamQuery(stream);
        }

        static auto streamSynchronize(Stream_t stream) -> Error_t
        {
            return hipStreamSynchronize(stream);
        }

        static auto streamWaitEvent(Stream_t stream, Event_t event) -> Error_t
        {
            return hipStreamWaitEvent(stream, event, 0);
        }

        //! hipLaunchHostFunc is declared but not exported by ROCm 5.2's libamdhip64: the older stream callback
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

        static auto eventCreateWithFlags(Event_t* event, unsigned flags) -> Error_t
        {
            return hipEventCreateWithFlags(event, flags);
        }

        static auto eventDestroy(Event_t event) -> Error_t
        {
            return hipEventDestroy(event);
        }

        static auto eventRecord(Event_t event, Stream_t stream) -> Error_t
        {
            return hipEventRecord(event, stream);
        }

        static auto eventQuery(Event_t event) -> Error_t
        {
            return hipEventQuery(event);
        }

        static auto eventSynchronize(Event_t event) -> Error_t
        {
            return hipEventSynchronize(event);
        }

        static auto malloc(void** ptr, std::size_t bytes) -> Error_t
        {
            return hipMalloc(ptr, bytes);
        }

        static auto mallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height) -> Error_t
        {
            return hipMallocPitch(ptr, pitch, width, height);
        }

        static auto malloc3D(PitchedPtr_t* pitchedPtr, Extent_t extent) -> Error_t
        {
            return hipMalloc3D(pitchedPtr, extent);
        }

        static auto free(void* ptr) -> Error_t
        {
            return hipFree(ptr);
        }

        static auto mallocAsync(void** ptr, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return hipMallocAsync(ptr, bytes, stream);
        }

        static auto freeAsync(void* ptr, Stream_t stream) -> Error_t
        {
            return hipFreeAsync(ptr, stream);
        }

        static auto hostMalloc(void** ptr, std::size_t bytes, unsigned flags) -> Error_t
        {
            return hipHostMalloc(ptr, bytes, flags);
        }

        static auto hostFree(void* ptr) -> Error_t
        {
            return hipHostFree(ptr);
        }

        static auto hostGetDevicePointer(void** devPtr, void* hostPtr) -> Error_t
        {
            return hipHostGetDevicePointer(devPtr, hostPtr, 0);
        }

        static auto memcpyAsync(void* dst, void const* src, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, stream);
        }

        static auto memcpyPeerAsync(
            void* dst, int dstDev, void const* src, int srcDev, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return hipMemcpyPeerAsync(dst, dstDev, src, srcDev, bytes, stream);
        }

        static auto memcpy2DAsync(
            void* dst,
            std::size_t dpitch,
            void const* src,
            std::size_t spitch,
            std::size_t width,
            std::size_t height,
            Stream_t stream) -> Error_t
        {
            return hipMemcpy2DAsync(dst, dpitch, src, spitch, width, height, hipMemcpyDefault, stream);
        }

        static auto memcpy3DAsync(Memcpy3DParms_t const* parms, Stream_t stream) -> Error_t
        {
            return hipMemcpy3DAsync(parms, stream);
        }

        static auto memcpy3DPeerAsync(Memcpy3DPeerParms_t const* parms, Stream_t stream) -> Error_t
        {
            Memcpy3DParms_t copy{};
            copy.dstPtr = parms->dstPtr;
            copy.srcPtr = parms->srcPtr;
            copy.extent = parms->extent;
            copy.kind = hipMemcpyDefault;
            return hipMemcpy3DAsync(&copy, stream);
        }

        static auto memsetAsync(void* ptr, int value, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return hipMemsetAsync(ptr, value, bytes, stream);
        }

        static auto memset2DAsync(
            void* ptr, std::size_t pitch, int value, std::size_t width, std::size_t height, Stream_t stream) -> Error_t
        {
            return hipMemset2DAsync(ptr, pitch, value, width, height, stream);
        }

        static auto memset3DAsync(PitchedPtr_t ptr, int value, Extent_t extent, Stream_t stream) -> Error_t
        {
            return hipMemset3DAsync(ptr, value, extent, stream);
        }

        static auto makeExtent(std::size_t w, std::size_t h, std::size_t d) -> Extent_t
        {
            return make_hipExtent(w, h, d);
        }

        static auto makePitchedPtr(void* ptr, std::size_t pitch, std::size_t xsize, std::size_t ysize) -> PitchedPtr_t
        {
            return make_hipPitchedPtr(ptr, pitch, xsize, ysize);
        }

        template<typename TKernel>
        static auto funcGetAttributes(FuncAttributes_t* attributes, TKernel* kernel) -> Error_t
        {
            return hipFuncGetAttributes(attributes, reinterpret_cast<void const*>(kernel));
        }

        //! A launch whose blocks all run at once (cooperative groups' grid.sync() works in it).
        template<typename TKernel>
        static auto launchCooperativeKernel(
            TKernel* kernel, dim3 grid, dim3 block, void** args, std::size_t sharedBytes, Stream_t stream) -> Error_t
        {
            return hipLaunchCooperativeKernel(
                reinterpret_cast<void const*>(kernel), grid, block, args, sharedBytes, stream);
        }

        template<typename TKernel>
        static auto occupancyMaxActiveBlocksPerMultiprocessor(
            int* blocks, TKernel* kernel, int blockThreads, std::size_t sharedBytes) -> Error_t
        {
            return hipOccupancyMaxActiveBlocksPerMultiprocessor(
                blocks, reinterpret_cast<void const*>(kernel), blockThreads, sharedBytes);
        }

        template<typename TKernel>
        static auto funcSetMaxDynamicSharedMemorySize(TKernel* kernel, int bytes) -> Error_t
        {
            return hipFuncSetAttribute(
                reinterpret_cast<void const*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
        }

        template<typename TSymbol>
        static auto getSymbolAddress(void** ptr, TSymbol const& symbol) -> Error_t
        {
            return hipGetSymbolAddress(ptr, static_cast<void const*>(&symbol));
        }

        // Graphs (graph/GraphUniformCudaHipRt.hpp). Relaxed capture: other threads may keep using the runtime.
        using Graph_t = hipGraph_t;
        using GraphExec_t = hipGraphExec_t;
        //! ROCm 5.2 has neither a capturable host function (hipLaunchHostFunc is not exported) nor external event
        //! nodes: host tasks and event records/waits are refused while capturing.
        static constexpr bool capturesHostWork = false;

        static auto streamBeginCapture(Stream_t stream) -> Error_t
        {
            return hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed);
        }

        static auto streamEndCapture(Stream_t stream, Graph_t* graph) -> Error_t
        {
            return hipStreamEndCapture(stream, graph);
        }

        static auto graphInstantiate(GraphExec_t* exec, Graph_t graph) -> Error_t
        {
            return hipGraphInstantiate(exec, graph, nullptr, nullptr, 0);
        }

        static auto graphNodeCount(Graph_t graph, std::size_t* count) -> Error_t
        {
            return hipGraphGetNodes(graph, nullptr, count);
        }

        static auto graphLaunch(GraphExec_t exec, Stream_t stream) -> Error_t
        {
            return hipGraphLaunch(exec, stream);
        }

        static auto graphDestroy(Graph_t graph) -> Error_t
        {
            return hipGraphDestroy(graph);
        }

        static auto graphExecDestroy(GraphExec_t exec) -> Error_t
        {
            return hipGraphExecDestroy(exec);
        }
    };
} // namespace alpaka

#    endif
#endif
