// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BackendImpl<TTag>: the runtime's Backend, Device, Queue and Event for one alpaka back-end, written against
//! alpaka's generic API only (platform, device, queue, event, buffer traits), so every back-end shares it.
//! Kernels are launched with Acc<TTag, Dim> = TagToAcc<TTag, DimInt<Dim>, std::size_t>.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

#include "AlpakaExtents.hpp"
#include "Errors.hpp"
#include "GpuWorkDiv.hpp"
#include "QueueImpl.hpp"
#include "Runtime.hpp"

namespace pyalpaka::rt
{
    //! The accelerator of a back-end for a dimensionality; the runtime's index type is std::size_t.
    template<typename TTag, std::size_t TDim>
    using AccOf = alpaka::TagToAcc<TTag, alpaka::DimInt<TDim>, std::size_t>;

    template<typename TTag>
    class BackendImpl;

    template<typename TTag>
    class DeviceImpl final : public Device
    {
    public:
        using Acc1 = AccOf<TTag, 1>;
        using NativeDev = alpaka::Dev<Acc1>;
        using BlockingQueue = QueueImpl<alpaka::Queue<NativeDev, alpaka::Blocking>>;
        using NonBlockingQueue = QueueImpl<alpaka::Queue<NativeDev, alpaka::NonBlocking>>;
        using NativeEvent = alpaka::Event<alpaka::Queue<NativeDev, alpaka::NonBlocking>>;

        DeviceImpl(BackendImpl<TTag>& backend, std::size_t index, NativeDev dev)
            : m_backend(backend)
            , m_index(index)
            , m_dev(std::move(dev))
        {
            static_assert(
                std::is_same_v<NativeDev, alpaka::DevCpu>,
                "the GPU back-ends are the driver ones (cuda/): these devices allocate host memory");
            MemoryPool::Source source;
            source.deviceName = name() + " (" + backend.name() + ":" + std::to_string(index) + ")";
            source.deviceBytes = memoryBytes();
            // Blocks come in size classes of 512-byte multiples, so any of them is a valid aligned_alloc size.
            source.allocate
                = [](std::size_t bytes) { return std::aligned_alloc(alpaka::detail::sys::defaultAlignment, bytes); };
            source.free = [](void* pointer, std::size_t) { std::free(pointer); };
            initMemoryPools(std::move(source));
        }

        [[nodiscard]] auto backend() const -> Backend& override
        {
            return m_backend;
        }

        [[nodiscard]] auto index() const -> std::size_t override
        {
            return m_index;
        }

        [[nodiscard]] auto name() const -> std::string override
        {
            return alpaka::getName(m_dev);
        }

        [[nodiscard]] auto memoryBytes() const -> std::size_t override
        {
            return alpaka::getMemBytes(m_dev);
        }

        [[nodiscard]] auto freeMemoryBytes() const -> std::size_t override
        {
            return alpaka::getFreeMemBytes(m_dev);
        }

        [[nodiscard]] auto warpSizes() const -> std::vector<std::size_t> override
        {
            return alpaka::getWarpSizes(m_dev);
        }

        [[nodiscard]] auto memorySpace() const -> MemorySpace override
        {
            return MemorySpace::Host;
        }

        [[nodiscard]] auto makeQueue(bool blocking) -> std::shared_ptr<Queue> override
        {
            if(blocking)
                return std::make_shared<BlockingQueue>(shared_from_this(), m_dev);
            return std::make_shared<NonBlockingQueue>(shared_from_this(), m_dev);
        }

        [[nodiscard]] auto makeEvent() -> std::shared_ptr<Event> override
        {
            return std::make_shared<EventImpl<NativeEvent>>(shared_from_this(), m_dev);
        }

        void wait() override
        {
            alpaka::wait(m_dev);
        }

        [[nodiscard]] auto native() const -> NativeDev const&
        {
            return m_dev;
        }

    private:
        BackendImpl<TTag>& m_backend;
        std::size_t m_index;
        NativeDev m_dev;
    };

    template<typename TTag>
    class BackendImpl final : public Backend
    {
    public:
        using Acc1 = AccOf<TTag, 1>;
        using Platform = alpaka::Platform<Acc1>;

        explicit BackendImpl(std::string name)
            : m_name(std::move(name))
        {
        }

        [[nodiscard]] auto name() const -> std::string const& override
        {
            return m_name;
        }

        [[nodiscard]] auto accName() const -> std::string override
        {
            auto const full = alpaka::getAccName<Acc1>();
            return full.substr(0, full.find('<'));
        }

        [[nodiscard]] auto available() const -> bool override
        {
            return true;
        }

        [[nodiscard]] auto reason() const -> std::string override
        {
            return {};
        }

        [[nodiscard]] auto deviceCount() -> std::size_t override
        {
            return alpaka::getDevCount(m_platform);
        }

        [[nodiscard]] auto device(std::size_t index) -> std::shared_ptr<Device> override
        {
            std::lock_guard lock(m_mutex);
            auto const count = deviceCount();
            if(index >= count)
                throw std::out_of_range(
                    "device index " + std::to_string(index) + " is out of range: back-end '" + m_name + "' has "
                    + std::to_string(count) + " device" + (count == 1 ? "" : "s"));
            if(m_devices.size() < count)
                m_devices.resize(count);
            if(!m_devices[index])
                m_devices[index]
                    = std::make_shared<DeviceImpl<TTag>>(*this, index, alpaka::getDevByIdx(m_platform, index));
            return m_devices[index];
        }

        [[nodiscard]] auto props(Device const& dev, std::size_t dim) -> DevProps override
        {
            return withDim<maxWorkDivDim>(
                dim,
                "a work division",
                [&](auto d)
                {
                    auto const p = alpaka::getAccDevProps<AccOf<TTag, decltype(d)::value>>(native(dev));
                    DevProps out;
                    out.multiProcessorCount = p.m_multiProcessorCount;
                    out.gridBlockExtentMax = toExtents(p.m_gridBlockExtentMax);
                    out.gridBlockCountMax = p.m_gridBlockCountMax;
                    out.blockThreadExtentMax = toExtents(p.m_blockThreadExtentMax);
                    out.blockThreadCountMax = p.m_blockThreadCountMax;
                    out.threadElemExtentMax = toExtents(p.m_threadElemExtentMax);
                    out.threadElemCountMax = p.m_threadElemCountMax;
                    out.sharedMemSizeBytes = p.m_sharedMemSizeBytes;
                    out.globalMemSizeBytes = p.m_globalMemSizeBytes;
                    return out;
                });
        }

        [[nodiscard]] auto validWorkDiv(
            Device const& dev,
            Extents const& gridElems,
            Extents const& threadElems,
            bool blockThreadsMustDivide,
            SubDivRestrictions restrictions) -> WorkDiv override
        {
            checkValidWorkDivRequest(gridElems, threadElems);
            return withDim<maxWorkDivDim>(
                gridElems.dim,
                "a work division",
                [&](auto d)
                {
                    constexpr std::size_t dim = decltype(d)::value;
                    auto const w = alpaka::getValidWorkDiv<AccOf<TTag, dim>>(
                        native(dev),
                        toVec<dim>(gridElems),
                        toVec<dim>(threadElems),
                        blockThreadsMustDivide,
                        static_cast<alpaka::GridBlockExtentSubDivRestrictions>(restrictions));
                    return WorkDiv{
                        toExtents(w.m_gridBlockExtent),
                        toExtents(w.m_blockThreadExtent),
                        toExtents(w.m_threadElemExtent)};
                });
        }

        void checkWorkDiv(Device const& /*dev: every CPU device has the same limits*/, WorkDiv const& workDiv) override
        {
            checkWorkDivShape(workDiv);
            withDim<maxWorkDivDim>(
                workDiv.dim(),
                "a work division",
                [&](auto d)
                {
                    constexpr std::size_t dim = decltype(d)::value;
                    using Acc = AccOf<TTag, dim>;
                    // The limits the C++ launch checks: AccCpuThreads and AccCpuOmp2Threads run blocks beyond their
                    // advisory maximum.
                    auto const props = alpaka::detail::cpu::cachedCpuLaunchLimits<Acc>();
                    auto const problem = alpaka::detail::describeInvalidWorkDiv(props, toAlpaka<dim>(workDiv));
                    if(!problem.empty())
                        throw std::invalid_argument(
                            toString(workDiv) + " is not valid for '" + m_name + "': " + problem);
                });
            if(hugeCpuGridWarning != nullptr && hasAtLeastBlocks(workDiv.gridBlocks, hugeCpuGridBlocks))
                hugeCpuGridWarning(m_name, workDiv);
        }

        [[nodiscard]] auto cooperativeBlocksMax(Device const&, std::size_t dim) -> std::size_t override
        {
            return withDim<maxWorkDivDim>(
                dim,
                "a work division",
                [&](auto d) -> std::size_t
                {
                    using Acc = AccOf<TTag, decltype(d)::value>;
                    if constexpr(requires { alpaka::detail::cpu::cooperativeBlocksMax<Acc>(); })
                        return alpaka::detail::cpu::cooperativeBlocksMax<Acc>();
                    else
                        throw std::invalid_argument("back-end '" + m_name + "' has no cooperative launches");
                });
        }

    private:
        static auto native(Device const& dev) -> typename DeviceImpl<TTag>::NativeDev const&
        {
            return static_cast<DeviceImpl<TTag> const&>(dev).native();
        }

        std::string m_name;
        Platform m_platform;
        std::mutex m_mutex;
        std::vector<std::shared_ptr<DeviceImpl<TTag>>> m_devices;
    };
} // namespace pyalpaka::rt
