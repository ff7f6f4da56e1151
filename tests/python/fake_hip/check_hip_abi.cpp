// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compiled against a ROCm's hip_runtime_api.h (-D__HIP_PLATFORM_AMD__): checks that what the HIP back-end declares
// itself (src/runtime/gpu/HipAbi.hpp, GpuApi.hpp; the package builds without ROCm) agrees with the header: enumerator
// and flag values, the layout of hipMemcpy3DParms, where gcnArchName lies in hipDeviceProp_t, and the signatures of
// the functions HipApi.cpp binds (directly: the table entry's parameter count, sizes and kinds; through an adapter:
// the exact signature the adapter calls it with). Every check is a static_assert: compiling is the test (running the
// program does nothing). The functions a ROCm may lack (hipEventRecordWithFlags, hipModuleLaunchCooperativeKernel,
// hipGetDevicePropertiesR0600) are checked where its header declares them.

#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

// ROCm 6.3 deprecates hipHostMalloc and hipHostFree (for hipExtHostAlloc and hipFreeHost), which the runtime binds
// for every ROCm: their declarations are what is checked here.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>

#include "runtime/gpu/GpuApi.hpp"
#include "runtime/gpu/HipAbi.hpp"

namespace gpu = pyalpaka::rt::gpu;
namespace hipAbi = pyalpaka::rt::gpu::hip_abi;

#define SAME_VALUE(mine, theirs)                                                                                       \
    static_assert(static_cast<long>(mine) == static_cast<long>(theirs), #mine " != " #theirs)

#define SAME_OFFSET(theirs, mine, field)                                                                               \
    static_assert(offsetof(theirs, field) == offsetof(mine, field), #mine "::" #field)

// Device attributes, in the order of gpu::Attribute.
constexpr auto code(gpu::Attribute attribute) -> int
{
    return hipAbi::hipAttributeCodes[static_cast<std::size_t>(attribute)];
}

SAME_VALUE(code(gpu::Attribute::MaxThreadsPerBlock), hipDeviceAttributeMaxThreadsPerBlock);
SAME_VALUE(code(gpu::Attribute::MaxBlockDimX), hipDeviceAttributeMaxBlockDimX);
SAME_VALUE(code(gpu::Attribute::MaxBlockDimY), hipDeviceAttributeMaxBlockDimY);
SAME_VALUE(code(gpu::Attribute::MaxBlockDimZ), hipDeviceAttributeMaxBlockDimZ);
SAME_VALUE(code(gpu::Attribute::MaxGridDimX), hipDeviceAttributeMaxGridDimX);
SAME_VALUE(code(gpu::Attribute::MaxGridDimY), hipDeviceAttributeMaxGridDimY);
SAME_VALUE(code(gpu::Attribute::MaxGridDimZ), hipDeviceAttributeMaxGridDimZ);
SAME_VALUE(code(gpu::Attribute::MaxSharedMemoryPerBlock), hipDeviceAttributeMaxSharedMemoryPerBlock);
SAME_VALUE(code(gpu::Attribute::MaxSharedMemoryPerBlockOptin), hipDeviceAttributeSharedMemPerBlockOptin);
SAME_VALUE(code(gpu::Attribute::WarpSize), hipDeviceAttributeWarpSize);
SAME_VALUE(code(gpu::Attribute::MultiprocessorCount), hipDeviceAttributeMultiprocessorCount);
SAME_VALUE(code(gpu::Attribute::ComputeCapabilityMajor), hipDeviceAttributeComputeCapabilityMajor);
SAME_VALUE(code(gpu::Attribute::ComputeCapabilityMinor), hipDeviceAttributeComputeCapabilityMinor);
SAME_VALUE(code(gpu::Attribute::CooperativeLaunch), hipDeviceAttributeCooperativeLaunch);
static_assert(hipAbi::hipAttributeCodes.size() == 14, "a new gpu::Attribute needs its check here");

// Status codes (the runtime tests success, out of memory and not ready with the values the CUDA driver has).
SAME_VALUE(gpu::success, hipSuccess);
SAME_VALUE(gpu::errorOutOfMemory, hipErrorOutOfMemory);
SAME_VALUE(gpu::errorNotReady, hipErrorNotReady);
SAME_VALUE(hipAbi::hipErrorInvalidContext, hipErrorInvalidContext);
SAME_VALUE(hipAbi::hipErrorNotSupported, hipErrorNotSupported);

// Enumerators and flags.
SAME_VALUE(hipAbi::hipMemcpyDefault, hipMemcpyDefault);
SAME_VALUE(gpu::streamNonBlocking, hipStreamNonBlocking);
SAME_VALUE(gpu::streamCaptureModeRelaxed, hipStreamCaptureModeRelaxed);
SAME_VALUE(gpu::streamSetCaptureDependencies, hipStreamSetCaptureDependencies);
SAME_VALUE(gpu::eventDisableTiming, hipEventDisableTiming);
SAME_VALUE(gpu::memHostAllocPortable, hipHostMallocPortable);
SAME_VALUE(gpu::memHostAllocDeviceMap, hipHostMallocMapped);
#ifdef hipEventRecordExternal
SAME_VALUE(gpu::eventRecordExternal, hipEventRecordExternal);
#endif
#ifdef hipEventWaitExternal
SAME_VALUE(gpu::eventWaitExternal, hipEventWaitExternal);
#endif

// hipMemcpy3DParms and its members.
static_assert(sizeof(hipPos) == sizeof(hipAbi::HipPos));
SAME_OFFSET(hipPos, hipAbi::HipPos, x);
SAME_OFFSET(hipPos, hipAbi::HipPos, y);
SAME_OFFSET(hipPos, hipAbi::HipPos, z);

static_assert(sizeof(hipPitchedPtr) == sizeof(hipAbi::HipPitchedPtr));
SAME_OFFSET(hipPitchedPtr, hipAbi::HipPitchedPtr, ptr);
SAME_OFFSET(hipPitchedPtr, hipAbi::HipPitchedPtr, pitch);
SAME_OFFSET(hipPitchedPtr, hipAbi::HipPitchedPtr, xsize);
SAME_OFFSET(hipPitchedPtr, hipAbi::HipPitchedPtr, ysize);

static_assert(sizeof(hipExtent) == sizeof(hipAbi::HipExtent));
SAME_OFFSET(hipExtent, hipAbi::HipExtent, width);
SAME_OFFSET(hipExtent, hipAbi::HipExtent, height);
SAME_OFFSET(hipExtent, hipAbi::HipExtent, depth);

static_assert(sizeof(hipMemcpy3DParms) == sizeof(hipAbi::HipMemcpy3DParms));
static_assert(sizeof(hipMemcpyKind) == sizeof(int));
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, srcArray);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, srcPos);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, srcPtr);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, dstArray);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, dstPos);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, dstPtr);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, extent);
SAME_OFFSET(hipMemcpy3DParms, hipAbi::HipMemcpy3DParms, kind);

// gcnArchName in hipDeviceProp_t: up to ROCm 5 the header's hipDeviceProp_t is the R0000 layout
// (hipGetDeviceProperties); from ROCm 6 on it is hipDeviceProp_tR0600 (hipGetDevicePropertiesR0600), and
// hip_deprecated.h keeps the R0000 one.
#if HIP_VERSION_MAJOR < 6
using PropR0000 = hipDeviceProp_t;
#    define CHECK_R0000 1
#else
static_assert(offsetof(hipDeviceProp_tR0600, gcnArchName) == hipAbi::gcnArchNameOffsetR0600);
static_assert(sizeof(hipDeviceProp_tR0600::gcnArchName) == hipAbi::gcnArchNameBytes);
static_assert(sizeof(hipDeviceProp_tR0600) <= hipAbi::devicePropBufferBytes);
#    if __has_include(<hip/hip_deprecated.h>)
#        include <hip/hip_deprecated.h>
using PropR0000 = hipDeviceProp_tR0000;
#        define CHECK_R0000 1
#    endif
#endif
#ifdef CHECK_R0000
static_assert(offsetof(PropR0000, gcnArchName) == hipAbi::gcnArchNameOffsetR0000);
static_assert(sizeof(PropR0000::gcnArchName) == hipAbi::gcnArchNameBytes);
static_assert(sizeof(PropR0000) <= hipAbi::devicePropBufferBytes);
#endif

// Signatures. A function pointer type's parameters and result, each as its size and kind (pointer, integer or enum,
// floating point), and for a pointer to a number (or enum) that number's size and kind: the table declares the
// handles and enums with types of its own.
template<typename T>
constexpr auto kindOf() -> int
{
    return std::is_pointer_v<T> ? 1 : std::is_floating_point_v<T> ? 2 : 0;
}

template<typename T>
constexpr auto sizeOf() -> std::size_t
{
    if constexpr(std::is_void_v<T>)
        return 0;
    else
        return sizeof(T);
}

//! The size and kind of what a pointer points to where that is a number or an enum, else 0.
template<typename T>
constexpr auto pointeeOf() -> std::size_t
{
    if constexpr(!std::is_pointer_v<T>)
        return 0;
    else
    {
        using Pointee = std::remove_cv_t<std::remove_pointer_t<T>>;
        if constexpr(std::is_arithmetic_v<Pointee> || std::is_enum_v<Pointee>)
            return 4 * sizeof(Pointee) + kindOf<Pointee>();
        else
            return 0;
    }
}

template<typename T>
struct Signature;

template<typename R, typename... A>
struct Signature<R (*)(A...)>
{
    static constexpr std::size_t count = sizeof...(A);
    static constexpr std::size_t sizes[sizeof...(A) + 1] = {sizeOf<A>()..., sizeOf<R>()};
    static constexpr int kinds[sizeof...(A) + 1] = {kindOf<A>()..., kindOf<R>()};
    static constexpr std::size_t pointees[sizeof...(A) + 1] = {pointeeOf<A>()..., pointeeOf<R>()};
};

template<typename TOurs, typename TTheirs>
constexpr auto sameShape() -> bool
{
    if constexpr(Signature<TOurs>::count != Signature<TTheirs>::count)
        return false;
    else
    {
        for(std::size_t i = 0; i <= Signature<TOurs>::count; ++i)
            if(Signature<TOurs>::sizes[i] != Signature<TTheirs>::sizes[i]
               || Signature<TOurs>::kinds[i] != Signature<TTheirs>::kinds[i]
               || Signature<TOurs>::pointees[i] != Signature<TTheirs>::pointees[i])
                return false;
        return true;
    }
}

// The header's declaration of `name` with exactly the type `...` (static_cast picks it out of the C++ overloads some
// functions have, e.g. hipMalloc's template; it does not compile where the header has no such function).
#define HIP_FUNCTION(name, ...)                                                                                        \
    using name##Type = __VA_ARGS__;                                                                                    \
    static_assert(std::is_same_v<decltype(static_cast<name##Type>(&::name)), name##Type>, #name)

// A table entry HipApi.cpp binds to the HIP function `name` directly.
#define SAME_ENTRY(entry, name)                                                                                        \
    static_assert(sameShape<decltype(gpu::Api::entry.fn), decltype(&::name)>(), #entry " vs " #name)

SAME_ENTRY(init, hipInit);
SAME_ENTRY(deviceGetCount, hipGetDeviceCount);
SAME_ENTRY(deviceGet, hipDeviceGet);
SAME_ENTRY(deviceGetName, hipDeviceGetName);
SAME_ENTRY(deviceTotalMem, hipDeviceTotalMem);
SAME_ENTRY(deviceGetAttribute, hipDeviceGetAttribute);
SAME_ENTRY(ctxSynchronize, hipDeviceSynchronize);
SAME_ENTRY(memGetInfo, hipMemGetInfo);
HIP_FUNCTION(hipHostMalloc, hipError_t (*)(void**, size_t, unsigned int));
static_assert(sameShape<decltype(gpu::Api::memHostAlloc.fn), hipHostMallocType>());
SAME_ENTRY(memFreeHost, hipHostFree);
SAME_ENTRY(streamCreate, hipStreamCreateWithFlags);
SAME_ENTRY(streamDestroy, hipStreamDestroy);
SAME_ENTRY(streamSynchronize, hipStreamSynchronize);
SAME_ENTRY(streamQuery, hipStreamQuery);
SAME_ENTRY(streamWaitEvent, hipStreamWaitEvent);
SAME_ENTRY(launchHostFunc, hipLaunchHostFunc);
SAME_ENTRY(streamBeginCapture, hipStreamBeginCapture);
SAME_ENTRY(streamEndCapture, hipStreamEndCapture);
SAME_ENTRY(graphAddChildGraphNode, hipGraphAddChildGraphNode);
SAME_ENTRY(graphInstantiateWithFlags, hipGraphInstantiateWithFlags);
SAME_ENTRY(graphGetNodes, hipGraphGetNodes);
SAME_ENTRY(graphLaunch, hipGraphLaunch);
SAME_ENTRY(graphExecDestroy, hipGraphExecDestroy);
SAME_ENTRY(graphDestroy, hipGraphDestroy);
SAME_ENTRY(eventCreate, hipEventCreateWithFlags);
SAME_ENTRY(eventDestroy, hipEventDestroy);
SAME_ENTRY(eventRecord, hipEventRecord);
SAME_ENTRY(eventQuery, hipEventQuery);
SAME_ENTRY(eventSynchronize, hipEventSynchronize);
SAME_ENTRY(eventElapsedTime, hipEventElapsedTime);
SAME_ENTRY(moduleLoadData, hipModuleLoadData);
SAME_ENTRY(moduleUnload, hipModuleUnload);
SAME_ENTRY(moduleGetFunction, hipModuleGetFunction);
SAME_ENTRY(launchKernel, hipModuleLaunchKernel);
SAME_ENTRY(occupancyMaxActiveBlocksPerMultiprocessor, hipModuleOccupancyMaxActiveBlocksPerMultiprocessor);

// The functions the adapters call: the header's signature, and the pointer type of HipApi.cpp's HipFunctions member
// (restated here: HipFunctions is internal to HipApi.cpp), which must have its shape.
using HipStreamCallback = void (*)(gpu::StreamHandle, gpu::Result, void*);

#define SAME_ADAPTED(name, ours) static_assert(sameShape<ours, name##Type>(), #name " vs HipFunctions")

HIP_FUNCTION(hipGetErrorName, char const* (*)(hipError_t));
SAME_ADAPTED(hipGetErrorName, char const* (*)(gpu::Result));
HIP_FUNCTION(hipGetErrorString, char const* (*)(hipError_t));
SAME_ADAPTED(hipGetErrorString, char const* (*)(gpu::Result));
HIP_FUNCTION(hipGetDevice, hipError_t (*)(int*));
SAME_ADAPTED(hipGetDevice, gpu::Result (*)(int*));
HIP_FUNCTION(hipSetDevice, hipError_t (*)(int));
SAME_ADAPTED(hipSetDevice, gpu::Result (*)(int));
HIP_FUNCTION(hipMalloc, hipError_t (*)(void**, size_t));
SAME_ADAPTED(hipMalloc, gpu::Result (*)(void**, std::size_t));
HIP_FUNCTION(hipFree, hipError_t (*)(void*));
SAME_ADAPTED(hipFree, gpu::Result (*)(void*));
HIP_FUNCTION(
    hipMemcpy2DAsync, hipError_t (*)(void*, size_t, void const*, size_t, size_t, size_t, hipMemcpyKind, hipStream_t));
SAME_ADAPTED(
    hipMemcpy2DAsync,
    gpu::Result (*)(void*, std::size_t, void const*, std::size_t, std::size_t, std::size_t, int, gpu::StreamHandle));
HIP_FUNCTION(hipMemcpy3DAsync, hipError_t (*)(hipMemcpy3DParms const*, hipStream_t));
SAME_ADAPTED(hipMemcpy3DAsync, gpu::Result (*)(hipAbi::HipMemcpy3DParms const*, gpu::StreamHandle));
HIP_FUNCTION(hipMemsetD8Async, hipError_t (*)(hipDeviceptr_t, unsigned char, size_t, hipStream_t));
SAME_ADAPTED(hipMemsetD8Async, gpu::Result (*)(void*, unsigned char, std::size_t, gpu::StreamHandle));
HIP_FUNCTION(hipMemset2DAsync, hipError_t (*)(void*, size_t, int, size_t, size_t, hipStream_t));
SAME_ADAPTED(hipMemset2DAsync, gpu::Result (*)(void*, std::size_t, int, std::size_t, std::size_t, gpu::StreamHandle));
HIP_FUNCTION(hipStreamAddCallback, hipError_t (*)(hipStream_t, hipStreamCallback_t, void*, unsigned int));
SAME_ADAPTED(hipStreamAddCallback, gpu::Result (*)(gpu::StreamHandle, HipStreamCallback, void*, unsigned));
static_assert(std::is_same_v<hipStreamCallback_t, void (*)(hipStream_t, hipError_t, void*)>);
static_assert(sameShape<HipStreamCallback, hipStreamCallback_t>());
HIP_FUNCTION(hipEventRecord, hipError_t (*)(hipEvent_t, hipStream_t));
SAME_ADAPTED(hipEventRecord, gpu::Result (*)(gpu::EventHandle, gpu::StreamHandle));
HIP_FUNCTION(
    hipStreamGetCaptureInfo_v2,
    hipError_t (*)(
        hipStream_t, hipStreamCaptureStatus*, unsigned long long*, hipGraph_t*, hipGraphNode_t const**, size_t*));
SAME_ADAPTED(
    hipStreamGetCaptureInfo_v2,
    gpu::Result (*)(
        gpu::StreamHandle, int*, unsigned long long*, gpu::GraphHandle*, gpu::GraphNodeHandle const**, std::size_t*));
static_assert(sizeof(hipStreamCaptureStatus) == sizeof(int));
HIP_FUNCTION(hipStreamUpdateCaptureDependencies, hipError_t (*)(hipStream_t, hipGraphNode_t*, size_t, unsigned int));
SAME_ADAPTED(
    hipStreamUpdateCaptureDependencies,
    gpu::Result (*)(gpu::StreamHandle, gpu::GraphNodeHandle*, std::size_t, unsigned));
HIP_FUNCTION(hipModuleGetGlobal, hipError_t (*)(hipDeviceptr_t*, size_t*, hipModule_t, char const*));
SAME_ADAPTED(hipModuleGetGlobal, gpu::Result (*)(void**, std::size_t*, gpu::ModuleHandle, char const*));
#if HIP_VERSION_MAJOR < 6
HIP_FUNCTION(hipGetDeviceProperties, hipError_t (*)(hipDeviceProp_t*, int));
SAME_ADAPTED(hipGetDeviceProperties, gpu::Result (*)(void*, int));
#endif

// Functions some ROCm versions lack, checked where the header declares them (with any signature): whether it does is
// whether a call with N arguments that convert to anything finds a function other than the fallback of the same name
// in namespace fallback, an ellipsis that every other viable function beats, for some N.
namespace fallback
{
    struct Undeclared
    {
    };

    //! Converts to any parameter type.
    struct Any
    {
        template<typename T>
        operator T() const;
    };

    template<std::size_t>
    using AnyArgument = Any;
} // namespace fallback

#define OPTIONAL_HIP_FUNCTION(name, theirs, ours)                                                                      \
    namespace fallback                                                                                                 \
    {                                                                                                                  \
        auto name(...) -> Undeclared;                                                                                  \
    }                                                                                                                  \
    namespace probe_##name                                                                                             \
    {                                                                                                                  \
        using namespace fallback;                                                                                      \
        template<std::size_t... I>                                                                                     \
        constexpr auto declaredWith(std::index_sequence<I...>) -> bool                                                 \
        {                                                                                                              \
            return !requires {                                                                                         \
                { name(AnyArgument<I>{}...) } -> std::same_as<Undeclared>;                                             \
            };                                                                                                         \
        }                                                                                                              \
        template<std::size_t... N>                                                                                     \
        constexpr auto declared(std::index_sequence<N...>) -> bool                                                     \
        {                                                                                                              \
            return (declaredWith(std::make_index_sequence<N>{}) || ...);                                               \
        }                                                                                                              \
        template<typename TTheirs, typename TOurs>                                                                     \
        constexpr auto check() -> bool                                                                                 \
        {                                                                                                              \
            if constexpr(!declared(std::make_index_sequence<16>{}))                                                    \
                return true;                                                                                           \
            else                                                                                                       \
                return std::is_same_v<decltype(static_cast<TTheirs>(&name)), TTheirs> && sameShape<TOurs, TTheirs>();  \
        }                                                                                                              \
    }                                                                                                                  \
    static_assert(probe_##name::check<theirs, ours>(), #name)

OPTIONAL_HIP_FUNCTION(
    hipEventRecordWithFlags,
    hipError_t (*)(hipEvent_t, hipStream_t, unsigned int),
    decltype(gpu::Api::eventRecordWithFlags.fn));
OPTIONAL_HIP_FUNCTION(
    hipModuleLaunchCooperativeKernel,
    hipError_t (*)(
        hipFunction_t,
        unsigned int,
        unsigned int,
        unsigned int,
        unsigned int,
        unsigned int,
        unsigned int,
        unsigned int,
        hipStream_t,
        void**),
    decltype(gpu::Api::launchCooperativeKernel.fn));
#if HIP_VERSION_MAJOR >= 6
OPTIONAL_HIP_FUNCTION(
    hipGetDevicePropertiesR0600, hipError_t (*)(hipDeviceProp_tR0600*, int), gpu::Result (*)(void*, int));
#endif

auto main() -> int
{
    return 0;
}
