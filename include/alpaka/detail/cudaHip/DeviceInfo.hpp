// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Device queries of the CUDA/HIP back-ends: the device count (0, not an error, where no GPU or driver is present)
//! and the device properties, read once per device (cudaGetDeviceProperties costs milliseconds) and cached.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cudaHip/Check.hpp"

#    include <cstddef>
#    include <deque>
#    include <mutex>
#    include <stdexcept>
#    include <string>

namespace alpaka::detail::cudaHip
{
    //! Devices the runtime sees; 0 where there is no device or no driver (a build machine without a GPU).
    template<typename TApi>
    auto deviceCount() -> std::size_t
    {
        int count = 0;
        auto const error = TApi::getDeviceCount(&count);
        if(error == TApi::errorNoDevice || error == TApi::errorInsufficientDriver)
        {
            static_cast<void>(TApi::getLastError());
            return 0u;
        }
        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, error);
        return static_cast<std::size_t>(count);
    }

    //! Makes dev the calling thread's current device: the back-end names its device in every call (no current
    //! device: upstream alpaka's manual, "Rationale") and sets it where the runtime API needs one.
    template<typename TApi>
    void setDevice(int dev)
    {
        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::setDevice(dev));
    }

    //! The properties of device dev, read at the first request.
    template<typename TApi>
    auto deviceProperties(int dev) -> typename TApi::DeviceProp_t const&
    {
        struct Entry
        {
            std::once_flag once;
            typename TApi::DeviceProp_t props{};
        };

        static std::mutex mutex;
        static std::deque<Entry> entries; // deque: references stay valid while it grows
        Entry* entry = nullptr;
        {
            std::lock_guard<std::mutex> const lock(mutex);
            while(entries.size() <= static_cast<std::size_t>(dev))
                entries.emplace_back();
            entry = &entries[static_cast<std::size_t>(dev)];
        }
        std::call_once(
            entry->once,
            [&] { ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::getDeviceProperties(&entry->props, dev)); });
        return entry->props;
    }
} // namespace alpaka::detail::cudaHip

#endif
