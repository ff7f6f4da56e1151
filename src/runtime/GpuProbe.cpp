// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "GpuProbe.hpp"

#include <string>

#include <dlfcn.h>

#include "UnavailableBackend.hpp"
#include "cuda/CudaRuntime.hpp"

namespace pyalpaka::rt
{
    namespace
    {
        //! Loads a driver library and counts its devices with `init(0)` and `count(&n)` (the HIP runtime has this
        //! shape); returns why the back-end cannot run, given that it is not built in yet. A HIP back-end would
        //! replace this as src/runtime/cuda does for CUDA: its own loader, device, queue, event and kernel classes.
        auto describeDriver(
            char const* library,
            char const* initSymbol,
            char const* countSymbol,
            char const* what,
            char const* notBuilt) -> std::string
        {
            void* handle = ::dlopen(library, RTLD_NOW | RTLD_LOCAL);
            if(handle == nullptr)
            {
                char const* error = ::dlerror();
                return std::string("no ") + what + " driver found (" + (error ? error : library) + ")";
            }
            using InitFn = int (*)(unsigned);
            using CountFn = int (*)(int*);
            auto init = reinterpret_cast<InitFn>(::dlsym(handle, initSymbol));
            auto count = reinterpret_cast<CountFn>(::dlsym(handle, countSymbol));
            std::string reason;
            int devices = 0;
            if(init == nullptr || count == nullptr)
                reason = std::string(library) + " lacks " + initSymbol + "/" + countSymbol;
            else if(int const initStatus = init(0); initStatus != 0)
                reason = std::string(what) + " driver initialisation failed (" + initSymbol + " returned "
                         + std::to_string(initStatus) + "): no usable GPU";
            else if(int const countStatus = count(&devices); countStatus != 0 || devices == 0)
                reason = std::string("no ") + what + " device found";
            else
                reason = std::to_string(devices) + " " + what + " device(s) found, but " + notBuilt;
            ::dlclose(handle);
            return reason;
        }
    } // namespace

    auto probeCuda() -> Backend*
    {
        std::string reason;
        if(auto* backend = cuda::makeCudaBackend(reason))
            return backend;
        return new UnavailableBackend("cuda", "AccGpuCudaRt", reason);
    }

    auto probeHip() -> Backend*
    {
        return new UnavailableBackend(
            "hip",
            "AccGpuHipRt",
            describeDriver(
                "libamdhip64.so",
                "hipInit",
                "hipGetDeviceCount",
                "HIP",
                "this pyalpaka has no HIP back-end yet (AccGpuHipRt is not implemented)"));
    }
} // namespace pyalpaka::rt
