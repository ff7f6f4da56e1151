// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! CudaBackend and CudaDevice: devices and their limits from the driver's device attributes; work divisions with
//! alpaka's own algorithm and checks over an AccDevProps filled as alpaka's CUDA accelerator fills it.

#include <alpaka/workdiv/WorkDivHelpers.hpp>

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

#include "CudaRuntime.hpp"
#include "runtime/AlpakaExtents.hpp"
#include "runtime/Dispatch.hpp"
#include "runtime/Errors.hpp"

namespace pyalpaka::rt::cuda
{
    namespace
    {
        auto attribute(CUdevice device, CUdeviceAttribute which) -> int
        {
            int value = 0;
            PYALPAKA_CU_CHECK(cuDeviceGetAttribute, &value, which, device);
            return value;
        }

        auto positive(int value) -> std::size_t
        {
            return value > 0 ? static_cast<std::size_t>(value) : 0;
        }

        //! alpaka's [z][y][x] order: CUDA's x is the last component.
        auto fromXyz(int const (&xyz)[3], std::size_t dim) -> Extents
        {
            Extents e;
            e.dim = dim;
            for(std::size_t i = 0; i < dim; ++i)
                e.values[dim - 1 - i] = positive(xyz[i]);
            return e;
        }

        template<std::size_t TDim>
        auto toAlpaka(DevProps const& p) -> alpaka::AccDevProps<alpaka::DimInt<TDim>, std::size_t>
        {
            return {
                p.multiProcessorCount,
                toVec<TDim>(p.gridBlockExtentMax),
                p.gridBlockCountMax,
                toVec<TDim>(p.blockThreadExtentMax),
                p.blockThreadCountMax,
                toVec<TDim>(p.threadElemExtentMax),
                p.threadElemCountMax,
                p.sharedMemSizeBytes,
                p.globalMemSizeBytes};
        }

        auto cudaDevice(Device const& dev) -> CudaDevice const&
        {
            auto const* cuda = dynamic_cast<CudaDevice const*>(&dev);
            if(cuda == nullptr)
                throw TypeMismatch("a device of back-end '" + dev.backend().name() + "' is not a cuda device");
            return *cuda;
        }
    } // namespace

    CudaDevice::CudaDevice(CudaBackend& backend, std::size_t index)
        : m_backend(backend)
        , m_index(index)
    {
        PYALPAKA_CU_CHECK(cuDeviceGet, &m_device, static_cast<int>(index));
        std::array<char, 256> name{};
        PYALPAKA_CU_CHECK(cuDeviceGetName, name.data(), static_cast<int>(name.size() - 1), m_device);
        m_name = name.data();
        PYALPAKA_CU_CHECK(cuDeviceTotalMem_v2, &m_totalMemory, m_device);
        auto& a = m_attributes;
        a.maxThreadsPerBlock = attribute(m_device, MaxThreadsPerBlock);
        a.maxBlockDim[0] = attribute(m_device, MaxBlockDimX);
        a.maxBlockDim[1] = attribute(m_device, MaxBlockDimY);
        a.maxBlockDim[2] = attribute(m_device, MaxBlockDimZ);
        a.maxGridDim[0] = attribute(m_device, MaxGridDimX);
        a.maxGridDim[1] = attribute(m_device, MaxGridDimY);
        a.maxGridDim[2] = attribute(m_device, MaxGridDimZ);
        a.sharedMemPerBlock = attribute(m_device, MaxSharedMemoryPerBlock);
        a.sharedMemPerBlockOptin = std::max(a.sharedMemPerBlock, attribute(m_device, MaxSharedMemoryPerBlockOptin));
        a.warpSize = attribute(m_device, WarpSize);
        a.multiprocessorCount = attribute(m_device, MultiprocessorCount);
        a.cooperativeLaunch = attribute(m_device, CooperativeLaunch) != 0;
        a.ccMajor = attribute(m_device, ComputeCapabilityMajor);
        a.ccMinor = attribute(m_device, ComputeCapabilityMinor);
        // Every launch checks its work division against these: computed once, not per launch.
        for(std::size_t dim = 1; dim <= maxWorkDivDim; ++dim)
            m_props[dim - 1] = computeProps(dim);
        PYALPAKA_CU_CHECK(cuDevicePrimaryCtxRetain, &m_context, m_device);
        initMemoryPools(deviceMemory(), pinnedMemory());
    }

    CudaDevice::~CudaDevice()
    {
        releaseMemoryPools();
        (void)driver().cuDevicePrimaryCtxRelease_v2(m_device);
    }

    auto CudaDevice::deviceMemory() -> MemoryPool::Source
    {
        MemoryPool::Source source;
        source.deviceName = m_name + " (cuda:" + std::to_string(m_index) + ")";
        source.deviceBytes = m_totalMemory;
        source.allocate = [this](std::size_t bytes) -> void*
        {
            ContextScope scope(m_context);
            CUdeviceptr pointer = 0;
            CUresult const status = driver().cuMemAlloc_v2(&pointer, bytes);
            if(status == CUDA_ERROR_OUT_OF_MEMORY)
                return nullptr;
            check(status, "cuMemAlloc_v2");
            return reinterpret_cast<void*>(static_cast<std::uintptr_t>(pointer));
        };
        source.free = [this](void* pointer, std::size_t)
        {
            // Errors cannot be reported from here (a deleter, possibly at interpreter exit): the memory is lost.
            ContextScope const scope(m_context, std::nothrow);
            if(scope.entered())
                (void)driver().cuMemFree_v2(static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(pointer)));
        };
        return source;
    }

    auto CudaDevice::pinnedMemory() -> MemoryPool::Source
    {
        MemoryPool::Source source;
        source.deviceName = "the host, pinned for " + m_name + " (cuda:" + std::to_string(m_index) + ")";
        source.deviceBytes = m_totalMemory;
        source.allocate = [this](std::size_t bytes) -> void*
        {
            ContextScope scope(m_context);
            void* pointer = nullptr;
            CUresult const status
                = driver().cuMemHostAlloc(&pointer, bytes, MemHostAllocPortable | MemHostAllocDeviceMap);
            if(status == CUDA_ERROR_OUT_OF_MEMORY)
                return nullptr;
            check(status, "cuMemHostAlloc");
            return pointer;
        };
        source.free = [this](void* pointer, std::size_t)
        {
            ContextScope const scope(m_context, std::nothrow);
            if(scope.entered())
                (void)driver().cuMemFreeHost(pointer);
        };
        return source;
    }

    auto CudaDevice::backend() const -> Backend&
    {
        return m_backend;
    }

    auto CudaDevice::freeMemoryBytes() const -> std::size_t
    {
        ContextScope scope(m_context);
        std::size_t free = 0;
        std::size_t total = 0;
        PYALPAKA_CU_CHECK(cuMemGetInfo_v2, &free, &total);
        return free;
    }

    auto CudaDevice::warpSizes() const -> std::vector<std::size_t>
    {
        return {positive(m_attributes.warpSize)};
    }

    auto CudaDevice::makeQueue(bool blocking) -> std::shared_ptr<Queue>
    {
        return std::make_shared<CudaQueue>(std::static_pointer_cast<CudaDevice>(shared_from_this()), blocking);
    }

    auto CudaDevice::makeEvent() -> std::shared_ptr<Event>
    {
        return std::make_shared<CudaEvent>(std::static_pointer_cast<CudaDevice>(shared_from_this()));
    }

    void CudaDevice::wait()
    {
        ContextScope scope(m_context);
        PYALPAKA_CU_CHECK(cuCtxSynchronize);
    }

    auto CudaDevice::architecture() const -> std::string
    {
        return "sm_" + std::to_string(m_attributes.ccMajor) + std::to_string(m_attributes.ccMinor);
    }

    auto CudaDevice::props(std::size_t dim) const -> DevProps const&
    {
        if(dim < 1 || dim > maxWorkDivDim)
            throw std::invalid_argument(
                "device properties are given for 1 to 3 dimensions, got " + std::to_string(dim));
        return m_props[dim - 1];
    }

    auto CudaDevice::computeProps(std::size_t dim) const -> DevProps
    {
        auto const& a = m_attributes;
        DevProps p;
        p.multiProcessorCount = positive(a.multiprocessorCount);
        p.gridBlockExtentMax = fromXyz(a.maxGridDim, dim);
        // The product of the three grid limits, clipped: alpaka's CUDA accelerator counts the whole 3-D grid.
        long double gridCount = 1;
        for(int const extent : a.maxGridDim)
            gridCount *= static_cast<long double>(extent);
        auto constexpr sizeMax = std::numeric_limits<std::size_t>::max();
        p.gridBlockCountMax
            = gridCount >= static_cast<long double>(sizeMax) ? sizeMax : static_cast<std::size_t>(gridCount);
        p.blockThreadExtentMax = fromXyz(a.maxBlockDim, dim);
        p.blockThreadCountMax = positive(a.maxThreadsPerBlock);
        p.threadElemExtentMax.dim = dim;
        for(std::size_t i = 0; i < dim; ++i)
            p.threadElemExtentMax.values[i] = sizeMax;
        p.threadElemCountMax = sizeMax;
        p.sharedMemSizeBytes = positive(a.sharedMemPerBlock);
        p.globalMemSizeBytes = m_totalMemory;
        return p;
    }

    CudaBackend::CudaBackend(std::size_t deviceCount)
        : m_deviceCount(deviceCount)
    {
    }

    auto CudaBackend::device(std::size_t index) -> std::shared_ptr<Device>
    {
        std::lock_guard lock(m_mutex);
        if(index >= m_deviceCount)
            throw std::out_of_range(
                "device index " + std::to_string(index) + " is out of range: back-end 'cuda' has "
                + std::to_string(m_deviceCount) + " device" + (m_deviceCount == 1 ? "" : "s"));
        if(m_devices.size() < m_deviceCount)
            m_devices.resize(m_deviceCount);
        if(!m_devices[index])
            m_devices[index] = std::make_shared<CudaDevice>(*this, index);
        return m_devices[index];
    }

    auto CudaBackend::openedDevice(std::string const& arch) -> std::shared_ptr<Device>
    {
        std::lock_guard lock(m_mutex);
        for(auto const& device : m_devices)
            if(device && device->architecture() == arch)
                return device;
        return nullptr;
    }

    auto CudaBackend::props(Device const& dev, std::size_t dim) -> DevProps
    {
        return cudaDevice(dev).props(dim);
    }

    auto CudaBackend::validWorkDiv(
        Device const& dev,
        Extents const& gridElems,
        Extents const& threadElems,
        bool blockThreadsMustDivide,
        SubDivRestrictions restrictions) -> WorkDiv
    {
        checkValidWorkDivRequest(gridElems, threadElems);
        auto const& device = cudaDevice(dev);
        // One element per thread where the caller leaves the choice to the back-end, as alpaka's GPU back-ends do.
        Extents elems = threadElems;
        for(std::size_t i = 0; i < elems.dim; ++i)
            if(elems.values[i] == 0)
                elems.values[i] = 1;
        return withDim<maxWorkDivDim>(
            gridElems.dim,
            "a work division",
            [&](auto d)
            {
                constexpr std::size_t dim = decltype(d)::value;
                auto const w = alpaka::subDivideGridElems(
                    toVec<dim>(gridElems),
                    toVec<dim>(elems),
                    toAlpaka<dim>(device.props(dim)),
                    blockThreadsMustDivide,
                    static_cast<alpaka::GridBlockExtentSubDivRestrictions>(restrictions));
                return WorkDiv{
                    toExtents(alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(w)),
                    toExtents(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(w)),
                    toExtents(alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(w))};
            });
    }

    void CudaBackend::checkWorkDiv(Device const& dev, WorkDiv const& workDiv)
    {
        checkWorkDivShape(workDiv);
        auto const& device = cudaDevice(dev);
        withDim<maxWorkDivDim>(
            workDiv.dim(),
            "a work division",
            [&](auto d)
            {
                constexpr std::size_t dim = decltype(d)::value;
                alpaka::WorkDivMembers<alpaka::DimInt<dim>, std::size_t> const members(
                    toVec<dim>(workDiv.gridBlocks), toVec<dim>(workDiv.blockThreads), toVec<dim>(workDiv.threadElems));
                auto const problem = alpaka::detail::describeInvalidWorkDiv(toAlpaka<dim>(device.props(dim)), members);
                if(!problem.empty())
                    throw std::invalid_argument(toString(workDiv) + " is not valid for 'cuda': " + problem);
            });
    }

    auto makeCudaBackend(std::string& reason) -> Backend*
    {
        auto const& loaded = loadDriver();
        if(loaded.api == nullptr)
        {
            reason = loaded.reason;
            return nullptr;
        }
        int count = 0;
        if(CUresult const status = loaded.api->cuDeviceGetCount(&count); status != CUDA_SUCCESS)
        {
            reason = "no CUDA device found (" + describeError(status, "cuDeviceGetCount") + ")";
            return nullptr;
        }
        if(count <= 0)
        {
            reason = "no CUDA device found (the driver reports none)";
            return nullptr;
        }
        return new CudaBackend(static_cast<std::size_t>(count));
    }
} // namespace pyalpaka::rt::cuda
