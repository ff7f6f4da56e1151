// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ApiCudaRt: the CUDA runtime API under the names the uniform CUDA/HIP back-end uses. ApiHipRt (ApiHipRt.hpp) has
//! the same members for HIP; everything in detail/cudaHip and the *UniformCudaHipRt types is written once against
//! this interface. Only types, constants and thin forwarding functions live here: no logic.

#include "alpaka/core/Config.hpp"

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)

namespace alpaka
{
    struct ApiCudaRt;
} // namespace alpaka

#    if !ALPAKA_RTC

#        include <cstddef>

#        include <cuda_runtime.h>

namespace alpaka
{
    //! The CUDA runtime API, seen through the uniform CUDA/HIP interface.
    struct ApiCudaRt
    {
        static constexpr char const* name = "Cuda";
        static constexpr char const* version = "CUDA runtime";

        using Error_t = cudaError_t;
        using Stream_t = cudaStream_t;
        using Event_t = cudaEvent_t;
        using DeviceProp_t = cudaDeviceProp;
        using FuncAttributes_t = cudaFuncAttributes;
        using Extent_t = cudaExtent;
        using PitchedPtr_t = cudaPitchedPtr;
        using Memcpy3DParms_t = cudaMemcpy3DParms;
        using Memcpy3DPeerParms_t = cudaMemcpy3DPeerParms;
        using HostFn_t = cudaHostFn_t;

        static constexpr Error_t success = cudaSuccess;
        static constexpr Error_t errorNotReady = cudaErrorNotReady;
        static constexpr Error_t errorNoDevice = cudaErrorNoDevice;
        static constexpr Error_t errorInsufficientDriver = cudaErrorInsufficientDriver;
        static constexpr Error_t errorPeerAccessAlreadyEnabled = cudaErrorPeerAccessAlreadyEnabled;
        static constexpr unsigned streamNonBlocking = cudaStreamNonBlocking;
        static constexpr unsigned eventDisableTiming = cudaEventDisableTiming;
        static constexpr unsigned eventBlockingSync = cudaEventBlockingSync;
        static constexpr unsigned hostAllocMappedPortable = cudaHostAllocMapped | cudaHostAllocPortable;
        static constexpr auto memcpyDefault = cudaMemcpyDefault;

        static auto getErrorName(Error_t e) -> char const*
        {
            return cudaGetErrorName(e);
        }

        static auto getErrorString(Error_t e) -> char const*
        {
            return cudaGetErrorString(e);
        }

        static auto getLastError() -> Error_t
        {
            return cudaGetLastError();
        }

        static auto getDeviceCount(int* count) -> Error_t
        {
            return cudaGetDeviceCount(count);
        }

        static auto setDevice(int dev) -> Error_t
        {
            return cudaSetDevice(dev);
        }

        static auto getDeviceProperties(DeviceProp_t* prop, int dev) -> Error_t
        {
            return cudaGetDeviceProperties(prop, dev);
        }

        static auto memGetInfo(std::size_t* free, std::size_t* total) -> Error_t
        {
            return cudaMemGetInfo(free, total);
        }

        static auto deviceReset() -> Error_t
        {
            return cudaDeviceReset();
        }

        static auto deviceSynchronize() -> Error_t
        {
            return cudaDeviceSynchronize();
        }

        static auto deviceCanAccessPeer(int* can, int dev, int peer) -> Error_t
        {
            return cudaDeviceCanAccessPeer(can, dev, peer);
        }

        static auto deviceEnablePeerAccess(int peer) -> Error_t
        {
            return cudaDeviceEnablePeerAccess(peer, 0);
        }

        static auto memoryPoolsSupported(int* supported, int dev) -> Error_t
        {
            return cudaDeviceGetAttribute(supported, cudaDevAttrMemoryPoolsSupported, dev);
        }

        static auto streamCreateWithFlags(Stream_t* stream, unsigned flags) -> Error_t
        {
            return cudaStreamCreateWithFlags(stream, flags);
        }

        static auto streamDestroy(Stream_t stream) -> Error_t
        {
            return cudaStreamDestroy(stream);
        }

        static auto streamQuery(Stream_t stream) -> Error_t
        {
            return cudaStreamQuery(stream);
        }

        static auto streamSynchronize(Stream_t stream) -> Error_t
        {
            return cudaStreamSynchronize(stream);
        }

        static auto streamWaitEvent(Stream_t stream, Event_t event) -> Error_t
        {
            return cudaStreamWaitEvent(stream, event, 0);
        }

        static auto launchHostFunc(Stream_t stream, HostFn_t fn, void* userData) -> Error_t
        {
            return cudaLaunchHostFunc(stream, fn, userData);
        }

        static auto eventCreateWithFlags(Event_t* event, unsigned flags) -> Error_t
        {
            return cudaEventCreateWithFlags(event, flags);
        }

        static auto eventDestroy(Event_t event) -> Error_t
        {
            return cudaEventDestroy(event);
        }

        static auto eventRecord(Event_t event, Stream_t stream) -> Error_t
        {
            return cudaEventRecord(event, stream);
        }

        static auto eventQuery(Event_t event) -> Error_t
        {
            return cudaEventQuery(event);
        }

        static auto eventSynchronize(Event_t event) -> Error_t
        {
            return cudaEventSynchronize(event);
        }

        static auto malloc(void** ptr, std::size_t bytes) -> Error_t
        {
            return cudaMalloc(ptr, bytes);
        }

        static auto mallocPitch(void** ptr, std::size_t* pitch, std::size_t width, std::size_t height) -> Error_t
        {
            return cudaMallocPitch(ptr, pitch, width, height);
        }

        static auto malloc3D(PitchedPtr_t* pitchedPtr, Extent_t extent) -> Error_t
        {
            return cudaMalloc3D(pitchedPtr, extent);
        }

        static auto free(void* ptr) -> Error_t
        {
            return cudaFree(ptr);
        }

        static auto mallocAsync(void** ptr, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return cudaMallocAsync(ptr, bytes, stream);
        }

        static auto freeAsync(void* ptr, Stream_t stream) -> Error_t
        {
            return cudaFreeAsync(ptr, stream);
        }

        static auto hostMalloc(void** ptr, std::size_t bytes, unsigned flags) -> Error_t
        {
            return cudaHostAlloc(ptr, bytes, flags);
        }

        static auto hostFree(void* ptr) -> Error_t
        {
            return cudaFreeHost(ptr);
        }

        static auto hostGetDevicePointer(void** devPtr, void* hostPtr) -> Error_t
        {
            return cudaHostGetDevicePointer(devPtr, hostPtr, 0);
        }

        static auto memcpyAsync(void* dst, void const* src, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, stream);
        }

        static auto memcpyPeerAsync(
            void* dst, int dstDev, void const* src, int srcDev, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return cudaMemcpyPeerAsync(dst, dstDev, src, srcDev, bytes, stream);
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
            return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, cudaMemcpyDefault, stream);
        }

        static auto memcpy3DAsync(Memcpy3DParms_t const* parms, Stream_t stream) -> Error_t
        {
            return cudaMemcpy3DAsync(parms, stream);
        }

        static auto memcpy3DPeerAsync(Memcpy3DPeerParms_t const* parms, Stream_t stream) -> Error_t
        {
            return cudaMemcpy3DPeerAsync(parms, stream);
        }

        static auto memsetAsync(void* ptr, int value, std::size_t bytes, Stream_t stream) -> Error_t
        {
            return cudaMemsetAsync(ptr, value, bytes, stream);
        }

        static auto memset2DAsync(
            void* ptr, std::size_t pitch, int value, std::size_t width, std::size_t height, Stream_t stream) -> Error_t
        {
            return cudaMemset2DAsync(ptr, pitch, value, width, height, stream);
        }

        static auto memset3DAsync(PitchedPtr_t ptr, int value, Extent_t extent, Stream_t stream) -> Error_t
        {
            return cudaMemset3DAsync(ptr, value, extent, stream);
        }

        static auto makeExtent(std::size_t w, std::size_t h, std::size_t d) -> Extent_t
        {
            return make_cudaExtent(w, h, d);
        }

        static auto makePitchedPtr(void* ptr, std::size_t pitch, std::size_t xsize, std::size_t ysize) -> PitchedPtr_t
        {
            return make_cudaPitchedPtr(ptr, pitch, xsize, ysize);
        }

        template<typename TKernel>
        static auto funcGetAttributes(FuncAttributes_t* attributes, TKernel* kernel) -> Error_t
        {
            return cudaFuncGetAttributes(attributes, reinterpret_cast<void const*>(kernel));
        }

        //! A launch whose blocks all run at once (cooperative groups' grid.sync() works in it).
        template<typename TKernel>
        static auto launchCooperativeKernel(
            TKernel* kernel, dim3 grid, dim3 block, void** args, std::size_t sharedBytes, Stream_t stream) -> Error_t
        {
            return cudaLaunchCooperativeKernel(
                reinterpret_cast<void const*>(kernel), grid, block, args, sharedBytes, stream);
        }

        template<typename TKernel>
        static auto occupancyMaxActiveBlocksPerMultiprocessor(
            int* blocks, TKernel* kernel, int blockThreads, std::size_t sharedBytes) -> Error_t
        {
            return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                blocks, reinterpret_cast<void const*>(kernel), blockThreads, sharedBytes);
        }

        template<typename TKernel>
        static auto funcSetMaxDynamicSharedMemorySize(TKernel* kernel, int bytes) -> Error_t
        {
            return cudaFuncSetAttribute(
                reinterpret_cast<void const*>(kernel), cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
        }

        template<typename TSymbol>
        static auto getSymbolAddress(void** ptr, TSymbol const& symbol) -> Error_t
        {
            return cudaGetSymbolAddress(ptr, symbol);
        }

        // Graphs (graph/GraphUniformCudaHipRt.hpp). Relaxed capture: other threads may keep using the runtime.
        using Graph_t = cudaGraph_t;
        using GraphExec_t = cudaGraphExec_t;
        //! Host tasks and event records/waits can be captured (as host nodes and external event nodes).
        static constexpr bool capturesHostWork = true;

        static auto streamBeginCapture(Stream_t stream) -> Error_t
        {
            return cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed);
        }

        static auto streamEndCapture(Stream_t stream, Graph_t* graph) -> Error_t
        {
            return cudaStreamEndCapture(stream, graph);
        }

        static auto graphInstantiate(GraphExec_t* exec, Graph_t graph) -> Error_t
        {
            return cudaGraphInstantiate(exec, graph, 0);
        }

        static auto graphNodeCount(Graph_t graph, std::size_t* count) -> Error_t
        {
            return cudaGraphGetNodes(graph, nullptr, count);
        }

        static auto graphLaunch(GraphExec_t exec, Stream_t stream) -> Error_t
        {
            return cudaGraphLaunch(exec, stream);
        }

        static auto graphDestroy(Graph_t graph) -> Error_t
        {
            return cudaGraphDestroy(graph);
        }

        static auto graphExecDestroy(GraphExec_t exec) -> Error_t
        {
            return cudaGraphExecDestroy(exec);
        }

        //! An event record inside a capture that every replay performs (not only an intra-graph dependency).
        static auto eventRecordCaptured(Event_t event, Stream_t stream) -> Error_t
        {
            return cudaEventRecordWithFlags(event, stream, cudaEventRecordExternal);
        }

        static auto streamWaitEventCaptured(Stream_t stream, Event_t event) -> Error_t
        {
            return cudaStreamWaitEvent(stream, event, cudaEventWaitExternal);
        }
    };
} // namespace alpaka

#    endif
#endif
