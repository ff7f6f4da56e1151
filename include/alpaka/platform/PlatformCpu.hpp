// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! PlatformCpu: the platform of the host CPU, with exactly one device.

#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/platform/Traits.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>

namespace alpaka
{
    struct PlatformCpu : concepts::Implements<ConceptPlatform, PlatformCpu>
    {
        [[nodiscard]] auto operator==(PlatformCpu const&) const -> bool
        {
            return true;
        }

        [[nodiscard]] auto operator!=(PlatformCpu const&) const -> bool
        {
            return false;
        }
    };

    namespace trait
    {
        template<>
        struct PlatformType<PlatformCpu>
        {
            using type = PlatformCpu;
        };

        template<>
        struct DevType<PlatformCpu>
        {
            using type = DevCpu;
        };

        template<>
        struct GetDevCount<PlatformCpu>
        {
            static auto getDevCount(PlatformCpu const&) -> std::size_t
            {
                return 1u;
            }
        };

        template<>
        struct GetDevByIdx<PlatformCpu, void>
        {
            static auto getDevByIdx(PlatformCpu const& platform, std::size_t const& devIdx) -> DevCpu
            {
                std::size_t const count = GetDevCount<PlatformCpu>::getDevCount(platform);
                if(devIdx >= count)
                    detail::throwRuntimeError(
                        "getDevByIdx: device index %zu is out of range, the CPU platform has %zu device (valid index: "
                        "0)",
                        devIdx,
                        count);
                return {};
            }
        };
    } // namespace trait
} // namespace alpaka
