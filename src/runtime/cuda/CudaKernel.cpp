// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! A module compiled by NVRTC (src/jit/EntryGpu.hpp) loaded into a device's primary context, and its launches:
//! alpaka's [z][y][x] work division becomes CUDA's grid and block (x fastest), the thread-elements extent is the
//! kernel's first parameter (an alpaka::Vec<Dim, std::size_t>: Dim std::size_t values), the arguments follow.

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "CudaRuntime.hpp"
#include "runtime/Errors.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::rt::cuda
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

        //! A work division component as CUDA's unsigned grid or block extent.
        auto toUnsigned(std::size_t value, char const* what) -> unsigned
        {
            if(value > UINT_MAX)
                throw std::invalid_argument(
                    std::string("the work division's ") + what + " extent " + std::to_string(value)
                    + " exceeds what a CUDA launch can express");
            return static_cast<unsigned>(value);
        }

        //! CUDA's x, y, z of alpaka's [z][y][x] extents (missing dimensions are 1).
        auto toXyz(Extents const& e, char const* what) -> std::array<unsigned, 3>
        {
            std::array<unsigned, 3> xyz{1, 1, 1};
            for(std::size_t i = 0; i < e.dim; ++i)
                xyz[i] = toUnsigned(e.values[e.dim - 1 - i], what);
            return xyz;
        }

        class CudaKernel final : public GpuKernel
        {
        public:
            CudaKernel(std::shared_ptr<CudaDevice> device, std::string const& path)
                : m_device(std::move(device))
                , m_path(path)
            {
                auto const image = readFile(path);
                ContextScope scope(m_device->context());
                if(CUresult const status = driver().cuModuleLoadData(&m_module, image.data()); status != CUDA_SUCCESS)
                    throw std::runtime_error(
                        "cannot load the compiled kernel " + path + " on " + m_device->name()
                        + " (cuda:" + std::to_string(m_device->index()) + ", " + m_device->architecture()
                        + "): " + describeError(status, "cuModuleLoadData"));
                PYALPAKA_CU_CHECK(cuModuleGetFunction, &m_kernel, m_module, "pyalpaka_kernel");
                PYALPAKA_CU_CHECK(cuModuleGetFunction, &m_dynShared, m_module, "pyalpaka_dyn_shared_bytes");
                // The size of this global says whether the kernel specializes BlockSharedMemDynSizeBytes (2 bytes)
                // or not (1 byte; src/jit/EntryGpu.hpp): no device memory is read to learn it.
                CUdeviceptr flag = 0;
                std::size_t flagBytes = 0;
                m_dynSharedUnspecialized
                    = driver().cuModuleGetGlobal_v2(&flag, &flagBytes, m_module, "pyalpaka_dyn_shared_kind")
                          == CUDA_SUCCESS
                      && flagBytes == 1;
            }

            // The module stays loaded: launches queued on streams may still run its code. The helper stream is the
            // kernel's own.
            ~CudaKernel() override
            {
                if(m_helperStream == nullptr)
                    return;
                ContextScope const scope(m_device->context(), std::nothrow);
                if(scope.entered())
                    (void)driver().cuStreamDestroy_v2(m_helperStream);
            }

            void launch(
                Queue& queue,
                WorkDiv const& workDiv,
                void const* const* args,
                std::size_t argCount,
                bool cooperative) override
            {
                auto* cuda = dynamic_cast<CudaQueue*>(&queue);
                if(cuda == nullptr || cuda->device()->index() != m_device->index())
                    throw TypeMismatch(
                        "a kernel loaded on " + describe() + " cannot be launched on a queue of "
                        + queue.device()->name() + " (" + queue.device()->backend().name() + ")");
                auto const grid = toXyz(workDiv.gridBlocks, "grid_blocks");
                auto const block = toXyz(workDiv.blockThreads, "block_threads");
                LaunchParams launch(workDiv, args, argCount);
                auto const sharedBytes = checkedDynSharedBytes(launch);
                if(cooperative)
                    if(auto const max = residentBlocks(workDiv, sharedBytes); workDiv.gridBlocks.product() > max)
                        throw std::invalid_argument(
                            "cooperative kernel launch on " + describe() + ": the grid has "
                            + std::to_string(workDiv.gridBlocks.product()) + " blocks, but at most "
                            + std::to_string(max)
                            + " blocks of this shape can run at the same time (pyalpaka.max_active_blocks); a grid "
                              "barrier needs every block running: launch at most that many blocks");
                auto** params = launch.kernelParams();
                cuda->submit(
                    [&](CUstream stream)
                    {
                        if(cooperative)
                            PYALPAKA_CU_CHECK(
                                cuLaunchCooperativeKernel,
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
                            PYALPAKA_CU_CHECK(
                                cuLaunchKernel,
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
            //! The parameters of pyalpaka_dyn_shared_bytes(out, blockThreads, elems, args...) and, from the third on,
            //! of pyalpaka_kernel(elems, args...).
            class LaunchParams
            {
            public:
                LaunchParams(WorkDiv const& workDiv, void const* const* args, std::size_t argCount)
                {
                    if(argCount + 3 > m_params.size())
                        throw std::invalid_argument(
                            "a cuda kernel launch takes at most " + std::to_string(m_params.size() - 3)
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
                return m_device->name() + " (cuda:" + std::to_string(m_device->index()) + ")";
            }

            //! Runs pyalpaka_dyn_shared_bytes on a helper stream (it reads no memory, so it need not wait for the
            //! queue's work). Evaluated per launch: the kernel's trait may depend on every argument value. Kernels
            //! that do not specialize the trait need no such run (each would cost a device round trip).
            auto dynSharedBytes(LaunchParams& launch) -> unsigned long long
            {
                if(m_dynSharedUnspecialized)
                    return 0;
                std::lock_guard lock(m_mutex);
                ContextScope scope(m_device->context());
                if(m_helperStream == nullptr)
                {
                    m_result = m_device->allocate(sizeof(unsigned long long));
                    PYALPAKA_CU_CHECK(cuStreamCreate, &m_helperStream, CU_STREAM_NON_BLOCKING);
                }
                void* out = m_result.get();
                PYALPAKA_CU_CHECK(
                    cuLaunchKernel,
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
                c.srcDevice = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(out));
                c.srcPitch = sizeof(bytes);
                c.dstMemoryType = MemoryHost;
                c.dstHost = &bytes;
                c.dstPitch = sizeof(bytes);
                c.widthInBytes = sizeof(bytes);
                c.height = 1;
                PYALPAKA_CU_CHECK(cuMemcpy2DAsync_v2, &c, m_helperStream);
                PYALPAKA_CU_CHECK(cuStreamSynchronize, m_helperStream);
                return bytes;
            }

            //! dynSharedBytes, checked against the device's limit, with the kernel's opt-in limit set where needed.
            auto checkedDynSharedBytes(LaunchParams& launch) -> unsigned
            {
                auto const bytes = dynSharedBytes(launch);
                auto const limit = static_cast<unsigned long long>(m_device->attributes().sharedMemPerBlockOptin);
                if(bytes > limit)
                    throw std::invalid_argument(
                        "kernel launch on 'cuda': the kernel asks for " + std::to_string(bytes)
                        + " bytes of dynamic block shared memory, at most " + std::to_string(limit)
                        + " bytes per block are available on " + m_device->name());
                optIn(bytes);
                return static_cast<unsigned>(bytes);
            }

            //! Raises the kernel's dynamic shared memory limit to `bytes` where that is beyond the default.
            void optIn(unsigned long long bytes)
            {
                if(bytes <= defaultDynSharedLimit)
                    return; // the launch path's usual case, without the lock
                std::lock_guard lock(m_mutex);
                if(bytes > m_optedInBytes)
                {
                    ContextScope scope(m_device->context());
                    PYALPAKA_CU_CHECK(
                        cuFuncSetAttribute,
                        m_kernel,
                        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
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
                ContextScope scope(m_device->context());
                PYALPAKA_CU_CHECK(
                    cuOccupancyMaxActiveBlocksPerMultiprocessor,
                    &perMultiprocessor,
                    m_kernel,
                    static_cast<int>(workDiv.blockThreads.product()),
                    sharedBytes);
                return static_cast<std::size_t>(std::max(perMultiprocessor, 0))
                       * static_cast<std::size_t>(attributes.multiprocessorCount);
            }

            std::shared_ptr<CudaDevice> m_device;
            std::string m_path;
            CUmodule m_module = nullptr;
            CUfunction m_kernel = nullptr;
            CUfunction m_dynShared = nullptr;
            CUstream m_helperStream = nullptr;
            std::shared_ptr<void> m_result;
            std::mutex m_mutex;
            unsigned long long m_optedInBytes = 0;
            bool m_dynSharedUnspecialized = false;
        };
    } // namespace

    auto CudaDevice::loadGpuKernel(std::string const& path) -> std::shared_ptr<GpuKernel>
    {
        return std::make_shared<CudaKernel>(std::static_pointer_cast<CudaDevice>(shared_from_this()), path);
    }

    auto CudaDevice::linkPtx(std::string const& ptx) -> std::string
    {
        constexpr int errorLogBuffer = 5; // CU_JIT_ERROR_LOG_BUFFER
        constexpr int errorLogBytes = 6;  // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
        constexpr int inputPtx = 1;       // CU_JIT_INPUT_PTX
        ContextScope scope(m_context);
        std::array<char, 4096> log{};
        std::array<int, 2> options{errorLogBuffer, errorLogBytes};
        std::array<void*, 2> values{log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(log.size()))};
        CUlinkState state = nullptr;
        PYALPAKA_CU_CHECK(cuLinkCreate_v2, 2u, options.data(), values.data(), &state);
        struct Destroy
        {
            CUlinkState state;

            ~Destroy()
            {
                static_cast<void>(driver().cuLinkDestroy(state));
            }
        } const destroy{state};
        // The driver reads the PTX up to its terminating NUL, which std::string keeps after its last character.
        auto* const text = const_cast<char*>(ptx.c_str());
        if(CUresult const status
           = driver().cuLinkAddData_v2(state, inputPtx, text, ptx.size() + 1, "kernel.ptx", 0, nullptr, nullptr);
           status != CUDA_SUCCESS)
            throw std::runtime_error(describeError(status, "cuLinkAddData_v2") + ": " + log.data());
        void* image = nullptr;
        std::size_t bytes = 0;
        if(CUresult const status = driver().cuLinkComplete(state, &image, &bytes); status != CUDA_SUCCESS)
            throw std::runtime_error(describeError(status, "cuLinkComplete") + ": " + log.data());
        return {static_cast<char const*>(image), bytes}; // the image belongs to the link state: copied before Destroy
    }
} // namespace pyalpaka::rt::cuda
