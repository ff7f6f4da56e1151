// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Kernel launches on CUDA/HIP and the accelerator traits of AccGpuCudaRt/AccGpuHipRt. The task holds the work
//! division, the kernel object and its arguments; enqueueing it validates the work division against the device and
//! the compiled kernel (an invalid one throws before anything is launched), sizes the dynamic shared memory, maps
//! alpaka's [z][y][x] extents to grid and block dim3 (x fastest) and launches a __global__ entry that constructs
//! the accelerator and calls the kernel. Launch errors are checked at once.
//! The task and the accelerator traits that size and validate it are one file (about 400 lines): each needs the
//! other's view of the compiled kernel's attributes.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE && !ALPAKA_RTC

#    include "alpaka/acc/AccDevProps.hpp"
#    include "alpaka/acc/AccGpuUniformCudaHipRt.hpp"
#    include "alpaka/acc/Traits.hpp"
#    include "alpaka/core/Debug.hpp"
#    include "alpaka/core/DemangleTypeNames.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/cudaHip/DeviceInfo.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/detail/cudaHip/Dim3.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/dim/Traits.hpp"
#    include "alpaka/idx/Traits.hpp"
#    include "alpaka/kernel/KernelFunctionAttributes.hpp"
#    include "alpaka/kernel/Traits.hpp"
#    include "alpaka/platform/PlatformUniformCudaHipRt.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"
#    include "alpaka/workdiv/Traits.hpp"
#    include "alpaka/workdiv/WorkDivMembers.hpp"
#    include "alpaka/workdiv/WorkDivValidation.hpp"

#    include <algorithm>
#    include <cstddef>
#    include <cstdint>
#    include <limits>
#    include <mutex>
#    include <stdexcept>
#    include <string>
#    include <tuple>
#    include <utility>
#    include <vector>

namespace alpaka
{
    namespace detail::cudaHip
    {
        //! Selects the cooperative constructor of TaskKernelGpuUniformCudaHipRt.
        struct CooperativeLaunch
        {
        };

        //! The __global__ function every alpaka kernel launches through.
        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        __global__ void gpuKernelEntry(
            Vec<typename TAcc::DimT, typename TAcc::IdxT> const threadElemExtent,
            TKernelFnObj const kernelFnObj,
            TArgs... args)
        {
            TAcc const acc(GpuLaunchKey{}, threadElemExtent);
            kernelFnObj(acc, args...);
        }

        //! The compiled kernel's attributes on a device, read once per kernel and device.
        template<typename TApi, typename TKernel>
        auto kernelAttributes(TKernel* kernel, int dev) -> typename TApi::FuncAttributes_t
        {
            static std::mutex mutex;
            static std::vector<std::pair<int, typename TApi::FuncAttributes_t>> cache;
            std::lock_guard<std::mutex> const lock(mutex);
            for(auto const& entry : cache)
                if(entry.first == dev)
                    return entry.second;
            setDevice<TApi>(dev);
            typename TApi::FuncAttributes_t attributes{};
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::funcGetAttributes(&attributes, kernel));
            cache.emplace_back(dev, attributes);
            return attributes;
        }

        //! Blocks of blockThreads threads that can run at once on dev: the largest cooperative grid (0 for a block
        //! the kernel cannot run).
        template<typename TApi, typename TKernel>
        auto cooperativeBlocksMax(
            DevUniformCudaHipRt<TApi> const& dev, TKernel* kernel, std::size_t blockThreads, std::size_t dynBytes)
            -> int
        {
            auto const attributes = kernelAttributes<TApi>(kernel, dev.getNativeHandle());
            if(blockThreads == 0 || blockThreads > static_cast<std::size_t>(attributes.maxThreadsPerBlock))
                return 0;
            dev.makeCurrent();
            int perMultiprocessor = 0;
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                TApi,
                TApi::occupancyMaxActiveBlocksPerMultiprocessor(
                    &perMultiprocessor, kernel, static_cast<int>(blockThreads), dynBytes));
            return perMultiprocessor * deviceProperties<TApi>(dev.getNativeHandle()).multiProcessorCount;
        }

        template<typename TIdx, typename TValue>
        auto clipToIdx(TValue value) -> TIdx
        {
            auto const max = static_cast<long double>(std::numeric_limits<TIdx>::max());
            return static_cast<TIdx>(std::min(static_cast<long double>(value), max));
        }
    } // namespace detail::cudaHip

    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    class TaskKernelGpuUniformCudaHipRt final : public WorkDivMembers<typename TAcc::DimT, typename TAcc::IdxT>
    {
    public:
        using Api = typename TAcc::Api;
        using DimT = typename TAcc::DimT;
        using IdxT = typename TAcc::IdxT;
        using WorkDiv = WorkDivMembers<DimT, IdxT>;

        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelGpuUniformCudaHipRt(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            : WorkDiv(workDiv)
            , m_kernelFnObj(kernelFnObj)
            , m_args(std::forward<TArgsFwd>(args)...)
        {
        }

        //! A cooperative launch (createTaskCooperativeKernel): all blocks at once, syncGridThreads allowed.
        template<typename TWorkDiv, typename... TArgsFwd>
        TaskKernelGpuUniformCudaHipRt(
            detail::cudaHip::CooperativeLaunch,
            TWorkDiv const& workDiv,
            TKernelFnObj const& kernelFnObj,
            TArgsFwd&&... args)
            : TaskKernelGpuUniformCudaHipRt(workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...)
        {
            m_cooperative = true;
        }

        //! Validates and launches in stream on device dev.
        void launch(DevUniformCudaHipRt<Api> const& dev, typename Api::Stream_t stream) const
        {
            WorkDiv const& workDiv = *this;
            // An empty launch runs nothing (the GPU runtimes would reject its grid): as upstream, it is skipped.
            if(detail::isEmptyWorkDiv(workDiv))
                return;
            auto* const kernel = &detail::cudaHip::gpuKernelEntry<TAcc, TKernelFnObj, TArgs...>;
            auto const props = getAccDevProps<TAcc>(dev);
            auto const attributes = detail::cudaHip::kernelAttributes<Api>(kernel, dev.getNativeHandle());
            detail::throwIfInvalidWorkDiv(
                props,
                workDiv,
                [] { return getAccName<TAcc>(); },
                detail::cudaHip::clipToIdx<IdxT>(attributes.maxThreadsPerBlock));
            auto const blockThreads = getWorkDiv<Block, Threads>(workDiv);
            auto const threadElems = getWorkDiv<Thread, Elems>(workDiv);
            std::size_t const dynBytes = std::apply(
                [&](TArgs const&... args)
                { return getBlockSharedMemDynSizeBytes<TAcc>(m_kernelFnObj, blockThreads, threadElems, args...); },
                m_args);
            std::size_t const staticBytes = attributes.sharedSizeBytes;
            if(dynBytes + staticBytes > props.m_sharedMemSizeBytes)
                throw std::runtime_error(
                    "kernel launch on " + getAccName<TAcc>() + ": the kernel needs " + std::to_string(dynBytes)
                    + " bytes of dynamic and " + std::to_string(staticBytes)
                    + " bytes of static block shared memory, the device has "
                    + std::to_string(props.m_sharedMemSizeBytes) + " bytes per block");
            auto const grid = detail::cudaHip::xyzFromVec(getWorkDiv<Grid, Blocks>(workDiv));
            auto const block = detail::cudaHip::xyzFromVec(blockThreads);
            ALPAKA_DEBUG_FULL_LOG(
                "kernel launch on " << getAccName<TAcc>() << ": gridBlockExtent " << getWorkDiv<Grid, Blocks>(workDiv)
                                    << ", blockThreadExtent " << blockThreads << ", threadElemExtent " << threadElems
                                    << ", " << dynBytes << " bytes of dynamic shared memory");
            dev.makeCurrent();
            if(m_cooperative)
            {
                launchCooperative(dev, stream, kernel, grid, block, threadElems, dynBytes);
                return;
            }
            std::apply(
                [&](TArgs const&... args)
                {
                    kernel<<<dim3(grid.x, grid.y, grid.z), dim3(block.x, block.y, block.z), dynBytes, stream>>>(
                        threadElems, m_kernelFnObj, args...);
                },
                m_args);
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(Api, Api::getLastError());
        }

    private:
        template<typename TKernel, typename TXyz>
        void launchCooperative(
            DevUniformCudaHipRt<Api> const& dev,
            typename Api::Stream_t stream,
            TKernel* kernel,
            TXyz const& grid,
            TXyz const& block,
            Vec<DimT, IdxT> const& threadElems,
            std::size_t dynBytes) const
        {
            WorkDiv const& workDiv = *this;
            auto const blocks = static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(workDiv).prod());
            int const max = detail::cudaHip::cooperativeBlocksMax<Api>(
                dev, kernel, static_cast<std::size_t>(getWorkDiv<Block, Threads>(workDiv).prod()), dynBytes);
            if(blocks > static_cast<std::size_t>(max))
                throw std::runtime_error(
                    "cooperative kernel launch on " + getAccName<TAcc>() + ": the grid has " + std::to_string(blocks)
                    + " blocks, but at most " + std::to_string(max)
                    + " can run at the same time (alpaka::getMaxActiveBlocks); a grid barrier needs every block "
                      "running: launch at most that many blocks");
            std::apply(
                [&](TArgs const&... args)
                {
                    // The runtime copies each parameter from these addresses when the launch is enqueued.
                    void* params[]
                        = {const_cast<void*>(static_cast<void const*>(&threadElems)),
                           const_cast<void*>(static_cast<void const*>(&m_kernelFnObj)),
                           const_cast<void*>(static_cast<void const*>(&args))...};
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                        Api,
                        Api::launchCooperativeKernel(
                            kernel,
                            dim3(grid.x, grid.y, grid.z),
                            dim3(block.x, block.y, block.z),
                            params,
                            dynBytes,
                            stream));
                },
                m_args);
        }

        TKernelFnObj m_kernelFnObj;
        std::tuple<TArgs...> m_args;
        bool m_cooperative = false;
    };

    namespace trait
    {
        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        struct AccType<TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
        {
            using type = TAcc;
        };

        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        struct DevType<TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
        {
            using type = DevUniformCudaHipRt<typename TAcc::Api>;
        };

        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        struct DimType<TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
        {
            using type = typename TAcc::DimT;
        };

        template<typename TAcc, typename TKernelFnObj, typename... TArgs>
        struct IdxType<TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
        {
            using type = typename TAcc::IdxT;
        };

        //! Launches the kernel in the queue's stream (a blocking queue then waits for it).
        template<typename TApi, bool TBlocking, typename TAcc, typename TKernelFnObj, typename... TArgs>
        struct Enqueue<
            QueueUniformCudaHipRt<TApi, TBlocking>,
            TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
        {
            static auto enqueue(
                QueueUniformCudaHipRt<TApi, TBlocking>& queue,
                TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...> const& task) -> void
            {
                static_assert(
                    std::is_same_v<typename TAcc::Api, TApi>,
                    "a kernel task must be enqueued in a queue of its accelerator's runtime");
                auto const begin = queue.traceBegin();
                task.launch(queue.dev(), queue.getNativeHandle());
                queue.afterEnqueueOf(task, begin);
            }
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct DevType<TAcc>
        {
            using type = DevUniformCudaHipRt<typename TAcc::Api>;
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct PlatformType<TAcc>
        {
            using type = PlatformUniformCudaHipRt<typename TAcc::Api>;
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct GetAccName<TAcc>
        {
            static auto getAccName() -> std::string
            {
                return std::string(TAcc::accName) + "<" + std::to_string(TAcc::DimT::value) + ","
                       + core::demangled<typename TAcc::IdxT> + ">";
            }
        };

        //! The limits of the device's properties (x of CUDA is alpaka's last dimension).
        template<detail::cudaHip::GpuAccelerator TAcc>
        struct GetAccDevProps<TAcc>
        {
            using TDim = typename TAcc::DimT;
            using TIdx = typename TAcc::IdxT;

            static auto getAccDevProps(DevUniformCudaHipRt<typename TAcc::Api> const& dev) -> AccDevProps<TDim, TIdx>
            {
                using detail::cudaHip::clipToIdx;
                auto const& p = detail::cudaHip::deviceProperties<typename TAcc::Api>(dev.getNativeHandle());
                struct Xyz
                {
                    TIdx x, y, z;
                };
                Xyz const gridMax{
                    clipToIdx<TIdx>(p.maxGridSize[0]),
                    clipToIdx<TIdx>(p.maxGridSize[1]),
                    clipToIdx<TIdx>(p.maxGridSize[2])};
                Xyz const blockMax{
                    clipToIdx<TIdx>(p.maxThreadsDim[0]),
                    clipToIdx<TIdx>(p.maxThreadsDim[1]),
                    clipToIdx<TIdx>(p.maxThreadsDim[2])};
                long double gridCount = 1;
                for(std::size_t i = 0; i < 3; ++i)
                    gridCount *= static_cast<long double>(p.maxGridSize[i]);
                constexpr TIdx idxMax = std::numeric_limits<TIdx>::max();
                return {
                    clipToIdx<TIdx>(p.multiProcessorCount),
                    detail::cudaHip::vecFromXyz<TDim, TIdx>(gridMax),
                    clipToIdx<TIdx>(gridCount),
                    detail::cudaHip::vecFromXyz<TDim, TIdx>(blockMax),
                    clipToIdx<TIdx>(p.maxThreadsPerBlock),
                    Vec<TDim, TIdx>::all(idxMax),
                    idxMax,
                    static_cast<std::size_t>(p.sharedMemPerBlock),
                    static_cast<std::size_t>(p.totalGlobalMem),
                    p.cooperativeLaunch != 0};
            }
        };

        template<detail::cudaHip::GpuAccelerator TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskKernel<TAcc, TWorkDiv, TKernelFnObj, TArgs...>
        {
            template<typename... TArgsFwd>
            static auto createTaskKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            {
                return TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>(
                    workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...);
            }
        };

        template<detail::cudaHip::GpuAccelerator TAcc, typename TWorkDiv, typename TKernelFnObj, typename... TArgs>
        struct CreateTaskCooperativeKernel<TAcc, TWorkDiv, TKernelFnObj, TArgs...>
        {
            //! The grid is checked against getMaxActiveBlocks when the task is enqueued (the device is known then).
            template<typename... TArgsFwd>
            static auto
            createTaskCooperativeKernel(TWorkDiv const& workDiv, TKernelFnObj const& kernelFnObj, TArgsFwd&&... args)
            {
                return TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>(
                    detail::cudaHip::CooperativeLaunch{}, workDiv, kernelFnObj, std::forward<TArgsFwd>(args)...);
            }
        };

        //! cudaOccupancyMaxActiveBlocksPerMultiprocessor times the multiprocessors.
        template<detail::cudaHip::GpuAccelerator TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
        struct MaxActiveBlocks<TAcc, TDev, TKernelFnObj, TArgs...>
        {
            using Vec = alpaka::Vec<typename TAcc::DimT, typename TAcc::IdxT>;

            static auto getMaxActiveBlocks(
                TDev const& dev,
                TKernelFnObj const& kernelFnObj,
                Vec const& blockThreadExtent,
                Vec const& threadElemExtent,
                TArgs const&... args) -> int
            {
                auto* const kernel = &detail::cudaHip::gpuKernelEntry<TAcc, TKernelFnObj, TArgs...>;
                std::size_t const dynBytes
                    = getBlockSharedMemDynSizeBytes<TAcc>(kernelFnObj, blockThreadExtent, threadElemExtent, args...);
                return detail::cudaHip::cooperativeBlocksMax<typename TAcc::Api>(
                    dev, kernel, static_cast<std::size_t>(blockThreadExtent.prod()), dynBytes);
            }
        };

        //! The compiled kernel's attributes (cudaFuncGetAttributes of its __global__ entry).
        template<detail::cudaHip::GpuAccelerator TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
        struct FunctionAttributes<TAcc, TDev, TKernelFnObj, TArgs...>
        {
            static auto
            getFunctionAttributes(TDev const& dev, TKernelFnObj const&, TArgs const&...) -> KernelFunctionAttributes
            {
                using Api = typename TAcc::Api;
                auto* const kernel = &detail::cudaHip::gpuKernelEntry<TAcc, TKernelFnObj, TArgs...>;
                auto const a = detail::cudaHip::kernelAttributes<Api>(kernel, dev.getNativeHandle());
                KernelFunctionAttributes attributes;
                attributes.constSizeBytes = a.constSizeBytes;
                attributes.localSizeBytes = a.localSizeBytes;
                attributes.sharedSizeBytes = a.sharedSizeBytes;
                attributes.maxDynamicSharedSizeBytes = a.maxDynamicSharedSizeBytes;
                attributes.numRegs = a.numRegs;
                attributes.asmVersion = a.ptxVersion;
                attributes.maxThreadsPerBlock = a.maxThreadsPerBlock;
                return attributes;
            }
        };
    } // namespace trait
    //! A GPU kernel launch in a trace: the kernel's type and the work division.
    template<typename TAcc, typename TKernelFnObj, typename... TArgs>
    struct trace::trait::Describe<TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...>>
    {
        static auto describe(TaskKernelGpuUniformCudaHipRt<TAcc, TKernelFnObj, TArgs...> const& task) -> Description
        {
            constexpr std::size_t dim = TAcc::DimT::value;
            std::size_t extents[3][dim + 1]{};
            for(std::size_t i = 0; i != dim; ++i)
            {
                extents[0][i] = static_cast<std::size_t>(getWorkDiv<Grid, Blocks>(task)[i]);
                extents[1][i] = static_cast<std::size_t>(getWorkDiv<Block, Threads>(task)[i]);
                extents[2][i] = static_cast<std::size_t>(getWorkDiv<Thread, Elems>(task)[i]);
            }
            return describeKernel(typeid(TKernelFnObj), dim, extents[0], extents[1], extents[2], 0);
        }
    };
} // namespace alpaka

#endif
