// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The CUDA driver API, loaded at run time. The package must build and import without the CUDA toolkit, so cuda.h is
//! not included: the few types, constants and signatures the runtime uses are declared here, as the driver's ABI
//! defines them (the `_v2` symbols where the driver exports versioned ones).

#include <cstddef>
#include <memory>
#include <new>
#include <string>

namespace pyalpaka::rt::cuda
{
    using CUresult = int;
    using CUdevice = int;
    using CUdeviceptr = unsigned long long;
    using CUcontext = struct CUctx_st*;
    using CUstream = struct CUstream_st*;
    using CUevent = struct CUevent_st*;
    using CUmodule = struct CUmod_st*;
    using CUfunction = struct CUfunc_st*;
    using CUhostFn = void (*)(void* userData);
    using CUgraph = struct CUgraph_st*;
    using CUgraphExec = struct CUgraphExec_st*;
    using CUgraphNode = struct CUgraphNode_st*;
    using CUlinkState = struct CUlinkState_st*;

    inline constexpr CUresult CUDA_SUCCESS = 0;
    inline constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
    inline constexpr CUresult CUDA_ERROR_NOT_READY = 600;

    //! CUdevice_attribute values.
    enum CUdeviceAttribute : int
    {
        MaxThreadsPerBlock = 1,
        MaxBlockDimX = 2,
        MaxBlockDimY = 3,
        MaxBlockDimZ = 4,
        MaxGridDimX = 5,
        MaxGridDimY = 6,
        MaxGridDimZ = 7,
        MaxSharedMemoryPerBlock = 8,
        WarpSize = 10,
        MultiprocessorCount = 16,
        ComputeCapabilityMajor = 75,
        ComputeCapabilityMinor = 76,
        CooperativeLaunch = 95,
        MaxSharedMemoryPerBlockOptin = 97
    };

    inline constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
    //! CUstreamCaptureMode: other threads may call the driver while a stream captures.
    inline constexpr int CU_STREAM_CAPTURE_MODE_RELAXED = 2;
    //! CUstreamUpdateCaptureDependencies_flags: the given nodes replace the capture's current dependencies.
    inline constexpr unsigned CU_STREAM_SET_CAPTURE_DEPENDENCIES = 1;
    //! An event record / wait inside a capture that each replay performs (not only a dependency inside the graph).
    inline constexpr unsigned CU_EVENT_RECORD_EXTERNAL = 1;
    inline constexpr unsigned CU_EVENT_WAIT_EXTERNAL = 1;
    inline constexpr unsigned CU_EVENT_DISABLE_TIMING = 2;
    inline constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    //! Page-locked memory that every context may use, mapped into the device's address space (allocMappedBuf).
    inline constexpr unsigned MemHostAllocPortable = 1;  // CU_MEMHOSTALLOC_PORTABLE (a macro in cuda.h)
    inline constexpr unsigned MemHostAllocDeviceMap = 2; // CU_MEMHOSTALLOC_DEVICEMAP

    //! CUmemorytype values.
    enum CUmemorytype : int
    {
        MemoryHost = 1,
        MemoryDevice = 2
    };

    //! CUDA_MEMCPY2D (the _v2 layout).
    struct Memcpy2D
    {
        std::size_t srcXInBytes;
        std::size_t srcY;
        CUmemorytype srcMemoryType;
        void const* srcHost;
        CUdeviceptr srcDevice;
        void* srcArray;
        std::size_t srcPitch;
        std::size_t dstXInBytes;
        std::size_t dstY;
        CUmemorytype dstMemoryType;
        void* dstHost;
        CUdeviceptr dstDevice;
        void* dstArray;
        std::size_t dstPitch;
        std::size_t widthInBytes;
        std::size_t height;
    };

    //! CUDA_MEMCPY3D (the _v2 layout).
    struct Memcpy3D
    {
        std::size_t srcXInBytes;
        std::size_t srcY;
        std::size_t srcZ;
        std::size_t srcLOD;
        CUmemorytype srcMemoryType;
        void const* srcHost;
        CUdeviceptr srcDevice;
        void* srcArray;
        void* reserved0;
        std::size_t srcPitch;
        std::size_t srcHeight;
        std::size_t dstXInBytes;
        std::size_t dstY;
        std::size_t dstZ;
        std::size_t dstLOD;
        CUmemorytype dstMemoryType;
        void* dstHost;
        CUdeviceptr dstDevice;
        void* dstArray;
        void* reserved1;
        std::size_t dstPitch;
        std::size_t dstHeight;
        std::size_t widthInBytes;
        std::size_t height;
        std::size_t depth;
    };

    //! The entry points the runtime uses; every member is set once load() succeeded.
    struct DriverApi
    {
        CUresult (*cuInit)(unsigned flags);
        CUresult (*cuGetErrorName)(CUresult error, char const** name);
        CUresult (*cuGetErrorString)(CUresult error, char const** text);
        CUresult (*cuDeviceGetCount)(int* count);
        CUresult (*cuDeviceGet)(CUdevice* device, int ordinal);
        CUresult (*cuDeviceGetName)(char* name, int length, CUdevice device);
        CUresult (*cuDeviceTotalMem_v2)(std::size_t* bytes, CUdevice device);
        CUresult (*cuDeviceGetAttribute)(int* value, int attribute, CUdevice device);
        CUresult (*cuDevicePrimaryCtxRetain)(CUcontext* context, CUdevice device);
        CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice device);
        CUresult (*cuCtxGetCurrent)(CUcontext* context);
        CUresult (*cuCtxPushCurrent_v2)(CUcontext context);
        CUresult (*cuCtxPopCurrent_v2)(CUcontext* context);
        CUresult (*cuCtxSynchronize)();
        CUresult (*cuMemGetInfo_v2)(std::size_t* free, std::size_t* total);
        CUresult (*cuMemAlloc_v2)(CUdeviceptr* pointer, std::size_t bytes);
        CUresult (*cuMemFree_v2)(CUdeviceptr pointer);
        // Page-locked host memory (flags: CU_MEMHOSTALLOC_*).
        CUresult (*cuMemHostAlloc)(void** pointer, std::size_t bytes, unsigned flags);
        CUresult (*cuMemFreeHost)(void* pointer);
        CUresult (*cuMemcpy2DAsync_v2)(Memcpy2D const* copy, CUstream stream);
        CUresult (*cuMemcpy3DAsync_v2)(Memcpy3D const* copy, CUstream stream);
        CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char value, std::size_t count, CUstream stream);
        CUresult (*cuMemsetD2D8Async)(
            CUdeviceptr dst,
            std::size_t pitch,
            unsigned char value,
            std::size_t width,
            std::size_t height,
            CUstream stream);
        CUresult (*cuStreamCreate)(CUstream* stream, unsigned flags);
        CUresult (*cuStreamDestroy_v2)(CUstream stream);
        CUresult (*cuStreamSynchronize)(CUstream stream);
        CUresult (*cuStreamQuery)(CUstream stream);
        CUresult (*cuStreamWaitEvent)(CUstream stream, CUevent event, unsigned flags);
        CUresult (*cuLaunchHostFunc)(CUstream stream, CUhostFn fn, void* userData);
        CUresult (*cuStreamBeginCapture_v2)(CUstream stream, int mode);
        CUresult (*cuStreamEndCapture)(CUstream stream, CUgraph* graph);
        // Adding a graph to a capture as one node (cuGraphLaunch is refused while the stream captures); the edge
        // data (CUgraphEdgeData) is not used: default edges.
        CUresult (*cuStreamGetCaptureInfo_v3)(
            CUstream stream,
            int* status,
            unsigned long long* id,
            CUgraph* graph,
            CUgraphNode const** dependencies,
            void const** edgeData,
            std::size_t* count);
        CUresult (*cuStreamUpdateCaptureDependencies_v2)(
            CUstream stream, CUgraphNode* dependencies, void const* edgeData, std::size_t count, unsigned flags);
        CUresult (*cuGraphAddChildGraphNode)(
            CUgraphNode* node, CUgraph graph, CUgraphNode const* dependencies, std::size_t count, CUgraph child);
        CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec* exec, CUgraph graph, unsigned long long flags);
        CUresult (*cuGraphGetNodes)(CUgraph graph, CUgraphNode* nodes, std::size_t* count);
        CUresult (*cuGraphLaunch)(CUgraphExec exec, CUstream stream);
        CUresult (*cuGraphExecDestroy)(CUgraphExec exec);
        CUresult (*cuGraphDestroy)(CUgraph graph);
        CUresult (*cuEventRecordWithFlags)(CUevent event, CUstream stream, unsigned flags);
        CUresult (*cuEventCreate)(CUevent* event, unsigned flags);
        CUresult (*cuEventDestroy_v2)(CUevent event);
        CUresult (*cuEventRecord)(CUevent event, CUstream stream);
        CUresult (*cuEventQuery)(CUevent event);
        CUresult (*cuEventSynchronize)(CUevent event);
        // The first version's symbol, which every driver has (cuda.h of CUDA 13 names cuEventElapsedTime_v2 under
        // this name; the signature is the same).
        CUresult (*cuEventElapsedTime)(float* milliseconds, CUevent start, CUevent end);
        CUresult (*cuModuleLoadData)(CUmodule* module, void const* image);
        CUresult (*cuModuleUnload)(CUmodule module);
        CUresult (*cuModuleGetFunction)(CUfunction* function, CUmodule module, char const* name);
        CUresult (*cuModuleGetGlobal_v2)(CUdeviceptr* pointer, std::size_t* bytes, CUmodule module, char const* name);
        // The driver's PTX compiler, for CudaDevice::linkPtx (options: CUjit_option values and their values).
        CUresult (*cuLinkCreate_v2)(unsigned optionCount, int* options, void** optionValues, CUlinkState* state);
        CUresult (*cuLinkAddData_v2)(
            CUlinkState state,
            int inputType,
            void* data,
            std::size_t bytes,
            char const* name,
            unsigned optionCount,
            int* options,
            void** optionValues);
        CUresult (*cuLinkComplete)(CUlinkState state, void** image, std::size_t* bytes);
        CUresult (*cuLinkDestroy)(CUlinkState state);
        CUresult (*cuFuncSetAttribute)(CUfunction function, int attribute, int value);
        CUresult (*cuLaunchKernel)(
            CUfunction function,
            unsigned gridX,
            unsigned gridY,
            unsigned gridZ,
            unsigned blockX,
            unsigned blockY,
            unsigned blockZ,
            unsigned sharedBytes,
            CUstream stream,
            void** params,
            void** extra);
        CUresult (*cuLaunchCooperativeKernel)(
            CUfunction function,
            unsigned gridX,
            unsigned gridY,
            unsigned gridZ,
            unsigned blockX,
            unsigned blockY,
            unsigned blockZ,
            unsigned sharedBytes,
            CUstream stream,
            void** params);
        CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(
            int* blocks, CUfunction function, int blockSize, std::size_t dynamicSharedBytes);
    };

    //! The loaded driver, or why none could be loaded.
    struct DriverLoad
    {
        DriverApi const* api = nullptr;
        std::string reason;
    };

    //! Loads the driver once per process: $PYALPAKA_CUDA_DRIVER (a library path) if set, else libcuda.so.1; then
    //! cuInit(0). Never throws.
    [[nodiscard]] auto loadDriver() -> DriverLoad const&;

    //! The loaded driver; throws BackendUnavailable when it is missing.
    [[nodiscard]] auto driver() -> DriverApi const&;

    //! "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
    [[nodiscard]] auto describeError(CUresult result, char const* call) -> std::string;

    //! Throws std::runtime_error naming the call and the error unless result is CUDA_SUCCESS.
    void check(CUresult result, char const* call);

    //! Makes a context current for the lifetime of the scope (driver calls act on the current context). Where it
    //! is current already (the CUDA runtime of CuPy or PyTorch leaves the primary context current on a thread it
    //! used) nothing is pushed: a launch saves two driver calls.
    class ContextScope
    {
    public:
        //! Throws (check) when the context cannot be made current.
        explicit ContextScope(CUcontext context);
        //! For destructors and deleters, which cannot report errors: check entered() before any driver call.
        ContextScope(CUcontext context, std::nothrow_t) noexcept;
        ~ContextScope();
        ContextScope(ContextScope const&) = delete;
        auto operator=(ContextScope const&) -> ContextScope& = delete;

        //! Whether the context is current (always true after the throwing constructor).
        [[nodiscard]] auto entered() const noexcept -> bool
        {
            return m_entered;
        }

    private:
        bool m_entered = false;
        bool m_pushed = false;
    };
} // namespace pyalpaka::rt::cuda

//! Calls a driver entry point and checks its result: CU_CHECK(cuStreamSynchronize, stream).
#define PYALPAKA_CU_CHECK(fn, ...) ::pyalpaka::rt::cuda::check(::pyalpaka::rt::cuda::driver().fn(__VA_ARGS__), #fn)
