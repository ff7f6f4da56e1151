// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compiled (never run) by test_cuda_standin_driver.py where the CUDA toolkit is installed: checks that the driver
// declarations pyalpaka makes itself (src/runtime/cuda/CudaDriver.hpp, which must not include cuda.h) agree with
// cuda.h: struct layouts, enum values, and that every entry point the loader resolves is declared there with the
// same parameter sizes.

#include <cstddef>
#include <tuple>
#include <type_traits>

#include <cuda.h>

#include "runtime/cuda/CudaDriver.hpp"

namespace ours = pyalpaka::rt::cuda;

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
static_assert(ours::CUDA_SUCCESS == CUDA_SUCCESS && ours::CUDA_ERROR_NOT_READY == CUDA_ERROR_NOT_READY);
static_assert(ours::CUDA_ERROR_OUT_OF_MEMORY == CUDA_ERROR_OUT_OF_MEMORY);
static_assert(ours::CU_STREAM_NON_BLOCKING == CU_STREAM_NON_BLOCKING);
SAME_VALUE(ours::CU_STREAM_CAPTURE_MODE_RELAXED, CU_STREAM_CAPTURE_MODE_RELAXED);
SAME_VALUE(ours::CU_EVENT_RECORD_EXTERNAL, CU_EVENT_RECORD_EXTERNAL);
SAME_VALUE(ours::CU_EVENT_WAIT_EXTERNAL, CU_EVENT_WAIT_EXTERNAL);
static_assert(ours::CU_EVENT_DISABLE_TIMING == CU_EVENT_DISABLE_TIMING);
static_assert(ours::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
static_assert(ours::MemHostAllocPortable == CU_MEMHOSTALLOC_PORTABLE);
static_assert(ours::MemHostAllocDeviceMap == CU_MEMHOSTALLOC_DEVICEMAP);
SAME_VALUE(ours::MaxThreadsPerBlock, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
SAME_VALUE(ours::MaxBlockDimX, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
SAME_VALUE(ours::MaxBlockDimY, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
SAME_VALUE(ours::MaxBlockDimZ, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
SAME_VALUE(ours::MaxGridDimX, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
SAME_VALUE(ours::MaxGridDimY, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
SAME_VALUE(ours::MaxGridDimZ, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
SAME_VALUE(ours::MaxSharedMemoryPerBlock, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
SAME_VALUE(ours::WarpSize, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
SAME_VALUE(ours::MultiprocessorCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
SAME_VALUE(ours::ComputeCapabilityMajor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
SAME_VALUE(ours::ComputeCapabilityMinor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
SAME_VALUE(ours::MaxSharedMemoryPerBlockOptin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
SAME_VALUE(ours::CooperativeLaunch, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH);

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

#define SAME_ENTRY(name) static_assert(sameShape<decltype(ours::DriverApi::name), decltype(&::name)>(), #name)

SAME_ENTRY(cuInit);
SAME_ENTRY(cuGetErrorName);
SAME_ENTRY(cuGetErrorString);
SAME_ENTRY(cuDeviceGetCount);
SAME_ENTRY(cuDeviceGet);
SAME_ENTRY(cuDeviceGetName);
SAME_ENTRY(cuDeviceTotalMem_v2);
SAME_ENTRY(cuDeviceGetAttribute);
SAME_ENTRY(cuDevicePrimaryCtxRetain);
SAME_ENTRY(cuDevicePrimaryCtxRelease_v2);
SAME_ENTRY(cuCtxPushCurrent_v2);
SAME_ENTRY(cuCtxPopCurrent_v2);
SAME_ENTRY(cuCtxSynchronize);
SAME_ENTRY(cuMemGetInfo_v2);
SAME_ENTRY(cuMemAlloc_v2);
SAME_ENTRY(cuMemFree_v2);
SAME_ENTRY(cuMemHostAlloc);
SAME_ENTRY(cuMemFreeHost);
SAME_ENTRY(cuMemcpy2DAsync_v2);
SAME_ENTRY(cuMemcpy3DAsync_v2);
SAME_ENTRY(cuMemsetD8Async);
SAME_ENTRY(cuMemsetD2D8Async);
SAME_ENTRY(cuStreamCreate);
SAME_ENTRY(cuStreamDestroy_v2);
SAME_ENTRY(cuStreamSynchronize);
SAME_ENTRY(cuStreamQuery);
SAME_ENTRY(cuStreamWaitEvent);
SAME_ENTRY(cuLaunchHostFunc);
SAME_ENTRY(cuStreamBeginCapture_v2);
SAME_ENTRY(cuStreamEndCapture);
SAME_ENTRY(cuStreamGetCaptureInfo_v3);
SAME_ENTRY(cuStreamUpdateCaptureDependencies_v2);
SAME_ENTRY(cuGraphAddChildGraphNode);
SAME_ENTRY(cuGraphInstantiateWithFlags);
SAME_ENTRY(cuGraphGetNodes);
SAME_ENTRY(cuGraphLaunch);
SAME_ENTRY(cuGraphExecDestroy);
SAME_ENTRY(cuGraphDestroy);
SAME_ENTRY(cuEventRecordWithFlags);
SAME_ENTRY(cuEventCreate);
SAME_ENTRY(cuEventDestroy_v2);
SAME_ENTRY(cuEventRecord);
SAME_ENTRY(cuEventQuery);
SAME_ENTRY(cuEventSynchronize);
// cuda.h makes cuEventElapsedTime a macro of cuEventElapsedTime_v2, which renames the member here too: this compares
// the second version's signature, the same as the first's, whose symbol the runtime binds.
SAME_ENTRY(cuEventElapsedTime);
SAME_ENTRY(cuModuleLoadData);
SAME_ENTRY(cuModuleUnload);
SAME_ENTRY(cuModuleGetFunction);
SAME_ENTRY(cuModuleGetGlobal_v2);
SAME_ENTRY(cuLinkCreate_v2);
SAME_ENTRY(cuLinkAddData_v2);
SAME_ENTRY(cuLinkComplete);
SAME_ENTRY(cuLinkDestroy);
SAME_ENTRY(cuFuncSetAttribute);
SAME_ENTRY(cuLaunchKernel);
SAME_ENTRY(cuLaunchCooperativeKernel);
SAME_ENTRY(cuOccupancyMaxActiveBlocksPerMultiprocessor);
