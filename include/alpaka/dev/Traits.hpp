// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Device traits: Dev<T>, getDev(x), getName, getMemBytes, getFreeMemBytes, getWarpSizes, getPreferredWarpSize,
//! reset; getNativeHandle comes from traits/Traits.hpp.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/traits/Traits.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace alpaka
{
    //! The concept a device implements.
    struct ConceptDev;

    namespace trait
    {
        //! The device type of T (an accelerator, queue, buffer, view, event, platform or a device itself).
        template<typename T, typename TSfinae = void>
        struct DevType;

        //! Static getDev(x): the device x belongs to.
        template<typename T, typename TSfinae = void>
        struct GetDev;

        //! Static getName(dev) -> std::string.
        template<typename TDev, typename TSfinae = void>
        struct GetName;

        //! Static getMemBytes(dev) -> std::size_t: total memory.
        template<typename TDev, typename TSfinae = void>
        struct GetMemBytes;

        //! Static getFreeMemBytes(dev) -> std::size_t: memory currently available.
        template<typename TDev, typename TSfinae = void>
        struct GetFreeMemBytes;

        //! Static getWarpSizes(dev) -> std::vector<std::size_t>.
        template<typename TDev, typename TSfinae = void>
        struct GetWarpSizes;

        //! Static getPreferredWarpSize(dev) -> std::size_t.
        template<typename TDev, typename TSfinae = void>
        struct GetPreferredWarpSize;

        //! Static reset(dev): releases everything the device holds.
        template<typename TDev, typename TSfinae = void>
        struct Reset;
    } // namespace trait

    template<typename T>
    using Dev = typename trait::DevType<T>::type;

    //! Whether T is a device type.
    template<typename T>
    inline constexpr bool isDevice = concepts::implements<ConceptDev, T>;

    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST auto getDev(T const& x)
    {
        return trait::GetDev<T>::getDev(x);
    }

    template<typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getName(TDev const& dev) -> std::string
    {
        return trait::GetName<TDev>::getName(dev);
    }

    template<typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getMemBytes(TDev const& dev) -> std::size_t
    {
        return trait::GetMemBytes<TDev>::getMemBytes(dev);
    }

    template<typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getFreeMemBytes(TDev const& dev) -> std::size_t
    {
        return trait::GetFreeMemBytes<TDev>::getFreeMemBytes(dev);
    }

    template<typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getWarpSizes(TDev const& dev) -> std::vector<std::size_t>
    {
        return trait::GetWarpSizes<TDev>::getWarpSizes(dev);
    }

    //! constexpr like upstream's: usable as a constant where the back-end's trait is constexpr (the CPU's is).
    template<typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST constexpr auto getPreferredWarpSize(TDev const& dev) -> std::size_t
    {
        return trait::GetPreferredWarpSize<TDev>::getPreferredWarpSize(dev);
    }

    template<typename TDev>
    ALPAKA_FN_HOST auto reset(TDev const& dev) -> void
    {
        trait::Reset<TDev>::reset(dev);
    }
} // namespace alpaka
