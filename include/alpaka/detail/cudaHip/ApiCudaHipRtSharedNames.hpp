// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The members of ApiCudaRt (ApiCudaRt.hpp) and ApiHipRt (ApiHipRt.hpp) whose CUDA and HIP runtime names differ
//! only by their prefix (cudaMalloc / hipMalloc, cudaStream_t / hipStream_t): each is listed once here, by the part
//! after the prefix, and each struct expands the lists with its own prefix: ALPAKA_API_RT_SHARED_FUNCTIONS(cuda).
//!
//! Why one list instead of two hand-written copies: HIP mirrors the CUDA runtime name for name, so the two structs
//! were the same wrappers twice, and a fix or a new member made in one had to be repeated in the other by hand (a slip
//! shows only in a build of that GPU back-end, which most machines cannot test). Now a shared member exists for both
//! runtimes, with the same signature, or for neither. What the runtimes really do differently (another name, another
//! signature, a call only one of them has) stays written out in ApiCudaRt.hpp and ApiHipRt.hpp, with the reason.
//!
//! Only macros are defined here; they expand to members of the struct that uses them. Their parameter and argument
//! lists name that struct's own members (Error_t, Stream_t, memcpyDefault, ...), so a struct declares its
//! back-end-specific types (DeviceProp_t) before it expands ALPAKA_API_RT_SHARED_FUNCTIONS.

#include <cstddef>

//! prefix##suffix, for a runtime name inside an argument list: ALPAKA_API_RT_NAME(cuda, StreamCaptureModeRelaxed).
#define ALPAKA_API_RT_NAME(prefix, suffix) prefix##suffix

//! using member = prefix##suffix;
#define ALPAKA_API_RT_TYPE(prefix, member, suffix) using member = prefix##suffix;

//! static constexpr Type member = prefix##suffix;
#define ALPAKA_API_RT_CONSTANT(prefix, Type, member, suffix) static constexpr Type member = prefix##suffix;

// clang-format off: it would read "params -> Ret" as a member access and write "params->Ret".
//! static auto member(params) -> Ret { return prefix##suffix(args); } (params and args come in parentheses).
#define ALPAKA_API_RT_FUNCTION(prefix, Ret, member, suffix, params, args)                                              \
    static auto member params -> Ret                                                                                   \
    {                                                                                                                  \
        return prefix##suffix args;                                                                                    \
    }

//! ALPAKA_API_RT_FUNCTION returning Error_t, for a kernel or a symbol of any type TParam (the runtime takes its address
//! as void const*).
#define ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TParam, member, suffix, params, args)                                  \
    template<typename TParam>                                                                                          \
    static auto member params -> Error_t                                                                               \
    {                                                                                                                  \
        return prefix##suffix args;                                                                                    \
    }
// clang-format on

//! Handle and parameter types. Not shared: DeviceProp_t (cudaDeviceProp but hipDeviceProp_t), Memcpy3DPeerParms_t
//! (HIP has none).
#define ALPAKA_API_RT_SHARED_TYPES(prefix)                                                                             \
    ALPAKA_API_RT_TYPE(prefix, Error_t, Error_t)                                                                       \
    ALPAKA_API_RT_TYPE(prefix, Stream_t, Stream_t)                                                                     \
    ALPAKA_API_RT_TYPE(prefix, Event_t, Event_t)                                                                       \
    ALPAKA_API_RT_TYPE(prefix, FuncAttributes_t, FuncAttributes)                                                       \
    ALPAKA_API_RT_TYPE(prefix, Extent_t, Extent)                                                                       \
    ALPAKA_API_RT_TYPE(prefix, PitchedPtr_t, PitchedPtr)                                                               \
    ALPAKA_API_RT_TYPE(prefix, Memcpy3DParms_t, Memcpy3DParms)                                                         \
    ALPAKA_API_RT_TYPE(prefix, HostFn_t, HostFn_t)                                                                     \
    ALPAKA_API_RT_TYPE(prefix, Graph_t, Graph_t)                                                                       \
    ALPAKA_API_RT_TYPE(prefix, GraphExec_t, GraphExec_t)

//! Error codes and flags. Not shared: hostAllocMappedPortable (cudaHostAlloc* but hipHostMalloc* flags).
#define ALPAKA_API_RT_SHARED_CONSTANTS(prefix)                                                                         \
    ALPAKA_API_RT_CONSTANT(prefix, Error_t, success, Success)                                                          \
    ALPAKA_API_RT_CONSTANT(prefix, Error_t, errorNotReady, ErrorNotReady)                                              \
    ALPAKA_API_RT_CONSTANT(prefix, Error_t, errorNoDevice, ErrorNoDevice)                                              \
    ALPAKA_API_RT_CONSTANT(prefix, Error_t, errorInsufficientDriver, ErrorInsufficientDriver)                          \
    ALPAKA_API_RT_CONSTANT(prefix, Error_t, errorPeerAccessAlreadyEnabled, ErrorPeerAccessAlreadyEnabled)              \
    ALPAKA_API_RT_CONSTANT(prefix, unsigned, streamNonBlocking, StreamNonBlocking)                                     \
    ALPAKA_API_RT_CONSTANT(prefix, unsigned, eventDisableTiming, EventDisableTiming)                                   \
    ALPAKA_API_RT_CONSTANT(prefix, unsigned, eventBlockingSync, EventBlockingSync)                                     \
    ALPAKA_API_RT_CONSTANT(prefix, auto, memcpyDefault, MemcpyDefault)

//! Forwarding functions, one table row each: (prefix, return type, member, suffix of the runtime call, (parameters),
//! (arguments)); a template row has the template parameter where the return type is (the return type is Error_t).
//! The copies pass memcpyDefault: the runtime finds the direction from the pointers (unified addressing). A trailing
//! 0 is the call's flags argument: no flags. Not shared (see each struct): memoryPoolsSupported, launchHostFunc,
//! hostMalloc, hostFree, memcpy3DPeerAsync, graphInstantiate, and CUDA's eventRecordCaptured, streamWaitEventCaptured.
// clang-format off: a table, one row per member (clang-format would put each argument of a long row on its own line).
#define ALPAKA_API_RT_SHARED_FUNCTIONS(prefix)                                                                         \
    ALPAKA_API_RT_FUNCTION(prefix, char const*, getErrorName, GetErrorName, (Error_t e), (e))                          \
    ALPAKA_API_RT_FUNCTION(prefix, char const*, getErrorString, GetErrorString, (Error_t e), (e))                      \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, getLastError, GetLastError, (), ())                                        \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, getDeviceCount, GetDeviceCount, (int* count), (count))                     \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, setDevice, SetDevice, (int dev), (dev))                                    \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, getDeviceProperties, GetDeviceProperties,                                  \
        (DeviceProp_t* prop, int dev), (prop, dev))                                                                    \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memGetInfo, MemGetInfo,                                                    \
        (std::size_t* free, std::size_t* total), (free, total))                                                        \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, deviceReset, DeviceReset, (), ())                                          \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, deviceSynchronize, DeviceSynchronize, (), ())                              \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, deviceCanAccessPeer, DeviceCanAccessPeer,                                  \
        (int* can, int dev, int peer), (can, dev, peer))                                                               \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, deviceEnablePeerAccess, DeviceEnablePeerAccess, (int peer), (peer, 0))     \
                                                                                                                       \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamCreateWithFlags, StreamCreateWithFlags,                              \
        (Stream_t* stream, unsigned flags), (stream, flags))                                                           \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamDestroy, StreamDestroy, (Stream_t stream), (stream))                 \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamQuery, StreamQuery, (Stream_t stream), (stream))                     \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamSynchronize, StreamSynchronize, (Stream_t stream), (stream))         \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamWaitEvent, StreamWaitEvent,                                          \
        (Stream_t stream, Event_t event), (stream, event, 0))                                                          \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, eventCreateWithFlags, EventCreateWithFlags,                                \
        (Event_t* event, unsigned flags), (event, flags))                                                              \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, eventDestroy, EventDestroy, (Event_t event), (event))                      \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, eventRecord, EventRecord,                                                  \
        (Event_t event, Stream_t stream), (event, stream))                                                             \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, eventQuery, EventQuery, (Event_t event), (event))                          \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, eventSynchronize, EventSynchronize, (Event_t event), (event))              \
                                                                                                                       \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, malloc, Malloc, (void** ptr, std::size_t bytes), (ptr, bytes))             \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, mallocPitch, MallocPitch,                                                  \
        (void** ptr, std::size_t* pitch, std::size_t width, std::size_t height), (ptr, pitch, width, height))          \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, malloc3D, Malloc3D,                                                        \
        (PitchedPtr_t* pitchedPtr, Extent_t extent), (pitchedPtr, extent))                                             \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, free, Free, (void* ptr), (ptr))                                            \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, mallocAsync, MallocAsync,                                                  \
        (void** ptr, std::size_t bytes, Stream_t stream), (ptr, bytes, stream))                                        \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, freeAsync, FreeAsync, (void* ptr, Stream_t stream), (ptr, stream))         \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, hostGetDevicePointer, HostGetDevicePointer,                                \
        (void** devPtr, void* hostPtr), (devPtr, hostPtr, 0))                                                          \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memcpyAsync, MemcpyAsync,                                                  \
        (void* dst, void const* src, std::size_t bytes, Stream_t stream), (dst, src, bytes, memcpyDefault, stream))    \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memcpyPeerAsync, MemcpyPeerAsync,                                          \
        (void* dst, int dstDev, void const* src, int srcDev, std::size_t bytes, Stream_t stream),                      \
        (dst, dstDev, src, srcDev, bytes, stream))                                                                     \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memcpy2DAsync, Memcpy2DAsync,                                              \
        (void* dst, std::size_t dpitch, void const* src, std::size_t spitch, std::size_t width, std::size_t height,    \
         Stream_t stream),                                                                                             \
        (dst, dpitch, src, spitch, width, height, memcpyDefault, stream))                                              \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memcpy3DAsync, Memcpy3DAsync,                                              \
        (Memcpy3DParms_t const* parms, Stream_t stream), (parms, stream))                                              \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memsetAsync, MemsetAsync,                                                  \
        (void* ptr, int value, std::size_t bytes, Stream_t stream), (ptr, value, bytes, stream))                       \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memset2DAsync, Memset2DAsync,                                              \
        (void* ptr, std::size_t pitch, int value, std::size_t width, std::size_t height, Stream_t stream),             \
        (ptr, pitch, value, width, height, stream))                                                                    \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, memset3DAsync, Memset3DAsync,                                              \
        (PitchedPtr_t ptr, int value, Extent_t extent, Stream_t stream), (ptr, value, extent, stream))                 \
    /* make_cudaExtent / make_hipExtent: the prefix sits after "make_". */                                             \
    ALPAKA_API_RT_FUNCTION(make_##prefix, Extent_t, makeExtent, Extent,                                                \
        (std::size_t w, std::size_t h, std::size_t d), (w, h, d))                                                      \
    ALPAKA_API_RT_FUNCTION(make_##prefix, PitchedPtr_t, makePitchedPtr, PitchedPtr,                                    \
        (void* ptr, std::size_t pitch, std::size_t xsize, std::size_t ysize), (ptr, pitch, xsize, ysize))              \
                                                                                                                       \
    ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TKernel, funcGetAttributes, FuncGetAttributes,                             \
        (FuncAttributes_t* attributes, TKernel* kernel), (attributes, reinterpret_cast<void const*>(kernel)))          \
    /* A launch whose blocks all run at once (cooperative groups' grid.sync() works in it). */                         \
    ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TKernel, launchCooperativeKernel, LaunchCooperativeKernel,                 \
        (TKernel* kernel, dim3 grid, dim3 block, void** args, std::size_t sharedBytes, Stream_t stream),               \
        (reinterpret_cast<void const*>(kernel), grid, block, args, sharedBytes, stream))                               \
    ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TKernel, occupancyMaxActiveBlocksPerMultiprocessor,                        \
        OccupancyMaxActiveBlocksPerMultiprocessor, (int* blocks, TKernel* kernel, int blockThreads,                    \
        std::size_t sharedBytes), (blocks, reinterpret_cast<void const*>(kernel), blockThreads, sharedBytes))          \
    ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TKernel, funcSetMaxDynamicSharedMemorySize, FuncSetAttribute,              \
        (TKernel* kernel, int bytes), (reinterpret_cast<void const*>(kernel),                                          \
        ALPAKA_API_RT_NAME(prefix, FuncAttributeMaxDynamicSharedMemorySize), bytes))                                   \
    /* The C form of the call, with the variable's address: what CUDA's template overload of it forwards to. */        \
    ALPAKA_API_RT_TEMPLATE_FUNCTION(prefix, TSymbol, getSymbolAddress, GetSymbolAddress,                               \
        (void** ptr, TSymbol const& symbol), (ptr, static_cast<void const*>(&symbol)))                                 \
                                                                                                                       \
    /* Graphs (graph/GraphUniformCudaHipRt.hpp). Relaxed capture: other threads may keep using the runtime. */         \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamBeginCapture, StreamBeginCapture,                                    \
        (Stream_t stream), (stream, ALPAKA_API_RT_NAME(prefix, StreamCaptureModeRelaxed)))                             \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, streamEndCapture, StreamEndCapture,                                        \
        (Stream_t stream, Graph_t* graph), (stream, graph))                                                            \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, graphNodeCount, GraphGetNodes,                                             \
        (Graph_t graph, std::size_t* count), (graph, nullptr, count))                                                  \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, graphLaunch, GraphLaunch,                                                  \
        (GraphExec_t exec, Stream_t stream), (exec, stream))                                                           \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, graphDestroy, GraphDestroy, (Graph_t graph), (graph))                      \
    ALPAKA_API_RT_FUNCTION(prefix, Error_t, graphExecDestroy, GraphExecDestroy, (GraphExec_t exec), (exec))
// clang-format on
