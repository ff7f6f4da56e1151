// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! A module compiled by NVRTC or hiprtc (src/jit/EntryGpu.hpp) loaded into a device's primary context, and its
//! launches: alpaka's [z][y][x] work division becomes the API's grid and block (x fastest), the thread-elements extent
//! is the kernel's first parameter (an alpaka::Vec<Dim, std::size_t>: Dim std::size_t values), the arguments follow.

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "GpuRuntime.hpp"
#include "runtime/Errors.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        //! Dynamic shared memory up to this needs no opt-in (cuFuncSetAttribute) on any architecture.
        constexpr std::size_t defaultDynSharedLimit = 48 * 1024;

        auto readFile(std::string const& path) -> std::vector<char>
        {
            std::ifstream in(path, std::ios::binary);
            if(!in)
                throw std::runtime_error("cannot read the compiled kernel module " + path);
            std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            image.push_back('\0'); // harmless after a CUBIN, required after PTX text
            return image;
        }

        //! A work division component as an unsigned grid or block extent of a launch.
        auto toUnsigned(std::size_t value, char const* what) -> unsigned
        {
            if(value > UINT_MAX)
                throw std::invalid_argument(
                    std::string("the work division's ") + what + " extent " + std::to_string(value)
                    + " exceeds what a GPU launch can express");
            return static_cast<unsigned>(value);
        }

        //! The launch's x, y, z of alpaka's [z][y][x] extents (missing dimensions are 1).
        auto toXyz(Extents const& e, char const* what) -> std::array<unsigned, 3>
        {
            std::array<unsigned, 3> xyz{1, 1, 1};
            for(std::size_t i = 0; i < e.dim; ++i)
                xyz[i] = toUnsigned(e.values[e.dim - 1 - i], what);
            return xyz;
        }

        class ModuleKernel final : public GpuKernel
        {
        public:
            ModuleKernel(std::shared_ptr<GpuDevice> device, std::string const& path)
                : m_device(std::move(device))
                , m_path(path)
            {
                auto const image = readFile(path);
                ContextScope scope(api(), m_device->context());
                if(Result const status = api().moduleLoadData(&m_module, image.data()); status != success)
                    throw std::runtime_error(
                        "cannot load the compiled kernel " + path + " on " + m_device->describe() + " ("
                        + m_device->architecture() + "): " + describeError(api(), status, api().moduleLoadData.symbol));
                PYALPAKA_GPU_CHECK(api(), moduleGetFunction, &m_kernel, m_module, "pyalpaka_kernel");
                PYALPAKA_GPU_CHECK(api(), moduleGetFunction, &m_dynShared, m_module, "pyalpaka_dyn_shared_bytes");
                // The size of this global says whether the kernel specializes BlockSharedMemDynSizeBytes (2 bytes)
                // or not (1 byte; src/jit/EntryGpu.hpp): no device memory is read to learn it.
                DevicePtr flag = 0;
                std::size_t flagBytes = 0;
                m_dynSharedUnspecialized
                    = api().moduleGetGlobal(&flag, &flagBytes, m_module, "pyalpaka_dyn_shared_kind") == success
                      && flagBytes == 1;
            }

            // The module stays loaded: launches queued on streams may still run its code. The helper stream is the
            // kernel's own.
            ~ModuleKernel() override
            {
                if(m_helperStream == nullptr)
                    return;
                ContextScope const scope(api(), m_device->context(), std::nothrow);
                if(scope.entered())
                    (void)api().streamDestroy(m_helperStream);
            }

            void launch(
                Queue& queue,
                WorkDiv const& workDiv,
                void const* const* args,
                std::size_t argCount,
                bool cooperative) override
            {
                auto* gpu = dynamic_cast<GpuQueue*>(&queue);
                if(gpu == nullptr || gpu->device() != m_device)
                    throw TypeMismatch(
                        "a kernel loaded on " + describe() + " cannot be launched on a queue of "
                        + queue.device()->name() + " (" + queue.device()->backend().name() + ")");
                auto const grid = toXyz(workDiv.gridBlocks, "grid_blocks");
                auto const block = toXyz(workDiv.blockThreads, "block_threads");
                LaunchParams launch(workDiv, args, argCount);
                auto const sharedBytes = checkedDynSharedBytes(launch);
                if(cooperative && !api().launchCooperativeKernel)
                    throw std::invalid_argument(
                        "cooperative kernel launch on " + describe() + ": " + api().library
                        + " has no cooperative launch of a module's kernel (hipModuleLaunchCooperativeKernel); a "
                          "newer ROCm has it");
                if(cooperative)
                    if(auto const max = residentBlocks(workDiv, sharedBytes); workDiv.gridBlocks.product() > max)
                        throw std::invalid_argument(
                            "cooperative kernel launch on " + describe() + ": the grid has "
                            + std::to_string(workDiv.gridBlocks.product()) + " blocks, but at most "
                            + std::to_string(max)
                            + " blocks of this shape can run at the same time (pyalpaka.max_active_blocks); a grid "
                              "barrier needs every block running: launch at most that many blocks");
                auto** params = launch.kernelParams();
                gpu->submit(
                    [&](StreamHandle stream)
                    {
                        if(cooperative)
                            PYALPAKA_GPU_CHECK(
                                api(),
                                launchCooperativeKernel,
                                m_kernel,
                                grid[0],
                                grid[1],
                                grid[2],
                                block[0],
                                block[1],
                                block[2],
                                sharedBytes,
                                stream,
                                params);
                        else
                            PYALPAKA_GPU_CHECK(
                                api(),
                                launchKernel,
                                m_kernel,
                                grid[0],
                                grid[1],
                                grid[2],
                                block[0],
                                block[1],
                                block[2],
                                sharedBytes,
                                stream,
                                params,
                                nullptr);
                    },
                    [&]
                    {
                        auto const* name = currentLaunchNote().kernel;
                        auto what = alpaka::trace::describeKernel(
                            name != nullptr ? *name : std::string("kernel"),
                            workDiv.dim(),
                            workDiv.gridBlocks.values.data(),
                            workDiv.blockThreads.values.data(),
                            workDiv.threadElems.values.data(),
                            sharedBytes);
                        if(cooperative)
                            what.args += ", cooperative";
                        appendLaunchNote(what);
                        return what;
                    });
            }

            auto maxActiveBlocks(WorkDiv const& workDiv, void const* const* args, std::size_t argCount)
                -> std::size_t override
            {
                LaunchParams launch(workDiv, args, argCount);
                auto const bytes = dynSharedBytes(launch);
                if(bytes > static_cast<unsigned long long>(m_device->attributes().sharedMemPerBlockOptin))
                    return 0;
                optIn(bytes);
                return residentBlocks(workDiv, static_cast<unsigned>(bytes));
            }

        private:
            [[nodiscard]] auto api() const -> Api const&
            {
                return m_device->api();
            }

            //! The parameters of pyalpaka_dyn_shared_bytes(out, blockThreads, elems, args...) and, from the third on,
            //! of pyalpaka_kernel(elems, args...).
            class LaunchParams
            {
            public:
                LaunchParams(WorkDiv const& workDiv, void const* const* args, std::size_t argCount)
                {
                    if(argCount + 3 > m_params.size())
                        throw std::invalid_argument(
                            "a GPU kernel launch takes at most " + std::to_string(m_params.size() - 3)
                            + " arguments, got " + std::to_string(argCount));
                    for(std::size_t i = 0; i < workDiv.dim(); ++i)
                    {
                        m_elems[i] = workDiv.threadElems.values[i];
                        m_blockThreads[i] = workDiv.blockThreads.values[i];
                    }
                    for(std::size_t i = 0; i < argCount; ++i)
                        m_params[i + 3] = const_cast<void*>(args[i]);
                }

                auto dynSharedParams(void** out) -> void**
                {
                    m_params[0] = out;
                    m_params[1] = m_blockThreads.data();
                    m_params[2] = m_elems.data();
                    return m_params.data();
                }

                auto kernelParams() -> void**
                {
                    m_params[2] = m_elems.data();
                    return m_params.data() + 2;
                }

            private:
                std::array<std::size_t, maxWorkDivDim> m_elems{};
                std::array<std::size_t, maxWorkDivDim> m_blockThreads{};
                //! No allocation per launch; null past the last parameter (the tests' stand-in driver reads up to
                //! there, since a launch does not say how many parameters the kernel has).
                std::array<void*, 64> m_params{};
            };

            auto describe() const -> std::string
            {
                return m_device->describe();
            }

            //! Runs pyalpaka_dyn_shared_bytes on a helper stream (it reads no memory, so it need not wait for the
            //! queue's work). Evaluated per launch: the kernel's trait may depend on every argument value. Kernels
            //! that do not specialize the trait need no such run (each would cost a device round trip).
            auto dynSharedBytes(LaunchParams& launch) -> unsigned long long
            {
                if(m_dynSharedUnspecialized)
                    return 0;
                std::lock_guard lock(m_mutex);
                ContextScope scope(api(), m_device->context());
                if(m_helperStream == nullptr)
                {
                    m_result = m_device->allocate(sizeof(unsigned long long));
                    PYALPAKA_GPU_CHECK(api(), streamCreate, &m_helperStream, streamNonBlocking);
                }
                void* out = m_result.get();
                PYALPAKA_GPU_CHECK(
                    api(),
                    launchKernel,
                    m_dynShared,
                    1u,
                    1u,
                    1u,
                    1u,
                    1u,
                    1u,
                    0u,
                    m_helperStream,
                    launch.dynSharedParams(&out),
                    nullptr);
                unsigned long long bytes = 0;
                Memcpy2D c{};
                c.srcMemoryType = MemoryDevice;
                c.srcDevice = static_cast<DevicePtr>(reinterpret_cast<std::uintptr_t>(out));
                c.srcPitch = sizeof(bytes);
                c.dstMemoryType = MemoryHost;
                c.dstHost = &bytes;
                c.dstPitch = sizeof(bytes);
                c.widthInBytes = sizeof(bytes);
                c.height = 1;
                PYALPAKA_GPU_CHECK(api(), memcpy2DAsync, &c, m_helperStream);
                PYALPAKA_GPU_CHECK(api(), streamSynchronize, m_helperStream);
                return bytes;
            }

            //! dynSharedBytes, checked against the device's limit, with the kernel's opt-in limit set where needed.
            auto checkedDynSharedBytes(LaunchParams& launch) -> unsigned
            {
                auto const bytes = dynSharedBytes(launch);
                auto const limit = static_cast<unsigned long long>(m_device->attributes().sharedMemPerBlockOptin);
                if(bytes > limit)
                    throw std::invalid_argument(
                        "kernel launch on '" + std::string(api().backend) + "': the kernel asks for "
                        + std::to_string(bytes) + " bytes of dynamic block shared memory, at most "
                        + std::to_string(limit) + " bytes per block are available on " + m_device->name());
                optIn(bytes);
                return static_cast<unsigned>(bytes);
            }

            //! Raises the kernel's dynamic shared memory limit to `bytes` where that is beyond the default.
            void optIn(unsigned long long bytes)
            {
                if(bytes <= defaultDynSharedLimit || !api().funcSetAttribute)
                    return; // the launch path's usual case, without the lock; HIP has no opt-in
                std::lock_guard lock(m_mutex);
                if(bytes > m_optedInBytes)
                {
                    ContextScope scope(api(), m_device->context());
                    PYALPAKA_GPU_CHECK(
                        api(),
                        funcSetAttribute,
                        m_kernel,
                        funcAttributeMaxDynamicSharedSizeBytes,
                        static_cast<int>(bytes));
                    m_optedInBytes = bytes;
                }
            }

            //! The blocks of workDiv's block shape that the device holds at once with `sharedBytes` each: the
            //! occupancy per multiprocessor times the multiprocessors (what cudaLaunchCooperativeKernel allows).
            auto residentBlocks(WorkDiv const& workDiv, unsigned sharedBytes) -> std::size_t
            {
                auto const& attributes = m_device->attributes();
                if(!attributes.cooperativeLaunch)
                    throw std::invalid_argument(describe() + " does not support cooperative kernel launches");
                int perMultiprocessor = 0;
                ContextScope scope(api(), m_device->context());
                PYALPAKA_GPU_CHECK(
                    api(),
                    occupancyMaxActiveBlocksPerMultiprocessor,
                    &perMultiprocessor,
                    m_kernel,
                    static_cast<int>(workDiv.blockThreads.product()),
                    sharedBytes);
                return static_cast<std::size_t>(std::max(perMultiprocessor, 0))
                       * static_cast<std::size_t>(attributes.multiprocessorCount);
            }

            std::shared_ptr<GpuDevice> m_device;
            std::string m_path;
            ModuleHandle m_module = nullptr;
            FunctionHandle m_kernel = nullptr;
            FunctionHandle m_dynShared = nullptr;
            StreamHandle m_helperStream = nullptr;
            std::shared_ptr<void> m_result;
            std::mutex m_mutex;
            unsigned long long m_optedInBytes = 0;
            bool m_dynSharedUnspecialized = false;
        };
    } // namespace

    auto GpuDevice::loadGpuKernel(std::string const& path) -> std::shared_ptr<GpuKernel>
    {
        return std::make_shared<ModuleKernel>(std::static_pointer_cast<GpuDevice>(shared_from_this()), path);
    }

    auto GpuDevice::linkPtx(std::string const& ptx) -> std::string
    {
        constexpr int errorLogBuffer = 5; // CU_JIT_ERROR_LOG_BUFFER
        constexpr int errorLogBytes = 6;  // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
        constexpr int inputPtx = 1;       // CU_JIT_INPUT_PTX
        if(!m_api.linkCreate)
            throw std::logic_error(describe() + " links no PTX: only the CUDA driver does");
        ContextScope scope(api(), m_context);
        std::array<char, 4096> log{};
        std::array<int, 2> options{errorLogBuffer, errorLogBytes};
        std::array<void*, 2> values{log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(log.size()))};
        LinkStateHandle state = nullptr;
        PYALPAKA_GPU_CHECK(api(), linkCreate, 2u, options.data(), values.data(), &state);
        struct Destroy
        {
            Api const& api;
            LinkStateHandle state;

            ~Destroy()
            {
                static_cast<void>(api.linkDestroy(state));
            }
        } const destroy{api(), state};
        // The driver reads the PTX up to its terminating NUL, which std::string keeps after its last character.
        auto* const text = const_cast<char*>(ptx.c_str());
        if(Result const status
           = api().linkAddData(state, inputPtx, text, ptx.size() + 1, "kernel.ptx", 0, nullptr, nullptr);
           status != success)
            throw std::runtime_error(describeError(api(), status, api().linkAddData.symbol) + ": " + log.data());
        void* image = nullptr;
        std::size_t bytes = 0;
        if(Result const status = api().linkComplete(state, &image, &bytes); status != success)
            throw std::runtime_error(describeError(api(), status, api().linkComplete.symbol) + ": " + log.data());
        return {static_cast<char const*>(image), bytes}; // the image belongs to the link state: copied before Destroy
    }
} // namespace pyalpaka::rt::gpu
