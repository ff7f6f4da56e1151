/* SPDX-FileCopyrightText: The pyalpaka authors
 * SPDX-License-Identifier: MPL-2.0
 *
 * A stand-in for libamdhip64.so (the HIP runtime) for the plumbing tests of pyalpaka's hip back-end, selected with
 * PYALPAKA_HIP_LIBRARY. It is the CUDA stand-in (../fake_cuda/fake_libcuda.c, included below) under HIP's names: the
 * same host memory, one device ("stand-in GPU", gcnArchName "gfx90a:sramecc+:xnack-"), streams that run every
 * operation at once, events that are always complete, host functions and stream callbacks run in the calling thread,
 * the same stream capture and graphs, and module loading that fails with hipErrorNoBinaryForGpu unless
 * FAKE_CUDA_MODULES=1 is in the environment (then launches are recorded in fake_cuda_last_launch). The test helpers of
 * the CUDA stand-in (fake_cuda_live_allocations, ...) are exported too, and fake_hip_set_device_calls.
 *
 * What HIP does differently: there are no contexts (a thread's current device, hipSetDevice/hipGetDevice, takes
 * their place; the included calls need no current context here), device pointers are void*, copies take plain
 * pointers with hipMemcpyDefault (every pointer is host memory here, so either side is copied as host memory), and
 * hipMalloc/hipFree/hipHostFree accept a size of zero / a null pointer as the real runtime does.
 *
 * Every symbol the loader resolves (src/runtime/gpu/HipApi.cpp) is defined here with the signature of
 * hip_runtime_api.h. Compiled with -DFAKE_HIP_ROCM52 it lacks what ROCm 5.2's library lacks (hipLaunchHostFunc,
 * hipEventRecordWithFlags, hipModuleLaunchCooperativeKernel, hipGetDevicePropertiesR0600), so that the loader's
 * fallbacks run: hipStreamAddCallback, plain hipEventRecord and the ROCm 5 layout of hipDeviceProp_t.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CUDA stand-in's functions are this library's internals: hidden, so that it exports HIP's names only (and the
 * test helpers, declared with default visibility before the definitions). */
#define FAKE_CUDA_NO_CONTEXTS 1
#pragma GCC visibility push(hidden)
__attribute__((visibility("default"))) int fake_cuda_live_allocations(void);
__attribute__((visibility("default"))) int fake_cuda_context_depth(void);
__attribute__((visibility("default"))) int fake_cuda_primary_retains(void);
__attribute__((visibility("default"))) int fake_cuda_live_pinned_allocations(void);
__attribute__((visibility("default"))) extern struct FakeLaunch fake_cuda_last_launch;
#include "../fake_cuda/fake_libcuda.c"
#pragma GCC visibility pop

typedef int hipError_t;

enum
{
    HIP_INVALID_MEMCPY_DIRECTION = 21 /* hipErrorInvalidMemcpyDirection */
};

/* hipMemcpy3DParms and its members (hip/driver_types.h). */
typedef struct
{
    size_t x, y, z;
} HipPos;

typedef struct
{
    void* ptr;
    size_t pitch, xsize, ysize;
} HipPitchedPtr;

typedef struct
{
    size_t width, height, depth;
} HipExtent;

typedef struct
{
    void* srcArray;
    HipPos srcPos;
    HipPitchedPtr srcPtr;
    void* dstArray;
    HipPos dstPos;
    HipPitchedPtr dstPtr;
    HipExtent extent;
    int kind;
} HipMemcpy3DParms;

/* Initialisation and errors. */

hipError_t hipInit(unsigned flags)
{
    return cuInit(flags);
}

char const* hipGetErrorName(hipError_t error)
{
    switch(error)
    {
        case SUCCESS:
            return "hipSuccess";
        case INVALID_VALUE:
            return "hipErrorInvalidValue";
        case OUT_OF_MEMORY:
            return "hipErrorOutOfMemory";
        case NOT_INITIALIZED:
            return "hipErrorNotInitialized";
        case HIP_INVALID_MEMCPY_DIRECTION:
            return "hipErrorInvalidMemcpyDirection";
        case INVALID_DEVICE:
            return "hipErrorInvalidDevice";
        case INVALID_CONTEXT:
            return "hipErrorInvalidContext";
        case NO_BINARY_FOR_GPU:
            return "hipErrorNoBinaryForGpu";
        case INVALID_PTX:
            return "hipErrorInvalidKernelFile";
        case INVALID_HANDLE:
            return "hipErrorInvalidHandle";
        case STREAM_CAPTURE_UNSUPPORTED:
            return "hipErrorStreamCaptureUnsupported";
        case STREAM_CAPTURE_INVALIDATED:
            return "hipErrorStreamCaptureInvalidated";
        default:
            return "hipErrorUnknown";
    }
}

char const* hipGetErrorString(hipError_t error)
{
    switch(error)
    {
        case SUCCESS:
            return "no error";
        case NO_BINARY_FOR_GPU:
            return "no kernel image is available for execution on the device";
        case OUT_OF_MEMORY:
            return "out of memory";
        case INVALID_VALUE:
            return "invalid argument";
        default:
            return "stand-in HIP runtime error";
    }
}

/* Devices: one, which is every thread's current device until it sets another (which fails: there is no other). */

static _Thread_local int currentDevice;
static int setDeviceCalls;

/* How often hipSetDevice was called, by any thread. */
__attribute__((visibility("default"))) int fake_hip_set_device_calls(void)
{
    return __atomic_load_n(&setDeviceCalls, __ATOMIC_RELAXED);
}

hipError_t hipGetDeviceCount(int* count)
{
    if(!count)
        return INVALID_VALUE;
    *count = 1;
    return SUCCESS;
}

hipError_t hipDeviceGet(int* device, int ordinal)
{
    if(!device)
        return INVALID_VALUE;
    if(ordinal != 0)
        return INVALID_DEVICE;
    *device = 0;
    return SUCCESS;
}

hipError_t hipSetDevice(int device)
{
    __atomic_fetch_add(&setDeviceCalls, 1, __ATOMIC_RELAXED);
    if(device != 0)
        return INVALID_DEVICE;
    currentDevice = device;
    return SUCCESS;
}

hipError_t hipGetDevice(int* device)
{
    if(!device)
        return INVALID_VALUE;
    *device = currentDevice;
    return SUCCESS;
}

hipError_t hipDeviceGetName(char* name, int length, int device)
{
    return cuDeviceGetName(name, length, device);
}

hipError_t hipDeviceTotalMem(size_t* bytes, int device)
{
    return cuDeviceTotalMem_v2(bytes, device);
}

/* hipDeviceAttribute_t codes (the same in ROCm 5 and 6). */
hipError_t hipDeviceGetAttribute(int* value, int attribute, int device)
{
    if(device != 0)
        return INVALID_DEVICE;
    switch(attribute)
    {
        case 56: /* hipDeviceAttributeMaxThreadsPerBlock */
            *value = 1024;
            return SUCCESS;
        case 26: /* hipDeviceAttributeMaxBlockDimX */
        case 27: /* hipDeviceAttributeMaxBlockDimY */
        case 28: /* hipDeviceAttributeMaxBlockDimZ */
            *value = 1024;
            return SUCCESS;
        case 29: /* hipDeviceAttributeMaxGridDimX */
            *value = 2147483647;
            return SUCCESS;
        case 30: /* hipDeviceAttributeMaxGridDimY */
        case 31: /* hipDeviceAttributeMaxGridDimZ */
            *value = 65536;
            return SUCCESS;
        case 74: /* hipDeviceAttributeMaxSharedMemoryPerBlock */
        case 75: /* hipDeviceAttributeSharedMemPerBlockOptin */
            *value = 65536;
            return SUCCESS;
        case 87: /* hipDeviceAttributeWarpSize */
            *value = 64;
            return SUCCESS;
        case 63: /* hipDeviceAttributeMultiprocessorCount */
            *value = 104;
            return SUCCESS;
        case 23: /* hipDeviceAttributeComputeCapabilityMajor */
            *value = 9;
            return SUCCESS;
        case 61: /* hipDeviceAttributeComputeCapabilityMinor */
            *value = 0;
            return SUCCESS;
        case 10: /* hipDeviceAttributeCooperativeLaunch */
            *value = 1;
            return SUCCESS;
        default:
            return INVALID_VALUE;
    }
}

/* hipDeviceProp_t: only name and gcnArchName are filled in, the rest is zero. Its layout up to ROCm 5
 * (hipGetDeviceProperties, R0000) and from ROCm 6 on (hipGetDevicePropertiesR0600). */
static hipError_t deviceProperties(void* properties, int device, size_t bytes, size_t gcnArchNameOffset)
{
    if(!properties)
        return INVALID_VALUE;
    if(device != 0)
        return INVALID_DEVICE;
    memset(properties, 0, bytes);
    strcpy((char*)properties, "stand-in GPU");
    strcpy((char*)properties + gcnArchNameOffset, "gfx90a:sramecc+:xnack-");
    return SUCCESS;
}

hipError_t hipGetDeviceProperties(void* properties, int device)
{
    return deviceProperties(properties, device, 792, 396);
}

#ifndef FAKE_HIP_ROCM52
hipError_t hipGetDevicePropertiesR0600(void* properties, int device)
{
    return deviceProperties(properties, device, 1472, 1160);
}
#endif

hipError_t hipDeviceSynchronize(void)
{
    return cuCtxSynchronize();
}

/* Memory. */

hipError_t hipMemGetInfo(size_t* free, size_t* total)
{
    return cuMemGetInfo_v2(free, total);
}

hipError_t hipMalloc(void** pointer, size_t bytes)
{
    if(!pointer)
        return INVALID_VALUE;
    *pointer = NULL;
    if(bytes == 0)
        return SUCCESS;
    CUdeviceptr p = 0;
    CUresult const result = cuMemAlloc_v2(&p, bytes);
    if(result == SUCCESS)
        *pointer = (void*)(uintptr_t)p;
    return result;
}

hipError_t hipFree(void* pointer)
{
    return pointer ? cuMemFree_v2((CUdeviceptr)(uintptr_t)pointer) : SUCCESS;
}

hipError_t hipHostMalloc(void** pointer, size_t bytes, unsigned flags)
{
    return cuMemHostAlloc(pointer, bytes, flags);
}

hipError_t hipHostFree(void* pointer)
{
    return pointer ? cuMemFreeHost(pointer) : SUCCESS;
}

/* hipMemcpyKind: hipMemcpyHostToHost (0) ... hipMemcpyDefault (4); all memory here is host memory. */
static int validKind(int kind)
{
    return kind >= 0 && kind <= 4;
}

hipError_t hipMemcpy2DAsync(
    void* dst, size_t dpitch, void const* src, size_t spitch, size_t width, size_t height, int kind, void* stream)
{
    if(!validKind(kind))
        return HIP_INVALID_MEMCPY_DIRECTION;
    Memcpy2D const c
        = {.srcMemoryType = 1,
           .srcHost = src,
           .srcPitch = spitch,
           .dstMemoryType = 1,
           .dstHost = dst,
           .dstPitch = dpitch,
           .WidthInBytes = width,
           .Height = height};
    return cuMemcpy2DAsync_v2(&c, stream);
}

hipError_t hipMemcpy3DAsync(HipMemcpy3DParms const* p, void* stream)
{
    if(!p)
        return INVALID_VALUE;
    if(!validKind(p->kind))
        return HIP_INVALID_MEMCPY_DIRECTION;
    /* The positions are offsets into the pitched memory (x in bytes): folded into the pointers. */
    Memcpy3D const c
        = {.srcMemoryType = 1,
           .srcHost = p->srcPtr.ptr == NULL ? NULL
                                            : (char const*)p->srcPtr.ptr + p->srcPos.x + p->srcPos.y * p->srcPtr.pitch
                                                  + p->srcPos.z * p->srcPtr.pitch * p->srcPtr.ysize,
           .srcArray = p->srcArray,
           .srcPitch = p->srcPtr.pitch,
           .srcHeight = p->srcPtr.ysize,
           .dstMemoryType = 1,
           .dstHost = p->dstPtr.ptr == NULL ? NULL
                                            : (char*)p->dstPtr.ptr + p->dstPos.x + p->dstPos.y * p->dstPtr.pitch
                                                  + p->dstPos.z * p->dstPtr.pitch * p->dstPtr.ysize,
           .dstArray = p->dstArray,
           .dstPitch = p->dstPtr.pitch,
           .dstHeight = p->dstPtr.ysize,
           .WidthInBytes = p->extent.width,
           .Height = p->extent.height,
           .Depth = p->extent.depth};
    return cuMemcpy3DAsync_v2(&c, stream);
}

hipError_t hipMemsetD8Async(void* dst, unsigned char value, size_t count, void* stream)
{
    return cuMemsetD8Async((CUdeviceptr)(uintptr_t)dst, value, count, stream);
}

hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height, void* stream)
{
    return cuMemsetD2D8Async((CUdeviceptr)(uintptr_t)dst, pitch, (unsigned char)value, width, height, stream);
}

/* Streams. */

hipError_t hipStreamCreateWithFlags(void** stream, unsigned flags)
{
    return cuStreamCreate(stream, flags);
}

hipError_t hipStreamDestroy(void* stream)
{
    return cuStreamDestroy_v2(stream);
}

hipError_t hipStreamSynchronize(void* stream)
{
    return cuStreamSynchronize(stream);
}

hipError_t hipStreamQuery(void* stream)
{
    return cuStreamQuery(stream);
}

hipError_t hipStreamWaitEvent(void* stream, void* event, unsigned flags)
{
    return cuStreamWaitEvent(stream, event, flags);
}

#ifndef FAKE_HIP_ROCM52
hipError_t hipLaunchHostFunc(void* stream, void (*fn)(void*), void* userData)
{
    return cuLaunchHostFunc(stream, fn, userData);
}
#endif

/* A stream callback: run at once, like a host function. Not one of a capture's operations (as cuStreamAddCallback in
 * CUDA): refused while the stream captures, which invalidates the capture. */
hipError_t
hipStreamAddCallback(void* stream, void (*callback)(void*, hipError_t, void*), void* userData, unsigned flags)
{
    if(!callback || flags != 0)
        return INVALID_VALUE;
    if(stream != &streamObject)
        return INVALID_HANDLE;
    if(recording)
        return refuseWhileCapturing();
    callback(stream, SUCCESS, userData);
    return SUCCESS;
}

/* Capture and graphs. */

hipError_t hipStreamBeginCapture(void* stream, int mode)
{
    return cuStreamBeginCapture_v2(stream, mode);
}

hipError_t hipStreamEndCapture(void* stream, void** graph)
{
    return cuStreamEndCapture(stream, (Graph**)graph);
}

/* HIP's capture info has no edge data. */
hipError_t hipStreamGetCaptureInfo_v2(
    void* stream, int* status, unsigned long long* id, void** graph, void* const** dependencies, size_t* count)
{
    if(!status)
        return INVALID_VALUE;
    return cuStreamGetCaptureInfo_v3(stream, status, id, (Graph**)graph, (void const**)dependencies, NULL, count);
}

hipError_t hipStreamUpdateCaptureDependencies(void* stream, void** dependencies, size_t count, unsigned flags)
{
    return cuStreamUpdateCaptureDependencies_v2(stream, dependencies, NULL, count, flags);
}

hipError_t hipGraphAddChildGraphNode(void** node, void* graph, void* const* dependencies, size_t count, void* child)
{
    return cuGraphAddChildGraphNode(node, graph, dependencies, count, child);
}

hipError_t hipGraphInstantiateWithFlags(void** exec, void* graph, unsigned long long flags)
{
    return cuGraphInstantiateWithFlags((Graph**)exec, graph, flags);
}

hipError_t hipGraphGetNodes(void* graph, void** nodes, size_t* count)
{
    return cuGraphGetNodes(graph, nodes, count);
}

hipError_t hipGraphLaunch(void* exec, void* stream)
{
    return cuGraphLaunch(exec, stream);
}

hipError_t hipGraphExecDestroy(void* exec)
{
    return cuGraphExecDestroy(exec);
}

hipError_t hipGraphDestroy(void* graph)
{
    return cuGraphDestroy(graph);
}

/* Events. */

hipError_t hipEventCreateWithFlags(void** event, unsigned flags)
{
    return cuEventCreate(event, flags);
}

hipError_t hipEventDestroy(void* event)
{
    return cuEventDestroy_v2(event);
}

hipError_t hipEventRecord(void* event, void* stream)
{
    return cuEventRecord(event, stream);
}

#ifndef FAKE_HIP_ROCM52
hipError_t hipEventRecordWithFlags(void* event, void* stream, unsigned flags)
{
    return cuEventRecordWithFlags(event, stream, flags);
}
#endif

hipError_t hipEventQuery(void* event)
{
    return cuEventQuery(event);
}

hipError_t hipEventSynchronize(void* event)
{
    return cuEventSynchronize(event);
}

hipError_t hipEventElapsedTime(float* milliseconds, void* start, void* stop)
{
    return cuEventElapsedTime(milliseconds, start, stop);
}

/* Modules and launches (FAKE_CUDA_MODULES=1: every image loads, launches are recorded). */

hipError_t hipModuleLoadData(void** module, void const* image)
{
    return cuModuleLoadData(module, image);
}

hipError_t hipModuleUnload(void* module)
{
    return cuModuleUnload(module);
}

hipError_t hipModuleGetFunction(void** function, void* module, char const* name)
{
    return cuModuleGetFunction(function, module, name);
}

hipError_t hipModuleGetGlobal(void** pointer, size_t* bytes, void* module, char const* name)
{
    CUdeviceptr p = 0;
    CUresult const result = cuModuleGetGlobal_v2(pointer ? &p : NULL, bytes, module, name);
    if(result == SUCCESS && pointer)
        *pointer = (void*)(uintptr_t)p;
    return result;
}

hipError_t hipModuleLaunchKernel(
    void* f,
    unsigned gx,
    unsigned gy,
    unsigned gz,
    unsigned bx,
    unsigned by,
    unsigned bz,
    unsigned shared,
    void* stream,
    void** params,
    void** extra)
{
    return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra);
}

#ifndef FAKE_HIP_ROCM52
hipError_t hipModuleLaunchCooperativeKernel(
    void* f,
    unsigned gx,
    unsigned gy,
    unsigned gz,
    unsigned bx,
    unsigned by,
    unsigned bz,
    unsigned shared,
    void* stream,
    void** params)
{
    return cuLaunchCooperativeKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params);
}
#endif

hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void* f, int blockSize, size_t sharedBytes)
{
    return cuOccupancyMaxActiveBlocksPerMultiprocessor(blocks, f, blockSize, sharedBytes);
}
