// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "CudaDriver.hpp"

#include <cstdlib>
#include <stdexcept>
#include <type_traits>

#include <dlfcn.h>

#include "runtime/Errors.hpp"

namespace pyalpaka::rt::cuda
{
    namespace
    {
        //! Resolves every entry point; returns the first missing symbol's name, or null when all were found.
        auto resolve(void* handle, DriverApi& api) -> char const*
        {
            char const* missing = nullptr;
            auto bind = [&](auto& fn, char const* symbol)
            {
                fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(::dlsym(handle, symbol));
                if(fn == nullptr && missing == nullptr)
                    missing = symbol;
            };
#define PYALPAKA_CU_BIND(name) bind(api.name, #name)
            PYALPAKA_CU_BIND(cuInit);
            PYALPAKA_CU_BIND(cuGetErrorName);
            PYALPAKA_CU_BIND(cuGetErrorString);
            PYALPAKA_CU_BIND(cuDeviceGetCount);
            PYALPAKA_CU_BIND(cuDeviceGet);
            PYALPAKA_CU_BIND(cuDeviceGetName);
            PYALPAKA_CU_BIND(cuDeviceTotalMem_v2);
            PYALPAKA_CU_BIND(cuDeviceGetAttribute);
            PYALPAKA_CU_BIND(cuDevicePrimaryCtxRetain);
            PYALPAKA_CU_BIND(cuDevicePrimaryCtxRelease_v2);
            PYALPAKA_CU_BIND(cuCtxGetCurrent);
            PYALPAKA_CU_BIND(cuCtxPushCurrent_v2);
            PYALPAKA_CU_BIND(cuCtxPopCurrent_v2);
            PYALPAKA_CU_BIND(cuCtxSynchronize);
            PYALPAKA_CU_BIND(cuMemGetInfo_v2);
            PYALPAKA_CU_BIND(cuMemAlloc_v2);
            PYALPAKA_CU_BIND(cuMemFree_v2);
            PYALPAKA_CU_BIND(cuMemHostAlloc);
            PYALPAKA_CU_BIND(cuMemFreeHost);
            PYALPAKA_CU_BIND(cuMemcpy2DAsync_v2);
            PYALPAKA_CU_BIND(cuMemcpy3DAsync_v2);
            PYALPAKA_CU_BIND(cuMemsetD8Async);
            PYALPAKA_CU_BIND(cuMemsetD2D8Async);
            PYALPAKA_CU_BIND(cuStreamCreate);
            PYALPAKA_CU_BIND(cuStreamDestroy_v2);
            PYALPAKA_CU_BIND(cuStreamSynchronize);
            PYALPAKA_CU_BIND(cuStreamQuery);
            PYALPAKA_CU_BIND(cuStreamWaitEvent);
            PYALPAKA_CU_BIND(cuLaunchHostFunc);
            PYALPAKA_CU_BIND(cuStreamBeginCapture_v2);
            PYALPAKA_CU_BIND(cuStreamEndCapture);
            PYALPAKA_CU_BIND(cuStreamGetCaptureInfo_v3);
            PYALPAKA_CU_BIND(cuStreamUpdateCaptureDependencies_v2);
            PYALPAKA_CU_BIND(cuGraphAddChildGraphNode);
            PYALPAKA_CU_BIND(cuGraphInstantiateWithFlags);
            PYALPAKA_CU_BIND(cuGraphGetNodes);
            PYALPAKA_CU_BIND(cuGraphLaunch);
            PYALPAKA_CU_BIND(cuGraphExecDestroy);
            PYALPAKA_CU_BIND(cuGraphDestroy);
            PYALPAKA_CU_BIND(cuEventRecordWithFlags);
            PYALPAKA_CU_BIND(cuEventCreate);
            PYALPAKA_CU_BIND(cuEventDestroy_v2);
            PYALPAKA_CU_BIND(cuEventRecord);
            PYALPAKA_CU_BIND(cuEventQuery);
            PYALPAKA_CU_BIND(cuEventSynchronize);
            PYALPAKA_CU_BIND(cuEventElapsedTime);
            PYALPAKA_CU_BIND(cuModuleLoadData);
            PYALPAKA_CU_BIND(cuModuleUnload);
            PYALPAKA_CU_BIND(cuModuleGetFunction);
            PYALPAKA_CU_BIND(cuModuleGetGlobal_v2);
            PYALPAKA_CU_BIND(cuLinkCreate_v2);
            PYALPAKA_CU_BIND(cuLinkAddData_v2);
            PYALPAKA_CU_BIND(cuLinkComplete);
            PYALPAKA_CU_BIND(cuLinkDestroy);
            PYALPAKA_CU_BIND(cuFuncSetAttribute);
            PYALPAKA_CU_BIND(cuLaunchKernel);
            PYALPAKA_CU_BIND(cuLaunchCooperativeKernel);
            PYALPAKA_CU_BIND(cuOccupancyMaxActiveBlocksPerMultiprocessor);
#undef PYALPAKA_CU_BIND
            return missing;
        }

        auto load() -> DriverLoad
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
            auto* api = new DriverApi{}; // leaked with the library, for the same reason
            if(char const* missing = resolve(handle, *api))
                return {nullptr, library + " is not a usable CUDA driver: it lacks " + missing};
            if(CUresult const status = api->cuInit(0); status != CUDA_SUCCESS)
            {
                char const* name = nullptr;
                api->cuGetErrorName(status, &name);
                return {
                    nullptr,
                    "CUDA driver initialisation failed (cuInit returned " + std::string(name ? name : "?") + " = "
                        + std::to_string(status) + "): no usable GPU"};
            }
            return {api, {}};
        }
    } // namespace

    auto loadDriver() -> DriverLoad const&
    {
        static DriverLoad const loaded = load();
        return loaded;
    }

    auto driver() -> DriverApi const&
    {
        auto const& loaded = loadDriver();
        if(loaded.api == nullptr)
            throw BackendUnavailable("back-end 'cuda' is unavailable: " + loaded.reason);
        return *loaded.api;
    }

    auto describeError(CUresult result, char const* call) -> std::string
    {
        char const* name = nullptr;
        char const* text = nullptr;
        auto const& api = *loadDriver().api;
        if(api.cuGetErrorName(result, &name) != CUDA_SUCCESS || name == nullptr)
            name = "unknown CUDA error";
        if(api.cuGetErrorString(result, &text) != CUDA_SUCCESS || text == nullptr)
            text = "no description";
        return std::string(call) + " failed: " + name + " (" + std::to_string(result) + ": " + text + ")";
    }

    void check(CUresult result, char const* call)
    {
        if(result == CUDA_SUCCESS)
            return;
        if(result == CUDA_ERROR_OUT_OF_MEMORY)
            throw OutOfMemory(describeError(result, call));
        throw std::runtime_error(describeError(result, call));
    }

    ContextScope::ContextScope(CUcontext context)
    {
        CUcontext current = nullptr;
        if(driver().cuCtxGetCurrent(&current) != CUDA_SUCCESS || current != context)
        {
            PYALPAKA_CU_CHECK(cuCtxPushCurrent_v2, context);
            m_pushed = true;
        }
        m_entered = true;
    }

    ContextScope::ContextScope(CUcontext context, std::nothrow_t) noexcept
    {
        auto const& load = loadDriver();
        if(load.api == nullptr)
            return;
        CUcontext current = nullptr;
        if(load.api->cuCtxGetCurrent(&current) != CUDA_SUCCESS || current != context)
        {
            if(load.api->cuCtxPushCurrent_v2(context) != CUDA_SUCCESS)
                return;
            m_pushed = true;
        }
        m_entered = true;
    }

    ContextScope::~ContextScope()
    {
        if(!m_pushed)
            return;
        CUcontext popped = nullptr;
        (void)driver().cuCtxPopCurrent_v2(&popped); // a destructor must not throw; push succeeded, so does pop
    }
} // namespace pyalpaka::rt::cuda
