// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The HIP runtime (libamdhip64) as the runtime's GPU API. Where a HIP function has the table's shape it is bound
//! directly; the rest go through the adapters below, which call the HIP function the table names in messages:
//! - device pointers: HIP's are `void*`, the table's an integer of the same size;
//! - contexts: HIP's are deprecated, a device is made current with hipSetDevice instead, so a "context" here is its
//!   device's number plus one and a thread keeps the devices it left on a stack;
//! - copies and fills: the table's 2-D/3-D descriptors become hipMemcpy2DAsync / hipMemcpy3DAsync with
//!   hipMemcpyDefault (HIP tells host from device memory itself), and hipMemset2DAsync;
//! - capture: HIP's capture info and dependency update have no edge data (the runtime passes none);
//! - functions older runtimes lack (hipLaunchHostFunc, hipEventRecordWithFlags): the older equivalent where one
//!   exists; hipModuleLaunchCooperativeKernel is optional (a cooperative launch then says it needs a newer ROCm);
//! - the architecture: gcnArchName of hipDeviceProp_t, whose layout ROCm 6 changed (the symbol says which layout).
//!
//! One file of some 470 lines: each adapter is bound in resolve() below, next to the HIP function it calls, so that a
//! reader compares the adapters with the one list of bindings (as CudaApi.cpp's list with the driver's names).

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <dlfcn.h>

#include "GpuApi.hpp"
#include "HipAbi.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        using namespace hip_abi;

        using HipStreamCallback = void (*)(StreamHandle stream, Result status, void* userData);

        //! The HIP functions the adapters call.
        struct HipFunctions
        {
            char const* (*getErrorName)(Result) = nullptr;
            char const* (*getErrorString)(Result) = nullptr;
            Result (*getDevice)(int*) = nullptr;
            Result (*setDevice)(int) = nullptr;
            Result (*malloc)(void**, std::size_t) = nullptr;
            Result (*free)(void*) = nullptr;
            Result (*memcpy2DAsync)(
                void*, std::size_t, void const*, std::size_t, std::size_t, std::size_t, int, StreamHandle)
                = nullptr;
            Result (*memcpy3DAsync)(HipMemcpy3DParms const*, StreamHandle) = nullptr;
            Result (*memsetD8Async)(void*, unsigned char, std::size_t, StreamHandle) = nullptr;
            Result (*memset2DAsync)(void*, std::size_t, int, std::size_t, std::size_t, StreamHandle) = nullptr;
            Result (*streamAddCallback)(StreamHandle, HipStreamCallback, void*, unsigned) = nullptr;
            Result (*eventRecord)(EventHandle, StreamHandle) = nullptr;
            Result (*streamGetCaptureInfo)(
                StreamHandle, int*, unsigned long long*, GraphHandle*, GraphNodeHandle const**, std::size_t*)
                = nullptr;
            Result (*streamUpdateCaptureDependencies)(StreamHandle, GraphNodeHandle*, std::size_t, unsigned) = nullptr;
            Result (*moduleGetGlobal)(void**, std::size_t*, ModuleHandle, char const*) = nullptr;
            Result (*getDeviceProperties)(void*, int) = nullptr;
            std::size_t gcnArchNameOffset = 0;
        };

        //! Set once, before the table is published (loadHip).
        HipFunctions hip;

        auto toPointer(DevicePtr p) -> void*
        {
            return reinterpret_cast<void*>(static_cast<std::uintptr_t>(p));
        }

        auto toDevicePtr(void* p) -> DevicePtr
        {
            return static_cast<DevicePtr>(reinterpret_cast<std::uintptr_t>(p));
        }

        auto contextOf(int device) -> ContextHandle
        {
            return reinterpret_cast<ContextHandle>(static_cast<std::uintptr_t>(device) + 1);
        }

        auto deviceOf(ContextHandle context) -> int
        {
            return static_cast<int>(reinterpret_cast<std::uintptr_t>(context) - 1);
        }

        //! The devices this thread was on before each ContextScope that changed it.
        thread_local std::vector<int> previousDevices;

        auto getErrorName(Result error, char const** name) -> Result
        {
            *name = hip.getErrorName(error);
            return success;
        }

        auto getErrorString(Result error, char const** text) -> Result
        {
            *text = hip.getErrorString(error);
            return success;
        }

        auto devicePrimaryCtxRetain(ContextHandle* context, DeviceOrdinal device) -> Result
        {
            *context = contextOf(device);
            return success;
        }

        auto devicePrimaryCtxRelease(DeviceOrdinal) -> Result
        {
            return success;
        }

        auto ctxGetCurrent(ContextHandle* context) -> Result
        {
            int device = 0;
            Result const status = hip.getDevice(&device);
            *context = status == success ? contextOf(device) : nullptr;
            return status;
        }

        auto ctxPushCurrent(ContextHandle context) -> Result
        {
            int previous = 0;
            if(Result const status = hip.getDevice(&previous); status != success)
                return status;
            if(Result const status = hip.setDevice(deviceOf(context)); status != success)
                return status;
            previousDevices.push_back(previous);
            return success;
        }

        auto ctxPopCurrent(ContextHandle* context) -> Result
        {
            if(previousDevices.empty())
                return hipErrorInvalidContext;
            (void)ctxGetCurrent(context);
            int const previous = previousDevices.back();
            previousDevices.pop_back();
            return hip.setDevice(previous);
        }

        auto memAlloc(DevicePtr* pointer, std::size_t bytes) -> Result
        {
            void* p = nullptr;
            Result const status = hip.malloc(&p, bytes);
            *pointer = toDevicePtr(p);
            return status;
        }

        auto memFree(DevicePtr pointer) -> Result
        {
            return hip.free(toPointer(pointer));
        }

        template<typename TCopy>
        auto source(TCopy const& c) -> void const*
        {
            return c.srcMemoryType == MemoryHost ? c.srcHost : toPointer(c.srcDevice);
        }

        template<typename TCopy>
        auto destination(TCopy const& c) -> void*
        {
            return c.dstMemoryType == MemoryHost ? c.dstHost : toPointer(c.dstDevice);
        }

        auto memcpy2DAsync(Memcpy2D const* c, StreamHandle stream) -> Result
        {
            auto const* src = static_cast<char const*>(source(*c)) + c->srcY * c->srcPitch + c->srcXInBytes;
            auto* dst = static_cast<char*>(destination(*c)) + c->dstY * c->dstPitch + c->dstXInBytes;
            return hip.memcpy2DAsync(
                dst, c->dstPitch, src, c->srcPitch, c->widthInBytes, c->height, hipMemcpyDefault, stream);
        }

        auto memcpy3DAsync(Memcpy3D const* c, StreamHandle stream) -> Result
        {
            HipMemcpy3DParms p{};
            p.srcPos = {c->srcXInBytes, c->srcY, c->srcZ};
            p.srcPtr = {const_cast<void*>(source(*c)), c->srcPitch, c->srcPitch, c->srcHeight};
            p.dstPos = {c->dstXInBytes, c->dstY, c->dstZ};
            p.dstPtr = {destination(*c), c->dstPitch, c->dstPitch, c->dstHeight};
            p.extent = {c->widthInBytes, c->height, c->depth};
            p.kind = hipMemcpyDefault;
            return hip.memcpy3DAsync(&p, stream);
        }

        auto memsetD8Async(DevicePtr dst, unsigned char value, std::size_t count, StreamHandle stream) -> Result
        {
            return hip.memsetD8Async(toPointer(dst), value, count, stream);
        }

        auto memsetD2D8Async(
            DevicePtr dst,
            std::size_t pitch,
            unsigned char value,
            std::size_t width,
            std::size_t height,
            StreamHandle stream) -> Result
        {
            return hip.memset2DAsync(toPointer(dst), pitch, value, width, height, stream);
        }

        //! hipLaunchHostFunc of runtimes that lack it: a stream callback, which gets the host function and its
        //! argument through a small allocation it frees.
        struct HostCall
        {
            HostFn fn;
            void* userData;
        };

        void runHostCall(StreamHandle, Result, void* userData)
        {
            std::unique_ptr<HostCall> const call(static_cast<HostCall*>(userData));
            call->fn(call->userData);
        }

        auto launchHostFuncByCallback(StreamHandle stream, HostFn fn, void* userData) -> Result
        {
            // A stream callback is not captured (and would run once, freeing its HostCall): refused in a capture.
            int captureStatus = 0;
            if(hip.streamGetCaptureInfo(stream, &captureStatus, nullptr, nullptr, nullptr, nullptr) == success
               && captureStatus != 0)
                return hipErrorStreamCaptureUnsupported;
            auto call = std::make_unique<HostCall>(HostCall{fn, userData});
            Result const status = hip.streamAddCallback(stream, &runHostCall, call.get(), 0);
            if(status == success)
                (void)call.release(); // freed by runHostCall
            return status;
        }

        //! hipEventRecordWithFlags of runtimes that lack it: plain records only.
        auto eventRecordWithoutFlags(EventHandle event, StreamHandle stream, unsigned flags) -> Result
        {
            return flags == 0 ? hip.eventRecord(event, stream) : hipErrorNotSupported;
        }

        auto streamGetCaptureInfo(
            StreamHandle stream,
            int* status,
            unsigned long long* id,
            GraphHandle* graph,
            GraphNodeHandle const** dependencies,
            void const** edgeData,
            std::size_t* count) -> Result
        {
            if(edgeData != nullptr)
                *edgeData = nullptr;
            return hip.streamGetCaptureInfo(stream, status, id, graph, dependencies, count);
        }

        auto streamUpdateCaptureDependencies(
            StreamHandle stream, GraphNodeHandle* dependencies, void const* edgeData, std::size_t count, unsigned flags)
            -> Result
        {
            if(edgeData != nullptr)
                return hipErrorNotSupported;
            return hip.streamUpdateCaptureDependencies(stream, dependencies, count, flags);
        }

        auto moduleGetGlobal(DevicePtr* pointer, std::size_t* bytes, ModuleHandle module, char const* name) -> Result
        {
            void* p = nullptr;
            Result const status = hip.moduleGetGlobal(&p, bytes, module, name);
            *pointer = toDevicePtr(p);
            return status;
        }

        //! "gfx90a" of gcnArchName "gfx90a:sramecc+:xnack-": the target compilers take (the features are the
        //! device's settings, which code objects built without them run under).
        auto hipArchitecture(Api const& api, DeviceOrdinal device) -> std::string
        {
            // Aligned as the structure is, and zeroed: an unterminated name reads as far as the field goes.
            auto const buffer = std::make_unique<std::max_align_t[]>(devicePropBufferBytes / sizeof(std::max_align_t));
            std::memset(buffer.get(), 0, devicePropBufferBytes);
            check(api, hip.getDeviceProperties(buffer.get(), device), "hipGetDeviceProperties");
            auto const* name = reinterpret_cast<char const*>(buffer.get()) + hip.gcnArchNameOffset;
            std::string arch(name, ::strnlen(name, gcnArchNameBytes));
            return arch.substr(0, arch.find(':'));
        }

        //! The library: $PYALPAKA_HIP_LIBRARY, else the names and folders ROCm installs it under.
        auto openLibrary(std::string& library, std::string& reason) -> void*
        {
            char const* override = std::getenv("PYALPAKA_HIP_LIBRARY");
            if(override != nullptr && *override != '\0')
            {
                library = override;
                void* handle = ::dlopen(override, RTLD_NOW | RTLD_LOCAL);
                if(handle == nullptr)
                {
                    char const* error = ::dlerror();
                    reason = "PYALPAKA_HIP_LIBRARY=" + library + " cannot be loaded (" + (error ? error : "?") + ")";
                }
                return handle;
            }
            std::vector<std::string> candidates{
                "libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"};
            for(char const* variable : {"ROCM_PATH", "HIP_PATH"})
                if(char const* root = std::getenv(variable); root != nullptr && *root != '\0')
                    candidates.push_back(std::string(root) + "/lib/libamdhip64.so");
            candidates.emplace_back("/opt/rocm/lib/libamdhip64.so");
            std::string firstError;
            for(auto const& candidate : candidates)
            {
                if(void* handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL))
                {
                    library = candidate;
                    return handle;
                }
                if(firstError.empty())
                    if(char const* error = ::dlerror())
                        firstError = error;
            }
            reason = "no HIP runtime found (" + firstError + ")";
            return nullptr;
        }

        //! Binds every entry point and adapter; returns the first missing symbol's name, or null.
        auto resolve(void* handle, Api& api) -> char const*
        {
            char const* missing = nullptr;
            auto find = [&](char const* symbol, bool required = true) -> void*
            {
                void* found = ::dlsym(handle, symbol);
                if(found == nullptr && required && missing == nullptr)
                    missing = symbol;
                return found;
            };
            // An entry bound to the HIP function of the same shape.
            auto bind = [&](auto& entry, char const* symbol, bool required = true)
            {
                entry.fn = reinterpret_cast<decltype(entry.fn)>(find(symbol, required));
                entry.symbol = symbol;
            };
            // An entry bound to an adapter over `symbol`, which `into` keeps for it.
            auto adapt = [&](auto& entry, auto* adapter, char const* symbol, auto& into)
            {
                into = reinterpret_cast<std::remove_reference_t<decltype(into)>>(find(symbol));
                entry.fn = adapter;
                entry.symbol = symbol;
            };
            // An entry bound to an adapter over functions bound for other entries (or none).
            auto useAdapter = [&](auto& entry, auto* adapter, char const* symbol)
            {
                entry.fn = adapter;
                entry.symbol = symbol;
            };

            bind(api.init, "hipInit");
            adapt(api.getErrorName, &getErrorName, "hipGetErrorName", hip.getErrorName);
            adapt(api.getErrorString, &getErrorString, "hipGetErrorString", hip.getErrorString);
            bind(api.deviceGetCount, "hipGetDeviceCount");
            bind(api.deviceGet, "hipDeviceGet");
            bind(api.deviceGetName, "hipDeviceGetName");
            bind(api.deviceTotalMem, "hipDeviceTotalMem");
            bind(api.deviceGetAttribute, "hipDeviceGetAttribute");
            useAdapter(api.devicePrimaryCtxRetain, &devicePrimaryCtxRetain, "hipSetDevice");
            useAdapter(api.devicePrimaryCtxRelease, &devicePrimaryCtxRelease, "hipSetDevice");
            adapt(api.ctxGetCurrent, &ctxGetCurrent, "hipGetDevice", hip.getDevice);
            adapt(api.ctxPushCurrent, &ctxPushCurrent, "hipSetDevice", hip.setDevice);
            useAdapter(api.ctxPopCurrent, &ctxPopCurrent, "hipSetDevice");
            bind(api.ctxSynchronize, "hipDeviceSynchronize");
            bind(api.memGetInfo, "hipMemGetInfo");
            adapt(api.memAlloc, &memAlloc, "hipMalloc", hip.malloc);
            adapt(api.memFree, &memFree, "hipFree", hip.free);
            bind(api.memHostAlloc, "hipHostMalloc");
            bind(api.memFreeHost, "hipHostFree");
            adapt(api.memcpy2DAsync, &memcpy2DAsync, "hipMemcpy2DAsync", hip.memcpy2DAsync);
            adapt(api.memcpy3DAsync, &memcpy3DAsync, "hipMemcpy3DAsync", hip.memcpy3DAsync);
            adapt(api.memsetD8Async, &memsetD8Async, "hipMemsetD8Async", hip.memsetD8Async);
            adapt(api.memsetD2D8Async, &memsetD2D8Async, "hipMemset2DAsync", hip.memset2DAsync);
            bind(api.streamCreate, "hipStreamCreateWithFlags");
            bind(api.streamDestroy, "hipStreamDestroy");
            bind(api.streamSynchronize, "hipStreamSynchronize");
            bind(api.streamQuery, "hipStreamQuery");
            bind(api.streamWaitEvent, "hipStreamWaitEvent");
            bind(api.launchHostFunc, "hipLaunchHostFunc", false);
            if(!api.launchHostFunc)
            {
                adapt(api.launchHostFunc, &launchHostFuncByCallback, "hipStreamAddCallback", hip.streamAddCallback);
                api.launchHostFunc.symbol
                    = "hipStreamAddCallback (this ROCm has no hipLaunchHostFunc, which graphs need: ROCm 5.3 has it)";
            }
            bind(api.streamBeginCapture, "hipStreamBeginCapture");
            bind(api.streamEndCapture, "hipStreamEndCapture");
            adapt(
                api.streamGetCaptureInfo,
                &streamGetCaptureInfo,
                "hipStreamGetCaptureInfo_v2",
                hip.streamGetCaptureInfo);
            adapt(
                api.streamUpdateCaptureDependencies,
                &streamUpdateCaptureDependencies,
                "hipStreamUpdateCaptureDependencies",
                hip.streamUpdateCaptureDependencies);
            bind(api.graphAddChildGraphNode, "hipGraphAddChildGraphNode");
            bind(api.graphInstantiateWithFlags, "hipGraphInstantiateWithFlags");
            bind(api.graphGetNodes, "hipGraphGetNodes");
            bind(api.graphLaunch, "hipGraphLaunch");
            bind(api.graphExecDestroy, "hipGraphExecDestroy");
            bind(api.graphDestroy, "hipGraphDestroy");
            bind(api.eventCreate, "hipEventCreateWithFlags");
            bind(api.eventDestroy, "hipEventDestroy");
            bind(api.eventRecord, "hipEventRecord");
            hip.eventRecord = api.eventRecord.fn;
            bind(api.eventRecordWithFlags, "hipEventRecordWithFlags", false);
            if(!api.eventRecordWithFlags)
                useAdapter(
                    api.eventRecordWithFlags,
                    &eventRecordWithoutFlags,
                    "hipEventRecord (this ROCm has no hipEventRecordWithFlags, which an event recorded in a graph "
                    "needs: ROCm 6.4 has it)");
            bind(api.eventQuery, "hipEventQuery");
            bind(api.eventSynchronize, "hipEventSynchronize");
            bind(api.eventElapsedTime, "hipEventElapsedTime");
            bind(api.moduleLoadData, "hipModuleLoadData");
            bind(api.moduleUnload, "hipModuleUnload");
            bind(api.moduleGetFunction, "hipModuleGetFunction");
            adapt(api.moduleGetGlobal, &moduleGetGlobal, "hipModuleGetGlobal", hip.moduleGetGlobal);
            // No PTX linker (linkCreate ... stay null), no opt-in for dynamic shared memory (funcSetAttribute):
            // an AMD GPU's kernel may use all of a block's shared memory without one.
            bind(api.launchKernel, "hipModuleLaunchKernel");
            bind(api.launchCooperativeKernel, "hipModuleLaunchCooperativeKernel", false);
            bind(api.occupancyMaxActiveBlocksPerMultiprocessor, "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor");
            hip.getDeviceProperties
                = reinterpret_cast<decltype(hip.getDeviceProperties)>(find("hipGetDevicePropertiesR0600", false));
            hip.gcnArchNameOffset = gcnArchNameOffsetR0600;
            if(hip.getDeviceProperties == nullptr)
            {
                hip.getDeviceProperties
                    = reinterpret_cast<decltype(hip.getDeviceProperties)>(find("hipGetDeviceProperties"));
                hip.gcnArchNameOffset = gcnArchNameOffsetR0000;
            }
            return missing;
        }

        auto load() -> ApiLoad
        {
            std::string library;
            std::string reason;
            // Never closed: queued work and buffers may use the runtime until the process ends.
            void* handle = openLibrary(library, reason);
            if(handle == nullptr)
                return {nullptr, reason};
            auto* api = new Api{}; // leaked with the library, for the same reason
            api->backend = "hip";
            api->accName = "AccGpuHipRt";
            api->vendor = "HIP";
            api->library = library;
            api->memorySpace = MemorySpace::Hip;
            api->attributeCodes = hipAttributeCodes;
            api->architecture = &hipArchitecture;
            return completeLoad(api, resolve(handle, *api), "HIP runtime");
        }
    } // namespace

    auto loadHip() -> ApiLoad const&
    {
        static ApiLoad const loaded = loadOrEmulate("hip", &load);
        return loaded;
    }
} // namespace pyalpaka::rt::gpu
