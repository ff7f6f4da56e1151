// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compiled (never run) by test_gpu_standin.py where the CUDA toolkit is installed: checks that the driver
// declarations pyalpaka makes itself (src/runtime/gpu/GpuApi.hpp and CudaAbi.hpp, which must not include cuda.h) agree
// with cuda.h: struct layouts, enum values, and that every entry point the loader resolves is declared there with the
// same parameter sizes.

#include <cstddef>
#include <tuple>
#include <type_traits>

#include <cuda.h>

#include "runtime/gpu/CudaAbi.hpp"
#include "runtime/gpu/GpuApi.hpp"

namespace ours = pyalpaka::rt::gpu;

#define SAME_OFFSET(theirs, mine, field, theirField)                                                                   \
    static_assert(offsetof(theirs, theirField) == offsetof(mine, field), #field)

#define SAME_VALUE(mine, theirs) static_assert(static_cast<long>(mine) == static_cast<long>(theirs), #mine)

static_assert(sizeof(CUDA_MEMCPY2D) == sizeof(ours::Memcpy2D));
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, srcMemoryType, srcMemoryType);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, srcHost, srcHost);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, srcDevice, srcDevice);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, srcPitch, srcPitch);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, dstMemoryType, dstMemoryType);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, dstHost, dstHost);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, dstDevice, dstDevice);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, dstPitch, dstPitch);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, widthInBytes, WidthInBytes);
SAME_OFFSET(CUDA_MEMCPY2D, ours::Memcpy2D, height, Height);

static_assert(sizeof(CUDA_MEMCPY3D) == sizeof(ours::Memcpy3D));
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, srcMemoryType, srcMemoryType);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, srcHost, srcHost);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, srcDevice, srcDevice);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, srcPitch, srcPitch);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, srcHeight, srcHeight);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, dstMemoryType, dstMemoryType);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, dstHost, dstHost);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, dstDevice, dstDevice);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, dstPitch, dstPitch);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, dstHeight, dstHeight);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, widthInBytes, WidthInBytes);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, height, Height);
SAME_OFFSET(CUDA_MEMCPY3D, ours::Memcpy3D, depth, Depth);

SAME_VALUE(ours::MemoryHost, CU_MEMORYTYPE_HOST);
SAME_VALUE(ours::MemoryDevice, CU_MEMORYTYPE_DEVICE);
static_assert(ours::success == CUDA_SUCCESS && ours::errorNotReady == CUDA_ERROR_NOT_READY);
static_assert(ours::errorOutOfMemory == CUDA_ERROR_OUT_OF_MEMORY);
static_assert(ours::streamNonBlocking == CU_STREAM_NON_BLOCKING);
SAME_VALUE(ours::streamCaptureModeRelaxed, CU_STREAM_CAPTURE_MODE_RELAXED);
SAME_VALUE(ours::streamSetCaptureDependencies, CU_STREAM_SET_CAPTURE_DEPENDENCIES);
SAME_VALUE(ours::eventRecordExternal, CU_EVENT_RECORD_EXTERNAL);
SAME_VALUE(ours::eventWaitExternal, CU_EVENT_WAIT_EXTERNAL);
static_assert(ours::eventDisableTiming == CU_EVENT_DISABLE_TIMING);
static_assert(ours::funcAttributeMaxDynamicSharedSizeBytes == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
static_assert(ours::memHostAllocPortable == CU_MEMHOSTALLOC_PORTABLE);
static_assert(ours::memHostAllocDeviceMap == CU_MEMHOSTALLOC_DEVICEMAP);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxThreadsPerBlock)],
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxBlockDimX)],
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxBlockDimY)],
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxBlockDimZ)],
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxGridDimX)],
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxGridDimY)],
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxGridDimZ)],
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxSharedMemoryPerBlock)],
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::WarpSize)],
    CU_DEVICE_ATTRIBUTE_WARP_SIZE);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MultiprocessorCount)],
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::ComputeCapabilityMajor)],
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::ComputeCapabilityMinor)],
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::MaxSharedMemoryPerBlockOptin)],
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
SAME_VALUE(
    ours::cuda_abi::cudaAttributeCodes[static_cast<std::size_t>(ours::Attribute::CooperativeLaunch)],
    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH);

// Entry points: cuda.h declares each exported name (the _v2 ones among them, before its macros rename the
// unversioned spellings); the parameter lists must agree in number and in the size of every parameter.
template<typename T>
struct Signature;

template<typename R, typename... A>
struct Signature<R (*)(A...)>
{
    static constexpr std::size_t count = sizeof...(A);
    static constexpr std::size_t sizes[sizeof...(A) + 1] = {sizeof(A)..., sizeof(R)};
};

template<typename TOurs, typename TTheirs>
constexpr auto sameShape() -> bool
{
    if constexpr(Signature<TOurs>::count != Signature<TTheirs>::count)
        return false;
    else
    {
        for(std::size_t i = 0; i <= Signature<TOurs>::count; ++i)
            if(Signature<TOurs>::sizes[i] != Signature<TTheirs>::sizes[i])
                return false;
        return true;
    }
}

#define SAME_ENTRY(member, name) static_assert(sameShape<decltype(ours::Api::member.fn), decltype(&::name)>(), #name)

SAME_ENTRY(init, cuInit);
SAME_ENTRY(getErrorName, cuGetErrorName);
SAME_ENTRY(getErrorString, cuGetErrorString);
SAME_ENTRY(deviceGetCount, cuDeviceGetCount);
SAME_ENTRY(deviceGet, cuDeviceGet);
SAME_ENTRY(deviceGetName, cuDeviceGetName);
SAME_ENTRY(deviceTotalMem, cuDeviceTotalMem_v2);
SAME_ENTRY(deviceGetAttribute, cuDeviceGetAttribute);
SAME_ENTRY(devicePrimaryCtxRetain, cuDevicePrimaryCtxRetain);
SAME_ENTRY(devicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2);
SAME_ENTRY(ctxPushCurrent, cuCtxPushCurrent_v2);
SAME_ENTRY(ctxPopCurrent, cuCtxPopCurrent_v2);
SAME_ENTRY(ctxSynchronize, cuCtxSynchronize);
SAME_ENTRY(memGetInfo, cuMemGetInfo_v2);
SAME_ENTRY(memAlloc, cuMemAlloc_v2);
SAME_ENTRY(memFree, cuMemFree_v2);
SAME_ENTRY(memHostAlloc, cuMemHostAlloc);
SAME_ENTRY(memFreeHost, cuMemFreeHost);
SAME_ENTRY(memcpy2DAsync, cuMemcpy2DAsync_v2);
SAME_ENTRY(memcpy3DAsync, cuMemcpy3DAsync_v2);
SAME_ENTRY(memsetD8Async, cuMemsetD8Async);
SAME_ENTRY(memsetD2D8Async, cuMemsetD2D8Async);
SAME_ENTRY(streamCreate, cuStreamCreate);
SAME_ENTRY(streamDestroy, cuStreamDestroy_v2);
SAME_ENTRY(streamSynchronize, cuStreamSynchronize);
SAME_ENTRY(streamQuery, cuStreamQuery);
SAME_ENTRY(streamWaitEvent, cuStreamWaitEvent);
SAME_ENTRY(launchHostFunc, cuLaunchHostFunc);
SAME_ENTRY(streamBeginCapture, cuStreamBeginCapture_v2);
SAME_ENTRY(streamEndCapture, cuStreamEndCapture);
SAME_ENTRY(streamGetCaptureInfo, cuStreamGetCaptureInfo_v3);
SAME_ENTRY(streamUpdateCaptureDependencies, cuStreamUpdateCaptureDependencies_v2);
SAME_ENTRY(graphAddChildGraphNode, cuGraphAddChildGraphNode);
SAME_ENTRY(graphInstantiateWithFlags, cuGraphInstantiateWithFlags);
SAME_ENTRY(graphGetNodes, cuGraphGetNodes);
SAME_ENTRY(graphLaunch, cuGraphLaunch);
SAME_ENTRY(graphExecDestroy, cuGraphExecDestroy);
SAME_ENTRY(graphDestroy, cuGraphDestroy);
SAME_ENTRY(eventRecordWithFlags, cuEventRecordWithFlags);
SAME_ENTRY(eventCreate, cuEventCreate);
SAME_ENTRY(eventDestroy, cuEventDestroy_v2);
SAME_ENTRY(eventRecord, cuEventRecord);
SAME_ENTRY(eventQuery, cuEventQuery);
SAME_ENTRY(eventSynchronize, cuEventSynchronize);
// cuda.h makes cuEventElapsedTime a macro of cuEventElapsedTime_v2, which renames the member here too: this compares
// the second version's signature, the same as the first's, whose symbol the runtime binds.
SAME_ENTRY(eventElapsedTime, cuEventElapsedTime);
SAME_ENTRY(moduleLoadData, cuModuleLoadData);
SAME_ENTRY(moduleUnload, cuModuleUnload);
SAME_ENTRY(moduleGetFunction, cuModuleGetFunction);
SAME_ENTRY(moduleGetGlobal, cuModuleGetGlobal_v2);
SAME_ENTRY(linkCreate, cuLinkCreate_v2);
SAME_ENTRY(linkAddData, cuLinkAddData_v2);
SAME_ENTRY(linkComplete, cuLinkComplete);
SAME_ENTRY(linkDestroy, cuLinkDestroy);
SAME_ENTRY(funcSetAttribute, cuFuncSetAttribute);
SAME_ENTRY(launchKernel, cuLaunchKernel);
SAME_ENTRY(launchCooperativeKernel, cuLaunchCooperativeKernel);
SAME_ENTRY(occupancyMaxActiveBlocksPerMultiprocessor, cuOccupancyMaxActiveBlocksPerMultiprocessor);
