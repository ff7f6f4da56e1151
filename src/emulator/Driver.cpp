// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The emulated GPU's device and context (Emulator.hpp): one device, "emulated GPU (pyalpaka)", with a GPU's
//! limits (1024 threads per block, 48 KiB of shared memory without opt-in) and a warp of 1 thread, which is what the
//! host accelerator that runs its kernels has; one primary context, current per thread as the driver's; error names
//! and strings, and the detail of the calling thread's last failure (pyalpaka_gpu_emulator_detail), which the runtime
//! adds to its messages.

#include <atomic>
#include <cstring>

#include "Emulator.hpp"

namespace pyalpaka::emulator
{
    namespace
    {
        std::atomic<bool> initialisedFlag{false};
        std::atomic<int> primaryRetains{0};
        thread_local int contextDepth = 0;
        thread_local std::string detail;
        int primaryContext; // its address is the context handle

        auto isContext(void* handle) -> bool
        {
            return handle == &primaryContext;
        }
    } // namespace

    auto fail(Result result, std::string message) -> Result
    {
        detail = std::move(message);
        return result;
    }

    auto initialised() -> bool
    {
        return initialisedFlag.load(std::memory_order_relaxed);
    }

    auto contextCurrent() -> bool
    {
        return contextDepth > 0;
    }
} // namespace pyalpaka::emulator

using namespace pyalpaka::emulator;

//! What the last failed call of this thread said, beyond its status ("" where it said nothing more).
PYALPAKA_EMULATOR_EXPORT char const* pyalpaka_gpu_emulator_detail()
{
    return detail.c_str();
}

//! Marks the library as the emulator (the runtime looks for this symbol) and says which version it is.
PYALPAKA_EMULATOR_EXPORT unsigned pyalpaka_gpu_emulator_version()
{
    return 1;
}

PYALPAKA_EMULATOR_EXPORT Result cuInit(unsigned flags)
{
    if(flags != 0)
        return InvalidValue;
    initialisedFlag = true;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuGetErrorName(Result error, char const** name)
{
    if(name == nullptr)
        return InvalidValue;
    switch(error)
    {
        case Success:
            *name = "CUDA_SUCCESS";
            break;
        case InvalidValue:
            *name = "CUDA_ERROR_INVALID_VALUE";
            break;
        case OutOfMemory:
            *name = "CUDA_ERROR_OUT_OF_MEMORY";
            break;
        case NotInitialized:
            *name = "CUDA_ERROR_NOT_INITIALIZED";
            break;
        case InvalidDevice:
            *name = "CUDA_ERROR_INVALID_DEVICE";
            break;
        case InvalidImage:
            *name = "CUDA_ERROR_INVALID_IMAGE";
            break;
        case InvalidContext:
            *name = "CUDA_ERROR_INVALID_CONTEXT";
            break;
        case NoBinaryForGpu:
            *name = "CUDA_ERROR_NO_BINARY_FOR_GPU";
            break;
        case InvalidHandle:
            *name = "CUDA_ERROR_INVALID_HANDLE";
            break;
        case NotFound:
            *name = "CUDA_ERROR_NOT_FOUND";
            break;
        case NotReady:
            *name = "CUDA_ERROR_NOT_READY";
            break;
        case LaunchFailed:
            *name = "CUDA_ERROR_LAUNCH_FAILED";
            break;
        case CooperativeLaunchTooLarge:
            *name = "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE";
            break;
        case NotSupported:
            *name = "CUDA_ERROR_NOT_SUPPORTED";
            break;
        case CaptureUnsupported:
            *name = "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED";
            break;
        case CaptureInvalidated:
            *name = "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED";
            break;
        default:
            *name = nullptr;
            return InvalidValue;
    }
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuGetErrorString(Result error, char const** text)
{
    if(text == nullptr)
        return InvalidValue;
    switch(error)
    {
        case OutOfMemory:
            *text = "out of memory";
            break;
        case InvalidValue:
            *text = "invalid argument";
            break;
        case NoBinaryForGpu:
            *text = "no kernel image is available for execution on the device";
            break;
        case LaunchFailed:
            *text = "unspecified launch failure";
            break;
        default:
            *text = "emulated GPU error";
            break;
    }
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDeviceGetCount(int* count)
{
    if(!initialised())
        return NotInitialized;
    *count = 1;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDeviceGet(int* device, int ordinal)
{
    if(!initialised())
        return NotInitialized;
    if(ordinal != 0)
        return InvalidDevice;
    *device = 0;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDeviceGetName(char* name, int length, int device)
{
    if(device != 0 || name == nullptr || length <= 0)
        return InvalidDevice;
    std::strncpy(name, "emulated GPU (pyalpaka)", static_cast<std::size_t>(length) - 1);
    name[length - 1] = '\0';
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDeviceGetAttribute(int* value, int attribute, int device)
{
    if(device != 0 || value == nullptr)
        return InvalidDevice;
    switch(attribute)
    {
        case 1:
            *value = 1024;
            break; // max threads per block
        case 2:
            *value = 1024;
            break; // block x
        case 3:
            *value = 1024;
            break; // block y
        case 4:
            *value = 64;
            break; // block z
        case 5:
            *value = 2147483647;
            break; // grid x
        case 6:
            *value = 65535;
            break; // grid y
        case 7:
            *value = 65535;
            break; // grid z
        case 8:
            *value = 49152;
            break; // shared memory per block
        case 10:
            *value = 1;
            break; // warp size: the host accelerator's
        case 16:
            *value = 1;
            break; // multiprocessors: one, whose blocks run one after another (Modules.cpp)
        case 75:
            *value = 9;
            break; // compute capability
        case 76:
            *value = 0;
            break;
        case 95:
            *value = 1;
            break; // cooperative launch
        case 97:
            *value = 232448;
            break; // shared memory per block, opt-in
        default:
            return fail(InvalidValue, "an attribute the emulated device does not know: " + std::to_string(attribute));
    }
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDevicePrimaryCtxRetain(void** context, int device)
{
    if(device != 0 || context == nullptr)
        return InvalidDevice;
    ++primaryRetains;
    *context = &primaryContext;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDevicePrimaryCtxRelease_v2(int device)
{
    if(device != 0 || primaryRetains.load() <= 0)
        return InvalidDevice;
    --primaryRetains;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuCtxGetCurrent(void** context)
{
    if(context == nullptr)
        return InvalidValue;
    *context = contextDepth > 0 ? &primaryContext : nullptr;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuCtxPushCurrent_v2(void* context)
{
    if(!isContext(context))
        return fail(InvalidContext, "cuCtxPushCurrent: not the emulated device's context");
    ++contextDepth;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuCtxPopCurrent_v2(void** context)
{
    if(contextDepth <= 0)
        return fail(InvalidContext, "cuCtxPopCurrent: no context is current on this thread");
    --contextDepth;
    if(context != nullptr)
        *context = &primaryContext;
    return Success;
}
