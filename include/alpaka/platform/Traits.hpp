// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Platform traits: Platform<T>, getDevCount(platform), getDevByIdx(platform, i), getDevs(platform).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/dev/Traits.hpp"

#include <cstddef>
#include <vector>

namespace alpaka
{
    //! The concept a platform implements.
    struct ConceptPlatform;

    namespace trait
    {
        //! The platform type of T (an accelerator, device or platform).
        template<typename T, typename TSfinae = void>
        struct PlatformType;

        //! Static getDevCount(platform) -> std::size_t.
        template<typename TPlatform, typename TSfinae = void>
        struct GetDevCount;

        //! Static getDevByIdx(platform, idx) -> Dev<TPlatform>; throws std::runtime_error out of range.
        template<typename TPlatform, typename TSfinae = void>
        struct GetDevByIdx;
    } // namespace trait

    template<typename T>
    using Platform = typename trait::PlatformType<T>::type;

    //! Whether T is a platform type.
    template<typename T>
    inline constexpr bool isPlatform = concepts::implements<ConceptPlatform, T>;

    template<typename TPlatform>
    [[nodiscard]] ALPAKA_FN_HOST auto getDevCount(TPlatform const& platform) -> std::size_t
    {
        return trait::GetDevCount<TPlatform>::getDevCount(platform);
    }

    template<typename TPlatform>
    [[nodiscard]] ALPAKA_FN_HOST auto getDevByIdx(TPlatform const& platform, std::size_t const& devIdx)
    {
        return trait::GetDevByIdx<TPlatform>::getDevByIdx(platform, devIdx);
    }

    //! Every device of the platform, in index order.
    template<typename TPlatform>
    [[nodiscard]] ALPAKA_FN_HOST auto getDevs(TPlatform const& platform)
    {
        using TDev = decltype(getDevByIdx(platform, 0));
        std::vector<TDev> devs;
        std::size_t const count = getDevCount(platform);
        devs.reserve(count);
        for(std::size_t i = 0; i < count; ++i)
            devs.push_back(getDevByIdx(platform, i));
        return devs;
    }
} // namespace alpaka
