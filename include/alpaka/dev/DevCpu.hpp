// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! DevCpu: the host CPU as a device. All CPU back-ends share it; copies of the handle are interchangeable.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/detail/cpu/queue/DevCpuImpl.hpp"
#include "alpaka/detail/sys/SysInfo.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/platform/Traits.hpp"
#include "alpaka/wait/Traits.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace alpaka
{
    class DevCpu;
    struct PlatformCpu;

    namespace trait
    {
        template<typename TPlatform, typename TSfinae>
        struct GetDevByIdx;
    } // namespace trait

    class DevCpu
        : public concepts::Implements<ConceptCurrentThreadWaitFor, DevCpu>
        , public concepts::Implements<ConceptDev, DevCpu>
    {
        friend struct trait::GetDevByIdx<PlatformCpu, void>;

        DevCpu()
            : m_impl(&detail::cpu::DevCpuImpl::instance())
        {
        }

    public:
        //! There is one CPU device: all handles are equal.
        [[nodiscard]] auto operator==(DevCpu const&) const -> bool
        {
            return true;
        }

        [[nodiscard]] auto operator!=(DevCpu const& other) const -> bool
        {
            return !(*this == other);
        }

        [[nodiscard]] auto getNativeHandle() const noexcept -> int
        {
            return 0;
        }

        // registerQueue and waitAllQueues are templates so that a unit which neither creates a queue nor waits for
        // the device does not compile the device's queue list (DevCpuImpl is lazy for the same reason).

        //! Queues register here so that wait(dev) reaches them.
        template<typename TQueueCore>
        void registerQueue(TQueueCore& queue) const
        {
            m_impl->registerQueue(queue);
        }

        template<typename TLazy = void>
        void waitAllQueues() const
        {
            m_impl->waitAllQueues();
        }

    private:
        detail::cpu::DevCpuImpl* m_impl;
    };

    namespace trait
    {
        template<>
        struct DevType<DevCpu>
        {
            using type = DevCpu;
        };

        template<>
        struct PlatformType<DevCpu>
        {
            using type = PlatformCpu;
        };

        //! The processor's name.
        template<>
        struct GetName<DevCpu>
        {
            static auto getName(DevCpu const&) -> std::string
            {
                static std::string const name = detail::sys::getCpuName();
                return name;
            }
        };

        //! Physical memory of the machine.
        template<>
        struct GetMemBytes<DevCpu>
        {
            static auto getMemBytes(DevCpu const&) -> std::size_t
            {
                return detail::sys::getTotalGlobalMemSizeBytes();
            }
        };

        //! Memory available now (MemAvailable).
        template<>
        struct GetFreeMemBytes<DevCpu>
        {
            static auto getFreeMemBytes(DevCpu const&) -> std::size_t
            {
                return detail::sys::getFreeGlobalMemSizeBytes();
            }
        };

        //! A CPU thread is its own warp.
        template<>
        struct GetWarpSizes<DevCpu>
        {
            static auto getWarpSizes(DevCpu const&) -> std::vector<std::size_t>
            {
                return {1u};
            }
        };

        template<>
        struct GetPreferredWarpSize<DevCpu>
        {
            static constexpr auto getPreferredWarpSize(DevCpu const&) -> std::size_t
            {
                return 1u;
            }
        };

        //! Nothing to release: CPU buffers free themselves when their last handle goes.
        template<>
        struct Reset<DevCpu>
        {
            static auto reset(DevCpu const&) -> void
            {
            }
        };

        template<>
        struct NativeHandle<DevCpu>
        {
            static auto getNativeHandle(DevCpu const& dev) -> int
            {
                return dev.getNativeHandle();
            }
        };

        //! wait(dev): waits for every queue of the device.
        template<>
        struct CurrentThreadWaitFor<DevCpu>
        {
            template<typename TDev> // always DevCpu: a template to keep DevCpu::waitAllQueues uninstantiated
            static auto currentThreadWaitFor(TDev const& dev) -> void
            {
                dev.waitAllQueues();
            }
        };
    } // namespace trait

    //! The host device, a synonym kept by upstream.
    using DevHost = DevCpu;
} // namespace alpaka
