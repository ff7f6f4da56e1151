// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! PlatformUniformCudaHipRt<TApi>: the CUDA or HIP devices of this machine. A machine without a GPU or driver has
//! 0 devices (not an error), so programs and tests can check getDevCount first.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/detail/cudaHip/DeviceInfo.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/platform/Traits.hpp"

#    include <cstddef>
#    include <stdexcept>
#    include <string>

namespace alpaka
{
    template<typename TApi>
    struct PlatformUniformCudaHipRt : concepts::Implements<ConceptPlatform, PlatformUniformCudaHipRt<TApi>>
    {
        [[nodiscard]] auto operator==(PlatformUniformCudaHipRt const&) const -> bool
        {
            return true;
        }

        [[nodiscard]] auto operator!=(PlatformUniformCudaHipRt const&) const -> bool
        {
            return false;
        }
    };

    namespace trait
    {
        template<typename TApi>
        struct PlatformType<PlatformUniformCudaHipRt<TApi>>
        {
            using type = PlatformUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct DevType<PlatformUniformCudaHipRt<TApi>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi>
        struct GetDevCount<PlatformUniformCudaHipRt<TApi>>
        {
            static auto getDevCount(PlatformUniformCudaHipRt<TApi> const&) -> std::size_t
            {
                return detail::cudaHip::deviceCount<TApi>();
            }
        };

        template<typename TApi>
        struct GetDevByIdx<PlatformUniformCudaHipRt<TApi>>
        {
            static auto
            getDevByIdx(PlatformUniformCudaHipRt<TApi> const&, std::size_t const& devIdx) -> DevUniformCudaHipRt<TApi>
            {
                std::size_t const count = detail::cudaHip::deviceCount<TApi>();
                if(devIdx >= count)
                    throw std::runtime_error(
                        "getDevByIdx: device index " + std::to_string(devIdx) + " is out of range, the "
                        + std::string(TApi::name) + " platform has " + std::to_string(count) + " device(s)");
                // Setting the device creates its context now, so a broken device fails here, not in a later call.
                detail::cudaHip::setDevice<TApi>(static_cast<int>(devIdx));
                return DevUniformCudaHipRt<TApi>(static_cast<int>(devIdx));
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
