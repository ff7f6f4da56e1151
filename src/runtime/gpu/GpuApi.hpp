// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The one interface the runtime's GPU back-ends work through: a table of the GPU API's entry points, filled at run
//! time from the CUDA driver (libcuda, CudaApi.cpp) or the HIP runtime (libamdhip64, HipApi.cpp). The package must
//! build and import without either toolkit, so neither cuda.h nor hip_runtime_api.h is included: the types,
//! constants and signatures are declared here as the libraries' ABIs define them. The two APIs differ in names more
//! than in shape; the table has the CUDA driver's shapes (the `_v2` symbols where it exports versioned ones), the
//! CUDA loader binds its symbols directly, and the HIP loader binds its own where the shape is the same and adapts
//! the rest (HipApi.cpp says how). Status codes the runtime tests (success, out of memory, not ready) have the same
//! values in both.

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <string>

#include "runtime/Runtime.hpp"

namespace pyalpaka::rt::gpu
{
    using Result = int;
    using DeviceOrdinal = int;
    using DevicePtr = unsigned long long;
    using ContextHandle = struct OpaqueContext*;
    using StreamHandle = struct OpaqueStream*;
    using EventHandle = struct OpaqueEvent*;
    using ModuleHandle = struct OpaqueModule*;
    using FunctionHandle = struct OpaqueFunction*;
    using HostFn = void (*)(void* userData);
    using GraphHandle = struct OpaqueGraph*;
    using GraphExecHandle = struct OpaqueGraphExec*;
    using GraphNodeHandle = struct OpaqueGraphNode*;
    using LinkStateHandle = struct OpaqueLinkState*;

    inline constexpr Result success = 0;
    inline constexpr Result errorOutOfMemory = 2;
    inline constexpr Result errorNotReady = 600;

    //! The device attributes the runtime reads; each API has its own code for them (Api::attributeCodes).
    enum class Attribute : int
    {
        MaxThreadsPerBlock,
        MaxBlockDimX,
        MaxBlockDimY,
        MaxBlockDimZ,
        MaxGridDimX,
        MaxGridDimY,
        MaxGridDimZ,
        MaxSharedMemoryPerBlock,
        MaxSharedMemoryPerBlockOptin,
        WarpSize,
        MultiprocessorCount,
        ComputeCapabilityMajor,
        ComputeCapabilityMinor,
        CooperativeLaunch,
        Count
    };

    inline constexpr unsigned streamNonBlocking = 1;
    //! Other threads may call the API while a stream captures.
    inline constexpr int streamCaptureModeRelaxed = 2;
    //! The given nodes replace the capture's current dependencies.
    inline constexpr unsigned streamSetCaptureDependencies = 1;
    //! An event record / wait inside a capture that each replay performs (not only a dependency inside the graph).
    inline constexpr unsigned eventRecordExternal = 1;
    inline constexpr unsigned eventWaitExternal = 1;
    inline constexpr unsigned eventDisableTiming = 2;
    inline constexpr int funcAttributeMaxDynamicSharedSizeBytes = 8;
    //! Page-locked memory that every context may use, mapped into the device's address space (allocMappedBuf).
    inline constexpr unsigned memHostAllocPortable = 1;
    inline constexpr unsigned memHostAllocDeviceMap = 2;

    //! Where a side of a copy is (CUmemorytype values).
    enum MemoryType : int
    {
        MemoryHost = 1,
        MemoryDevice = 2
    };

    //! A pitched 2-D copy (the layout of CUDA_MEMCPY2D).
    struct Memcpy2D
    {
        std::size_t srcXInBytes;
        std::size_t srcY;
        MemoryType srcMemoryType;
        void const* srcHost;
        DevicePtr srcDevice;
        void* srcArray;
        std::size_t srcPitch;
        std::size_t dstXInBytes;
        std::size_t dstY;
        MemoryType dstMemoryType;
        void* dstHost;
        DevicePtr dstDevice;
        void* dstArray;
        std::size_t dstPitch;
        std::size_t widthInBytes;
        std::size_t height;
    };

    //! A pitched 3-D copy (the layout of CUDA_MEMCPY3D).
    struct Memcpy3D
    {
        std::size_t srcXInBytes;
        std::size_t srcY;
        std::size_t srcZ;
        std::size_t srcLOD;
        MemoryType srcMemoryType;
        void const* srcHost;
        DevicePtr srcDevice;
        void* srcArray;
        void* reserved0;
        std::size_t srcPitch;
        std::size_t srcHeight;
        std::size_t dstXInBytes;
        std::size_t dstY;
        std::size_t dstZ;
        std::size_t dstLOD;
        MemoryType dstMemoryType;
        void* dstHost;
        DevicePtr dstDevice;
        void* dstArray;
        void* reserved1;
        std::size_t dstPitch;
        std::size_t dstHeight;
        std::size_t widthInBytes;
        std::size_t height;
        std::size_t depth;
    };

    //! One entry point: the function and the name of the library's function it calls, for error messages.
    template<typename TSignature>
    struct Entry;

    template<typename... TArgs>
    struct Entry<Result(TArgs...)>
    {
        Result (*fn)(TArgs...) = nullptr;
        char const* symbol = "";

        auto operator()(TArgs... args) const -> Result
        {
            return fn(args...);
        }

        //! Whether the library has it (the optional entries; every other one is set once a load succeeded).
        explicit operator bool() const noexcept
        {
            return fn != nullptr;
        }
    };

    //! A loaded GPU API: what the back-end is called, and its entry points.
    struct Api
    {
        char const* backend = ""; //!< "cuda" or "hip"
        char const* accName = ""; //!< the alpaka accelerator the back-end stands for
        char const* vendor = "";  //!< "CUDA" or "HIP", in messages
        std::string library;      //!< the library loaded
        MemorySpace memorySpace = MemorySpace::Host;
        bool nvtx = false; //!< whether launches open NVTX ranges (runtime/Nvtx.hpp)
        std::array<int, static_cast<std::size_t>(Attribute::Count)> attributeCodes{};
        //! The architecture compilers target on a device ("sm_90", "gfx90a"; "emulated" on the emulated GPU).
        std::string (*architecture)(Api const& api, DeviceOrdinal device) = nullptr;
        //! The library is the emulated GPU (src/emulator/, PYALPAKA_GPU_EMULATOR): its modules are compiled by the host
        //! compiler, its memory is host memory that no other library may take for a GPU's.
        bool emulated = false;
        //! The emulator's detail of the calling thread's last failed call (null for a real driver), in messages.
        char const* (*detail)() = nullptr;

        Entry<Result(unsigned flags)> init;
        Entry<Result(Result error, char const** name)> getErrorName;
        Entry<Result(Result error, char const** text)> getErrorString;
        Entry<Result(int* count)> deviceGetCount;
        Entry<Result(DeviceOrdinal* device, int ordinal)> deviceGet;
        Entry<Result(char* name, int length, DeviceOrdinal device)> deviceGetName;
        Entry<Result(std::size_t* bytes, DeviceOrdinal device)> deviceTotalMem;
        Entry<Result(int* value, int attribute, DeviceOrdinal device)> deviceGetAttribute;
        Entry<Result(ContextHandle* context, DeviceOrdinal device)> devicePrimaryCtxRetain;
        Entry<Result(DeviceOrdinal device)> devicePrimaryCtxRelease;
        Entry<Result(ContextHandle* context)> ctxGetCurrent;
        Entry<Result(ContextHandle context)> ctxPushCurrent;
        Entry<Result(ContextHandle* context)> ctxPopCurrent;
        Entry<Result()> ctxSynchronize;
        Entry<Result(std::size_t* free, std::size_t* total)> memGetInfo;
        Entry<Result(DevicePtr* pointer, std::size_t bytes)> memAlloc;
        Entry<Result(DevicePtr pointer)> memFree;
        // Page-locked host memory (flags: memHostAlloc*).
        Entry<Result(void** pointer, std::size_t bytes, unsigned flags)> memHostAlloc;
        Entry<Result(void* pointer)> memFreeHost;
        Entry<Result(Memcpy2D const* copy, StreamHandle stream)> memcpy2DAsync;
        Entry<Result(Memcpy3D const* copy, StreamHandle stream)> memcpy3DAsync;
        Entry<Result(DevicePtr dst, unsigned char value, std::size_t count, StreamHandle stream)> memsetD8Async;
        Entry<Result(
            DevicePtr dst,
            std::size_t pitch,
            unsigned char value,
            std::size_t width,
            std::size_t height,
            StreamHandle stream)>
            memsetD2D8Async;
        Entry<Result(StreamHandle* stream, unsigned flags)> streamCreate;
        Entry<Result(StreamHandle stream)> streamDestroy;
        Entry<Result(StreamHandle stream)> streamSynchronize;
        Entry<Result(StreamHandle stream)> streamQuery;
        Entry<Result(StreamHandle stream, EventHandle event, unsigned flags)> streamWaitEvent;
        Entry<Result(StreamHandle stream, HostFn fn, void* userData)> launchHostFunc;
        Entry<Result(StreamHandle stream, int mode)> streamBeginCapture;
        Entry<Result(StreamHandle stream, GraphHandle* graph)> streamEndCapture;
        // Adding a graph to a capture as one node (cuGraphLaunch is refused while the stream captures); the edge
        // data (CUgraphEdgeData) is not used: default edges.
        Entry<Result(
            StreamHandle stream,
            int* status,
            unsigned long long* id,
            GraphHandle* graph,
            GraphNodeHandle const** dependencies,
            void const** edgeData,
            std::size_t* count)>
            streamGetCaptureInfo;
        Entry<Result(
            StreamHandle stream,
            GraphNodeHandle* dependencies,
            void const* edgeData,
            std::size_t count,
            unsigned flags)>
            streamUpdateCaptureDependencies;
        Entry<Result(
            GraphNodeHandle* node,
            GraphHandle graph,
            GraphNodeHandle const* dependencies,
            std::size_t count,
            GraphHandle child)>
            graphAddChildGraphNode;
        Entry<Result(GraphExecHandle* exec, GraphHandle graph, unsigned long long flags)> graphInstantiateWithFlags;
        Entry<Result(GraphHandle graph, GraphNodeHandle* nodes, std::size_t* count)> graphGetNodes;
        Entry<Result(GraphExecHandle exec, StreamHandle stream)> graphLaunch;
        Entry<Result(GraphExecHandle exec)> graphExecDestroy;
        Entry<Result(GraphHandle graph)> graphDestroy;
        Entry<Result(EventHandle event, StreamHandle stream, unsigned flags)> eventRecordWithFlags;
        Entry<Result(EventHandle* event, unsigned flags)> eventCreate;
        Entry<Result(EventHandle event)> eventDestroy;
        Entry<Result(EventHandle event, StreamHandle stream)> eventRecord;
        Entry<Result(EventHandle event)> eventQuery;
        Entry<Result(EventHandle event)> eventSynchronize;
        // CUDA: the first version's symbol, which every driver has (cuda.h of CUDA 13 names cuEventElapsedTime_v2
        // under this name; the signature is the same).
        Entry<Result(float* milliseconds, EventHandle start, EventHandle end)> eventElapsedTime;
        Entry<Result(ModuleHandle* module, void const* image)> moduleLoadData;
        Entry<Result(ModuleHandle module)> moduleUnload;
        Entry<Result(FunctionHandle* function, ModuleHandle module, char const* name)> moduleGetFunction;
        Entry<Result(DevicePtr* pointer, std::size_t* bytes, ModuleHandle module, char const* name)> moduleGetGlobal;
        // CUDA's PTX compiler, for GpuDevice::linkPtx (options: CUjit_option values and their values); null on HIP.
        Entry<Result(unsigned optionCount, int* options, void** optionValues, LinkStateHandle* state)> linkCreate;
        Entry<Result(
            LinkStateHandle state,
            int inputType,
            void* data,
            std::size_t bytes,
            char const* name,
            unsigned optionCount,
            int* options,
            void** optionValues)>
            linkAddData;
        Entry<Result(LinkStateHandle state, void** image, std::size_t* bytes)> linkComplete;
        Entry<Result(LinkStateHandle state)> linkDestroy;
        Entry<Result(FunctionHandle function, int attribute, int value)> funcSetAttribute;
        Entry<Result(
            FunctionHandle function,
            unsigned gridX,
            unsigned gridY,
            unsigned gridZ,
            unsigned blockX,
            unsigned blockY,
            unsigned blockZ,
            unsigned sharedBytes,
            StreamHandle stream,
            void** params,
            void** extra)>
            launchKernel;
        Entry<Result(
            FunctionHandle function,
            unsigned gridX,
            unsigned gridY,
            unsigned gridZ,
            unsigned blockX,
            unsigned blockY,
            unsigned blockZ,
            unsigned sharedBytes,
            StreamHandle stream,
            void** params)>
            launchCooperativeKernel;
        Entry<Result(int* blocks, FunctionHandle function, int blockSize, std::size_t dynamicSharedBytes)>
            occupancyMaxActiveBlocksPerMultiprocessor;
    };

    //! A loaded API, or why none could be loaded.
    struct ApiLoad
    {
        Api const* api = nullptr;
        std::string reason;
    };

    //! The CUDA driver, loaded once per process: $PYALPAKA_CUDA_DRIVER (a library path) if set, else libcuda.so.1;
    //! then cuInit(0). Never throws.
    [[nodiscard]] auto loadCuda() -> ApiLoad const&;

    //! The HIP runtime, loaded once per process: $PYALPAKA_HIP_LIBRARY (a library path) if set, else
    //! libamdhip64.so (then its versioned names, and under $ROCM_PATH and /opt/rocm); then hipInit(0). Never throws.
    [[nodiscard]] auto loadHip() -> ApiLoad const&;

    //! `load()`, or the emulated GPU (src/emulator/, libpyalpaka_gpu_emulator.so beside this extension) as back-end
    //! `backend` ("cuda" or "hip") where PYALPAKA_GPU_EMULATOR names it: its entry points have the CUDA driver's
    //! shapes, so both back-ends bind them directly. A value other than cuda or hip makes both unavailable, saying so.
    //! Never throws.
    [[nodiscard]] auto loadOrEmulate(char const* backend, ApiLoad (*load)()) -> ApiLoad;

    //! The end of a loader: `api` (every field set) when `missing` is null and init(0) succeeds, else why not, naming
    //! the missing symbol or init's error. `what` says what the library should have been ("CUDA driver").
    [[nodiscard]] auto completeLoad(Api const* api, char const* missing, char const* what) -> ApiLoad;

    //! "cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (2: out of memory)".
    [[nodiscard]] auto describeError(Api const& api, Result result, char const* call) -> std::string;

    //! Throws std::runtime_error (OutOfMemory for out of memory) naming the call and the error unless result is
    //! success.
    void check(Api const& api, Result result, char const* call);

    //! Makes a device's context current for the lifetime of the scope (API calls act on the current context; HIP's
    //! is its current device). Where it is current already (the runtime of CuPy or PyTorch leaves the primary context
    //! current on a thread it used) nothing is pushed: a launch saves two calls.
    class ContextScope
    {
    public:
        //! Throws (check) when the context cannot be made current.
        ContextScope(Api const& api, ContextHandle context);
        //! For destructors and deleters, which cannot report errors: check entered() before any API call.
        ContextScope(Api const& api, ContextHandle context, std::nothrow_t) noexcept;
        ~ContextScope();
        ContextScope(ContextScope const&) = delete;
        auto operator=(ContextScope const&) -> ContextScope& = delete;

        //! Whether the context is current (always true after the throwing constructor).
        [[nodiscard]] auto entered() const noexcept -> bool
        {
            return m_entered;
        }

    private:
        Api const& m_api;
        bool m_entered = false;
        bool m_pushed = false;
    };
} // namespace pyalpaka::rt::gpu

//! Calls an entry point and checks its result: PYALPAKA_GPU_CHECK(api(), streamSynchronize, stream).
#define PYALPAKA_GPU_CHECK(api, fn, ...) ::pyalpaka::rt::gpu::check((api), (api).fn(__VA_ARGS__), (api).fn.symbol)
