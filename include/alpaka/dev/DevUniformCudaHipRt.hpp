// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! DevUniformCudaHipRt<TApi>: a CUDA or HIP device, identified by its runtime index. Every operation on it sets it
//! as the current device first; nothing relies on a current device set elsewhere, which another thread or library
//! may have changed (upstream alpaka's manual, "Rationale"). wait(dev) waits for all work on the device
//! (cudaDeviceSynchronize).

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/cudaHip/DeviceInfo.hpp"
#    include "alpaka/dev/Traits.hpp"
#    include "alpaka/platform/Traits.hpp"
#    include "alpaka/wait/Traits.hpp"

#    include <cstddef>
#    include <string>
#    include <vector>

namespace alpaka
{
    template<typename TApi>
    struct PlatformUniformCudaHipRt;

    template<typename TApi>
    class DevUniformCudaHipRt
        : public concepts::Implements<ConceptCurrentThreadWaitFor, DevUniformCudaHipRt<TApi>>
        , public concepts::Implements<ConceptDev, DevUniformCudaHipRt<TApi>>
    {
        friend struct trait::GetDevByIdx<PlatformUniformCudaHipRt<TApi>>;

        explicit DevUniformCudaHipRt(int iDevice)
            : m_iDevice(iDevice)
        {
        }

    public:
        using Api = TApi;

        [[nodiscard]] auto operator==(DevUniformCudaHipRt const& other) const -> bool
        {
            return m_iDevice == other.m_iDevice;
        }

        [[nodiscard]] auto operator!=(DevUniformCudaHipRt const& other) const -> bool
        {
            return !(*this == other);
        }

        //! The runtime's device index.
        [[nodiscard]] auto getNativeHandle() const noexcept -> int
        {
            return m_iDevice;
        }

        //! Makes this device current for the calling thread (before a runtime call that uses the current device).
        void makeCurrent() const
        {
            detail::cudaHip::setDevice<TApi>(m_iDevice);
        }

    private:
        int m_iDevice;
    };

    namespace trait
    {
        template<typename TApi>
        struct DevType<DevUniformCudaHipRt<TApi>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct PlatformType<DevUniformCudaHipRt<TApi>>
        {
            using type = PlatformUniformCudaHipRt<TApi>;
        };

        //! The device's name as the runtime reports it.
        template<typename TApi>
        struct GetName<DevUniformCudaHipRt<TApi>>
        {
            static auto getName(DevUniformCudaHipRt<TApi> const& dev) -> std::string
            {
                return detail::cudaHip::deviceProperties<TApi>(dev.getNativeHandle()).name;
            }
        };

        template<typename TApi>
        struct GetMemBytes<DevUniformCudaHipRt<TApi>>
        {
            static auto getMemBytes(DevUniformCudaHipRt<TApi> const& dev) -> std::size_t
            {
                return detail::cudaHip::deviceProperties<TApi>(dev.getNativeHandle()).totalGlobalMem;
            }
        };

        template<typename TApi>
        struct GetFreeMemBytes<DevUniformCudaHipRt<TApi>>
        {
            static auto getFreeMemBytes(DevUniformCudaHipRt<TApi> const& dev) -> std::size_t
            {
                dev.makeCurrent();
                std::size_t free = 0;
                std::size_t total = 0;
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memGetInfo(&free, &total));
                return free;
            }
        };

        template<typename TApi>
        struct GetWarpSizes<DevUniformCudaHipRt<TApi>>
        {
            static auto getWarpSizes(DevUniformCudaHipRt<TApi> const& dev) -> std::vector<std::size_t>
            {
                return {
                    static_cast<std::size_t>(detail::cudaHip::deviceProperties<TApi>(dev.getNativeHandle()).warpSize)};
            }
        };

        template<typename TApi>
        struct GetPreferredWarpSize<DevUniformCudaHipRt<TApi>>
        {
            static auto getPreferredWarpSize(DevUniformCudaHipRt<TApi> const& dev) -> std::size_t
            {
                return GetWarpSizes<DevUniformCudaHipRt<TApi>>::getWarpSizes(dev).front();
            }
        };

        //! Destroys every allocation and queue of the device in this process (cudaDeviceReset).
        template<typename TApi>
        struct Reset<DevUniformCudaHipRt<TApi>>
        {
            static auto reset(DevUniformCudaHipRt<TApi> const& dev) -> void
            {
                dev.makeCurrent();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::deviceReset());
            }
        };

        template<typename TApi>
        struct NativeHandle<DevUniformCudaHipRt<TApi>>
        {
            static auto getNativeHandle(DevUniformCudaHipRt<TApi> const& dev) -> int
            {
                return dev.getNativeHandle();
            }
        };

        //! Waits for all work of all queues of the device.
        template<typename TApi>
        struct CurrentThreadWaitFor<DevUniformCudaHipRt<TApi>>
        {
            static auto currentThreadWaitFor(DevUniformCudaHipRt<TApi> const& dev) -> void
            {
                dev.makeCurrent();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::deviceSynchronize());
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
