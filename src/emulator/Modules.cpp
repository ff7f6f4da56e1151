// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The emulated GPU's modules and kernel launches (Emulator.hpp, src/jit/EmulatedAbi.h). A module image is a shared
//! library behind a header; it is loaded from memory (memfd) as the driver loads a CUBIN from memory. A launch copies
//! the parameter values when it is called, as the driver does (the caller's parameter block is gone by the time the
//! kernel runs), and runs the grid on the stream's thread; a kernel that fails is reported by the next synchronization
//! of its stream as CUDA_ERROR_LAUNCH_FAILED, with the kernel's message as the detail (on a GPU the error is sticky:
//! the context is lost; here the stream goes on).

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <thread>

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include "Emulator.hpp"
#include "jit/EmulatedAbi.h"
#include "jit/EntryAbi.h"

namespace pyalpaka::emulator
{
    namespace
    {
        struct Module
        {
            void* handle = nullptr;
            pyalpaka_emulated_params_fn params = nullptr;
            pyalpaka_emulated_run_fn run = nullptr;
            pyalpaka_emulated_global_fn global = nullptr;
        };

        struct Function
        {
            Module const* module = nullptr;
            std::string name;
            std::vector<std::uint64_t> paramBytes;
            int maxDynamicSharedBytes = 48 * 1024;
        };

        constexpr int sharedOptinBytes = 232448;
        constexpr unsigned maxBlockThreads = 1024;

        std::mutex moduleMutex;
        std::vector<std::unique_ptr<Module>> modules; // kept until the process ends: queued launches use their code
        std::vector<std::unique_ptr<Function>> functions;

        auto findModule(void* handle) -> Module*
        {
            std::lock_guard lock(moduleMutex);
            for(auto const& m : modules)
                if(m.get() == handle)
                    return m.get();
            return nullptr;
        }

        auto findFunction(void* handle) -> Function*
        {
            std::lock_guard lock(moduleMutex);
            for(auto const& f : functions)
                if(f.get() == handle)
                    return f.get();
            return nullptr;
        }

        //! Loads the library inside an image (EmulatedAbi.h) from an anonymous file.
        auto loadImage(void const* image, Module& module) -> Result
        {
            auto const* bytes = static_cast<unsigned char const*>(image);
            if(std::memcmp(bytes, PYALPAKA_EMULATED_MAGIC, PYALPAKA_EMULATED_MAGIC_BYTES) != 0)
                return fail(
                    NoBinaryForGpu,
                    "the image is not a module compiled for the emulated GPU (a CUBIN or PTX for a real one?)");
            std::uint64_t size = 0;
            for(unsigned i = 0; i < 8; ++i)
                size |= std::uint64_t{bytes[PYALPAKA_EMULATED_MAGIC_BYTES + i]} << (8 * i);
            unsigned char const* library = bytes + PYALPAKA_EMULATED_MAGIC_BYTES + 8;
            int const fd = ::memfd_create("pyalpaka-emulated-module", MFD_CLOEXEC);
            if(fd < 0)
                return fail(OutOfMemory, "memfd_create failed");
            for(std::uint64_t written = 0; written < size;)
            {
                auto const n = ::write(fd, library + written, size - written);
                if(n <= 0)
                {
                    ::close(fd);
                    return fail(OutOfMemory, "writing the module's library to memory failed");
                }
                written += static_cast<std::uint64_t>(n);
            }
            // The descriptor stays open as long as the module: the loader knows a library by its path, and a path
            // of a closed descriptor, reused by the next module, would give that module the earlier one's library.
            std::string const path = "/proc/self/fd/" + std::to_string(fd);
            module.handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
            if(module.handle == nullptr)
                ::close(fd);
            if(module.handle == nullptr)
            {
                char const* why = ::dlerror();
                return fail(InvalidImage, std::string("the module's library cannot be loaded: ") + (why ? why : "?"));
            }
            auto abi = reinterpret_cast<pyalpaka_emulated_abi_fn>(::dlsym(module.handle, "pyalpaka_emulated_abi"));
            module.params
                = reinterpret_cast<pyalpaka_emulated_params_fn>(::dlsym(module.handle, "pyalpaka_emulated_params"));
            module.run = reinterpret_cast<pyalpaka_emulated_run_fn>(::dlsym(module.handle, "pyalpaka_emulated_run"));
            module.global
                = reinterpret_cast<pyalpaka_emulated_global_fn>(::dlsym(module.handle, "pyalpaka_emulated_global"));
            if(abi == nullptr || abi() != PYALPAKA_EMULATED_ABI || !module.params || !module.run || !module.global)
                return fail(InvalidImage, "the module's library lacks the emulated entry of this version");
            return Success;
        }

        //! Blocks of `blockThreads` threads that can run at once on the emulated device (it has one multiprocessor):
        //! one, as on the host accelerator that runs its kernels, whose blocks run one after another (its grid
        //! barrier spans one block).
        auto residentBlocks(int blockThreads, std::size_t sharedBytes) -> int
        {
            if(blockThreads <= 0 || blockThreads > static_cast<int>(maxBlockThreads) || sharedBytes > sharedOptinBytes)
                return 0;
            return 1;
        }

        auto launch(
            void* handle,
            unsigned const (&grid)[3],
            unsigned const (&block)[3],
            unsigned sharedBytes,
            void* streamHandle,
            void** params,
            bool cooperative) -> Result
        {
            Function* function = findFunction(handle);
            Stream* stream = findStream(streamHandle);
            if(function == nullptr || stream == nullptr)
                return fail(InvalidHandle, "cuLaunchKernel: not a loaded function or not a live stream");
            if(params == nullptr && !function->paramBytes.empty())
                return fail(InvalidValue, "cuLaunchKernel: no parameters for a function that takes some");
            unsigned const blockLimits[3] = {1024, 1024, 64};
            unsigned const gridLimits[3] = {2147483647u, 65535, 65535};
            unsigned long long blockProduct = 1;
            for(int i = 0; i < 3; ++i)
            {
                if(grid[i] == 0 || block[i] == 0 || grid[i] > gridLimits[i] || block[i] > blockLimits[i])
                    return fail(InvalidValue, "cuLaunchKernel: a grid or block extent of 0 or beyond the device's");
                blockProduct *= block[i];
            }
            if(blockProduct > maxBlockThreads)
                return fail(InvalidValue, "cuLaunchKernel: more than 1024 threads in a block");
            if(sharedBytes > static_cast<unsigned>(function->maxDynamicSharedBytes))
                return fail(
                    InvalidValue,
                    "cuLaunchKernel: " + std::to_string(sharedBytes) + " bytes of dynamic shared memory, above the "
                        + std::to_string(function->maxDynamicSharedBytes)
                        + " the function allows (cuFuncSetAttribute raises it)");
            if(cooperative)
            {
                auto const resident
                    = static_cast<unsigned long long>(residentBlocks(static_cast<int>(blockProduct), sharedBytes));
                if(static_cast<unsigned long long>(grid[0]) * grid[1] * grid[2] > resident)
                    return fail(
                        CooperativeLaunchTooLarge, "cuLaunchCooperativeKernel: more blocks than can run at once");
            }
            // The values now: the caller's block is gone when the kernel runs.
            std::vector<std::vector<unsigned char>> values;
            values.reserve(function->paramBytes.size());
            for(std::size_t i = 0; i < function->paramBytes.size(); ++i)
            {
                if(params[i] == nullptr)
                    return fail(InvalidValue, "cuLaunchKernel: parameter " + std::to_string(i) + " is null");
                auto const* value = static_cast<unsigned char const*>(params[i]);
                values.emplace_back(value, value + function->paramBytes[i]);
            }
            pyalpaka_emulated_grid const shape{
                {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, sharedBytes};
            return submit(
                *stream,
                [function, shape, values = std::move(values), stream]() mutable
                {
                    std::vector<void*> pointers;
                    for(auto& value : values)
                        pointers.push_back(value.data());
                    char error[1024] = "";
                    int const status
                        = function->module->run(function->name.c_str(), &shape, pointers.data(), error, sizeof error);
                    if(status != PYALPAKA_ENTRY_OK)
                        stream->failed("kernel " + function->name + " failed on the emulated GPU: " + error);
                });
        }
    } // namespace
} // namespace pyalpaka::emulator

using namespace pyalpaka::emulator;

PYALPAKA_EMULATOR_EXPORT Result cuModuleLoadData(void** module, void const* image)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(module == nullptr || image == nullptr)
        return InvalidValue;
    auto loaded = std::make_unique<Module>();
    if(Result const status = loadImage(image, *loaded); status != Success)
        return status;
    std::lock_guard lock(moduleMutex);
    *module = loaded.get();
    modules.push_back(std::move(loaded));
    return Success;
}

//! The library stays loaded (launches still queued run its code); the module is only forgotten by the API.
PYALPAKA_EMULATOR_EXPORT Result cuModuleUnload(void* module)
{
    return findModule(module) != nullptr ? Success : InvalidHandle;
}

PYALPAKA_EMULATOR_EXPORT Result cuModuleGetFunction(void** function, void* handle, char const* name)
{
    Module* module = findModule(handle);
    if(module == nullptr || function == nullptr || name == nullptr)
        return InvalidHandle;
    std::uint64_t sizes[64];
    std::uint64_t count = 0;
    if(module->params(name, sizes, 64, &count) != 0)
        return fail(NotFound, std::string("the module has no function ") + name);
    if(count > 64)
        return fail(NotSupported, "a function with more than 63 parameters");
    auto created = std::make_unique<Function>(Function{module, name, {sizes, sizes + count}});
    std::lock_guard lock(moduleMutex);
    *function = created.get();
    functions.push_back(std::move(created));
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result
cuModuleGetGlobal_v2(unsigned long long* pointer, std::size_t* bytes, void* handle, char const* name)
{
    Module* module = findModule(handle);
    if(module == nullptr || name == nullptr)
        return InvalidHandle;
    void* address = nullptr;
    std::uint64_t size = 0;
    if(module->global(name, &address, &size) != 0)
        return fail(NotFound, std::string("the module has no variable ") + name);
    if(pointer != nullptr)
        *pointer = reinterpret_cast<std::uintptr_t>(address);
    if(bytes != nullptr)
        *bytes = size;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuFuncSetAttribute(void* handle, int attribute, int value)
{
    Function* function = findFunction(handle);
    if(function == nullptr)
        return InvalidHandle;
    if(attribute != 8) // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        return fail(NotSupported, "cuFuncSetAttribute: only the dynamic shared memory limit");
    if(value < 0 || value > sharedOptinBytes)
        return fail(InvalidValue, "cuFuncSetAttribute: beyond the device's opt-in shared memory");
    function->maxDynamicSharedBytes = value;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuLaunchKernel(
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
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(extra != nullptr)
        return fail(NotSupported, "cuLaunchKernel: parameters through `extra`");
    return launch(f, {gx, gy, gz}, {bx, by, bz}, shared, stream, params, false);
}

PYALPAKA_EMULATOR_EXPORT Result cuLaunchCooperativeKernel(
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
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    return launch(f, {gx, gy, gz}, {bx, by, bz}, shared, stream, params, true);
}

PYALPAKA_EMULATOR_EXPORT Result
cuOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void* f, int blockSize, std::size_t dynamicSharedBytes)
{
    if(blocks == nullptr || findFunction(f) == nullptr)
        return InvalidHandle;
    *blocks = residentBlocks(blockSize, dynamicSharedBytes);
    return Success;
}

// No PTX on the emulated GPU: the runtime compiles its modules for it with the host compiler.
PYALPAKA_EMULATOR_EXPORT Result cuLinkCreate_v2(unsigned, int*, void**, void**)
{
    return fail(NotSupported, "the emulated GPU links no PTX");
}

PYALPAKA_EMULATOR_EXPORT Result cuLinkAddData_v2(void*, int, void*, std::size_t, char const*, unsigned, int*, void**)
{
    return NotSupported;
}

PYALPAKA_EMULATOR_EXPORT Result cuLinkComplete(void*, void**, std::size_t*)
{
    return NotSupported;
}

PYALPAKA_EMULATOR_EXPORT Result cuLinkDestroy(void*)
{
    return NotSupported;
}
