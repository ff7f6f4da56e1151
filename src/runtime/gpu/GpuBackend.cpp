// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! GpuBackend and GpuDevice: devices and their limits from the API's device attributes; work divisions with
//! alpaka's own algorithm and checks over an AccDevProps filled as alpaka's CUDA and HIP accelerators fill it.

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

#include "GpuRuntime.hpp"
#include "runtime/Errors.hpp"
#include "runtime/GpuWorkDiv.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        auto attribute(Api const& api, DeviceOrdinal device, Attribute which) -> int
        {
            int value = 0;
            PYALPAKA_GPU_CHECK(
                api, deviceGetAttribute, &value, api.attributeCodes[static_cast<std::size_t>(which)], device);
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

        auto gpuDevice(Device const& dev) -> GpuDevice const&
        {
            auto const* gpu = dynamic_cast<GpuDevice const*>(&dev);
            if(gpu == nullptr)
                throw TypeMismatch("a device of back-end '" + dev.backend().name() + "' is not a GPU device");
            return *gpu;
        }
    } // namespace

    GpuDevice::GpuDevice(GpuBackend& backend, std::size_t index)
        : m_backend(backend)
        , m_api(backend.api())
        , m_index(index)
    {
        PYALPAKA_GPU_CHECK(api(), deviceGet, &m_device, static_cast<int>(index));
        std::array<char, 256> name{};
        PYALPAKA_GPU_CHECK(api(), deviceGetName, name.data(), static_cast<int>(name.size() - 1), m_device);
        m_name = name.data();
        PYALPAKA_GPU_CHECK(api(), deviceTotalMem, &m_totalMemory, m_device);
        auto& a = m_attributes;
        a.maxThreadsPerBlock = attribute(m_api, m_device, Attribute::MaxThreadsPerBlock);
        a.maxBlockDim[0] = attribute(m_api, m_device, Attribute::MaxBlockDimX);
        a.maxBlockDim[1] = attribute(m_api, m_device, Attribute::MaxBlockDimY);
        a.maxBlockDim[2] = attribute(m_api, m_device, Attribute::MaxBlockDimZ);
        a.maxGridDim[0] = attribute(m_api, m_device, Attribute::MaxGridDimX);
        a.maxGridDim[1] = attribute(m_api, m_device, Attribute::MaxGridDimY);
        a.maxGridDim[2] = attribute(m_api, m_device, Attribute::MaxGridDimZ);
        a.sharedMemPerBlock = attribute(m_api, m_device, Attribute::MaxSharedMemoryPerBlock);
        a.sharedMemPerBlockOptin
            = std::max(a.sharedMemPerBlock, attribute(m_api, m_device, Attribute::MaxSharedMemoryPerBlockOptin));
        a.warpSize = attribute(m_api, m_device, Attribute::WarpSize);
        a.multiprocessorCount = attribute(m_api, m_device, Attribute::MultiprocessorCount);
        a.cooperativeLaunch = attribute(m_api, m_device, Attribute::CooperativeLaunch) != 0;
        a.ccMajor = attribute(m_api, m_device, Attribute::ComputeCapabilityMajor);
        a.ccMinor = attribute(m_api, m_device, Attribute::ComputeCapabilityMinor);
        m_architecture = m_api.architecture(m_api, m_device);
        // Every launch checks its work division against these: computed once, not per launch.
        for(std::size_t dim = 1; dim <= maxWorkDivDim; ++dim)
            m_props[dim - 1] = computeProps(dim);
        PYALPAKA_GPU_CHECK(api(), devicePrimaryCtxRetain, &m_context, m_device);
        initMemoryPools(deviceMemory(), pinnedMemory());
    }

    GpuDevice::~GpuDevice()
    {
        releaseMemoryPools();
        (void)api().devicePrimaryCtxRelease(m_device);
    }

    auto GpuDevice::deviceMemory() -> MemoryPool::Source
    {
        MemoryPool::Source source;
        source.deviceName = describe();
        source.deviceBytes = m_totalMemory;
        source.allocate = [this](std::size_t bytes) -> void*
        {
            ContextScope scope(api(), m_context);
            DevicePtr pointer = 0;
            Result const status = api().memAlloc(&pointer, bytes);
            if(status == errorOutOfMemory)
                return nullptr;
            check(api(), status, api().memAlloc.symbol);
            return reinterpret_cast<void*>(static_cast<std::uintptr_t>(pointer));
        };
        source.free = [this](void* pointer, std::size_t)
        {
            // Errors cannot be reported from here (a deleter, possibly at interpreter exit): the memory is lost.
            ContextScope const scope(api(), m_context, std::nothrow);
            if(scope.entered())
                (void)api().memFree(static_cast<DevicePtr>(reinterpret_cast<std::uintptr_t>(pointer)));
        };
        return source;
    }

    auto GpuDevice::pinnedMemory() -> MemoryPool::Source
    {
        MemoryPool::Source source;
        source.deviceName = "the host, pinned for " + describe();
        source.deviceBytes = m_totalMemory;
        source.allocate = [this](std::size_t bytes) -> void*
        {
            ContextScope scope(api(), m_context);
            void* pointer = nullptr;
            Result const status = api().memHostAlloc(&pointer, bytes, memHostAllocPortable | memHostAllocDeviceMap);
            if(status == errorOutOfMemory)
                return nullptr;
            check(api(), status, api().memHostAlloc.symbol);
            return pointer;
        };
        source.free = [this](void* pointer, std::size_t)
        {
            ContextScope const scope(api(), m_context, std::nothrow);
            if(scope.entered())
                (void)api().memFreeHost(pointer);
        };
        return source;
    }

    auto GpuDevice::backend() const -> Backend&
    {
        return m_backend;
    }

    auto GpuDevice::memorySpace() const -> MemorySpace
    {
        return m_api.memorySpace;
    }

    auto GpuDevice::describe() const -> std::string
    {
        return m_name + " (" + m_api.backend + ":" + std::to_string(m_index) + ")";
    }

    auto GpuDevice::freeMemoryBytes() const -> std::size_t
    {
        ContextScope scope(api(), m_context);
        std::size_t free = 0;
        std::size_t total = 0;
        PYALPAKA_GPU_CHECK(api(), memGetInfo, &free, &total);
        return free;
    }

    auto GpuDevice::warpSizes() const -> std::vector<std::size_t>
    {
        return {positive(m_attributes.warpSize)};
    }

    auto GpuDevice::makeQueue(bool blocking) -> std::shared_ptr<Queue>
    {
        return std::make_shared<GpuQueue>(std::static_pointer_cast<GpuDevice>(shared_from_this()), blocking);
    }

    auto GpuDevice::makeEvent() -> std::shared_ptr<Event>
    {
        return std::make_shared<GpuEvent>(std::static_pointer_cast<GpuDevice>(shared_from_this()));
    }

    void GpuDevice::wait()
    {
        ContextScope scope(api(), m_context);
        PYALPAKA_GPU_CHECK(api(), ctxSynchronize);
    }

    auto GpuDevice::architecture() const -> std::string
    {
        return m_architecture;
    }

    auto GpuDevice::props(std::size_t dim) const -> DevProps const&
    {
        if(dim < 1 || dim > maxWorkDivDim)
            throw std::invalid_argument(
                "device properties are given for 1 to 3 dimensions, got " + std::to_string(dim));
        return m_props[dim - 1];
    }

    auto GpuDevice::computeProps(std::size_t dim) const -> DevProps
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

    GpuBackend::GpuBackend(Api const& api, std::size_t deviceCount)
        : m_api(api)
        , m_name(api.backend)
        , m_deviceCount(deviceCount)
    {
    }

    auto GpuBackend::device(std::size_t index) -> std::shared_ptr<Device>
    {
        std::lock_guard lock(m_mutex);
        if(index >= m_deviceCount)
            throw std::out_of_range(
                "device index " + std::to_string(index) + " is out of range: back-end '" + m_name + "' has "
                + std::to_string(m_deviceCount) + " device" + (m_deviceCount == 1 ? "" : "s"));
        if(m_devices.size() < m_deviceCount)
            m_devices.resize(m_deviceCount);
        if(!m_devices[index])
            m_devices[index] = std::make_shared<GpuDevice>(*this, index);
        return m_devices[index];
    }

    auto GpuBackend::openedDevice(std::string const& arch) -> std::shared_ptr<Device>
    {
        std::lock_guard lock(m_mutex);
        for(auto const& device : m_devices)
            if(device && device->architecture() == arch)
                return device;
        return nullptr;
    }

    auto GpuBackend::props(Device const& dev, std::size_t dim) -> DevProps
    {
        return gpuDevice(dev).props(dim);
    }

    auto GpuBackend::validWorkDiv(
        Device const& dev,
        Extents const& gridElems,
        Extents const& threadElems,
        bool blockThreadsMustDivide,
        SubDivRestrictions restrictions) -> WorkDiv
    {
        auto const& device = gpuDevice(dev);
        return gpuValidWorkDiv(
            [&](std::size_t dim) -> DevProps const& { return device.props(dim); },
            gridElems,
            threadElems,
            blockThreadsMustDivide,
            restrictions);
    }

    void GpuBackend::checkWorkDiv(Device const& dev, WorkDiv const& workDiv)
    {
        auto const& device = gpuDevice(dev);
        auto const problem
            = gpuWorkDivProblem([&](std::size_t dim) -> DevProps const& { return device.props(dim); }, workDiv);
        if(!problem.empty())
            throw std::invalid_argument(toString(workDiv) + " is not valid for '" + m_name + "': " + problem);
    }

    auto makeGpuBackend(ApiLoad const& load, std::string& reason) -> Backend*
    {
        if(load.api == nullptr)
        {
            reason = load.reason;
            return nullptr;
        }
        auto const& api = *load.api;
        int count = 0;
        if(Result const status = api.deviceGetCount(&count); status != success)
        {
            reason = std::string("no ") + api.vendor + " device found ("
                     + describeError(api, status, api.deviceGetCount.symbol) + ")";
            return nullptr;
        }
        if(count <= 0)
        {
            reason = std::string("no ") + api.vendor + " device found (" + api.library + " reports none)";
            return nullptr;
        }
        return new GpuBackend(api, static_cast<std::size_t>(count));
    }
} // namespace pyalpaka::rt::gpu
