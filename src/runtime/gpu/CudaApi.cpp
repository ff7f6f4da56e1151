// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The CUDA driver as the runtime's GPU API: its entry points have the table's shapes, so each is bound directly.

#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

#include <dlfcn.h>

#include "CudaAbi.hpp"
#include "GpuApi.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        auto cudaArchitecture(Api const& api, DeviceOrdinal device) -> std::string
        {
            int major = 0;
            int minor = 0;
            auto code = [&](Attribute a) { return api.attributeCodes[static_cast<std::size_t>(a)]; };
            PYALPAKA_GPU_CHECK(api, deviceGetAttribute, &major, code(Attribute::ComputeCapabilityMajor), device);
            PYALPAKA_GPU_CHECK(api, deviceGetAttribute, &minor, code(Attribute::ComputeCapabilityMinor), device);
            return "sm_" + std::to_string(major) + std::to_string(minor);
        }

        //! Resolves every entry point; returns the first missing symbol's name, or null when all were found.
        auto resolve(void* handle, Api& api) -> char const*
        {
            char const* missing = nullptr;
            auto bind = [&](auto& entry, char const* symbol)
            {
                entry.fn = reinterpret_cast<decltype(entry.fn)>(::dlsym(handle, symbol));
                entry.symbol = symbol;
                if(entry.fn == nullptr && missing == nullptr)
                    missing = symbol;
            };
            bind(api.init, "cuInit");
            bind(api.getErrorName, "cuGetErrorName");
            bind(api.getErrorString, "cuGetErrorString");
            bind(api.deviceGetCount, "cuDeviceGetCount");
            bind(api.deviceGet, "cuDeviceGet");
            bind(api.deviceGetName, "cuDeviceGetName");
            bind(api.deviceTotalMem, "cuDeviceTotalMem_v2");
            bind(api.deviceGetAttribute, "cuDeviceGetAttribute");
            bind(api.devicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
            bind(api.devicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
            bind(api.ctxGetCurrent, "cuCtxGetCurrent");
            bind(api.ctxPushCurrent, "cuCtxPushCurrent_v2");
            bind(api.ctxPopCurrent, "cuCtxPopCurrent_v2");
            bind(api.ctxSynchronize, "cuCtxSynchronize");
            bind(api.memGetInfo, "cuMemGetInfo_v2");
            bind(api.memAlloc, "cuMemAlloc_v2");
            bind(api.memFree, "cuMemFree_v2");
            bind(api.memHostAlloc, "cuMemHostAlloc");
            bind(api.memFreeHost, "cuMemFreeHost");
            bind(api.memcpy2DAsync, "cuMemcpy2DAsync_v2");
            bind(api.memcpy3DAsync, "cuMemcpy3DAsync_v2");
            bind(api.memsetD8Async, "cuMemsetD8Async");
            bind(api.memsetD2D8Async, "cuMemsetD2D8Async");
            bind(api.streamCreate, "cuStreamCreate");
            bind(api.streamDestroy, "cuStreamDestroy_v2");
            bind(api.streamSynchronize, "cuStreamSynchronize");
            bind(api.streamQuery, "cuStreamQuery");
            bind(api.streamWaitEvent, "cuStreamWaitEvent");
            bind(api.launchHostFunc, "cuLaunchHostFunc");
            bind(api.streamBeginCapture, "cuStreamBeginCapture_v2");
            bind(api.streamEndCapture, "cuStreamEndCapture");
            bind(api.streamGetCaptureInfo, "cuStreamGetCaptureInfo_v3");
            bind(api.streamUpdateCaptureDependencies, "cuStreamUpdateCaptureDependencies_v2");
            bind(api.graphAddChildGraphNode, "cuGraphAddChildGraphNode");
            bind(api.graphInstantiateWithFlags, "cuGraphInstantiateWithFlags");
            bind(api.graphGetNodes, "cuGraphGetNodes");
            bind(api.graphLaunch, "cuGraphLaunch");
            bind(api.graphExecDestroy, "cuGraphExecDestroy");
            bind(api.graphDestroy, "cuGraphDestroy");
            bind(api.eventRecordWithFlags, "cuEventRecordWithFlags");
            bind(api.eventCreate, "cuEventCreate");
            bind(api.eventDestroy, "cuEventDestroy_v2");
            bind(api.eventRecord, "cuEventRecord");
            bind(api.eventQuery, "cuEventQuery");
            bind(api.eventSynchronize, "cuEventSynchronize");
            bind(api.eventElapsedTime, "cuEventElapsedTime");
            bind(api.moduleLoadData, "cuModuleLoadData");
            bind(api.moduleUnload, "cuModuleUnload");
            bind(api.moduleGetFunction, "cuModuleGetFunction");
            bind(api.moduleGetGlobal, "cuModuleGetGlobal_v2");
            bind(api.linkCreate, "cuLinkCreate_v2");
            bind(api.linkAddData, "cuLinkAddData_v2");
            bind(api.linkComplete, "cuLinkComplete");
            bind(api.linkDestroy, "cuLinkDestroy");
            bind(api.funcSetAttribute, "cuFuncSetAttribute");
            bind(api.launchKernel, "cuLaunchKernel");
            bind(api.launchCooperativeKernel, "cuLaunchCooperativeKernel");
            bind(api.occupancyMaxActiveBlocksPerMultiprocessor, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
            return missing;
        }

        auto emulatedArchitecture(Api const&, DeviceOrdinal) -> std::string
        {
            return "emulated";
        }

        auto load() -> ApiLoad
        {
            char const* override = std::getenv("PYALPAKA_CUDA_DRIVER");
            bool const explicitPath = override != nullptr && *override != '\0';
            std::string const library = explicitPath ? override : "libcuda.so.1";
            // Never closed: queued work and buffers may use the driver until the process ends.
            void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
            if(handle == nullptr)
            {
                char const* error = ::dlerror();
                std::string const detail = error ? error : library;
                if(explicitPath)
                    return {nullptr, "PYALPAKA_CUDA_DRIVER=" + library + " cannot be loaded (" + detail + ")"};
                return {nullptr, "no CUDA driver found (" + detail + ")"};
            }
            auto* api = new Api{}; // leaked with the library, for the same reason
            api->backend = "cuda";
            api->accName = "AccGpuCudaRt";
            api->vendor = "CUDA";
            api->library = library;
            api->memorySpace = MemorySpace::Cuda;
            api->nvtx = true;
            api->attributeCodes = cuda_abi::cudaAttributeCodes;
            api->architecture = &cudaArchitecture;
            return completeLoad(api, resolve(handle, *api), "CUDA driver");
        }
    } // namespace

    auto loadOrEmulate(char const* backend, ApiLoad (*load)()) -> ApiLoad
    {
        char const* wanted = std::getenv("PYALPAKA_GPU_EMULATOR");
        std::string_view const named = wanted != nullptr ? wanted : "";
        if(named.empty() || named == "0")
            return load();
        if(named != "cuda" && named != "hip")
            return {
                nullptr,
                "PYALPAKA_GPU_EMULATOR=" + std::string(named)
                    + " is not a back-end the emulated GPU stands for (cuda or hip)"};
        if(named != backend)
            return load();
        ::Dl_info self{};
        if(::dladdr(reinterpret_cast<void const*>(&loadOrEmulate), &self) == 0 || self.dli_fname == nullptr)
            return {nullptr, "PYALPAKA_GPU_EMULATOR: the folder of pyalpaka's extension cannot be found"};
        std::string library = self.dli_fname;
        library.erase(library.find_last_of('/') + 1);
        library += "libpyalpaka_gpu_emulator.so";
        void* handle = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL); // never closed, as the driver
        if(handle == nullptr)
        {
            char const* error = ::dlerror();
            return {
                nullptr,
                "PYALPAKA_GPU_EMULATOR: the emulated GPU " + library + " cannot be loaded (" + (error ? error : "?")
                    + ")"};
        }
        bool const hip = named == "hip";
        auto* api = new Api{};
        api->backend = hip ? "hip" : "cuda";
        api->accName = hip ? "AccGpuHipRt" : "AccGpuCudaRt";
        api->vendor = hip ? "HIP" : "CUDA";
        api->library = library;
        api->memorySpace = hip ? MemorySpace::Hip : MemorySpace::Cuda;
        api->attributeCodes = cuda_abi::cudaAttributeCodes;
        api->architecture = &emulatedArchitecture;
        api->emulated = true;
        api->detail = reinterpret_cast<char const* (*)()>(::dlsym(handle, "pyalpaka_gpu_emulator_detail"));
        return completeLoad(api, resolve(handle, *api), "emulated GPU");
    }

    auto loadCuda() -> ApiLoad const&
    {
        static ApiLoad const loaded = loadOrEmulate("cuda", &load);
        return loaded;
    }
} // namespace pyalpaka::rt::gpu
