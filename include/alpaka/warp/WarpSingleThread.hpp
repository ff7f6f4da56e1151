// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! WarpSingleThread: warps of one thread (the CPU back-ends). Every function follows from CUDA's definition for a
//! warp of size 1: the caller is lane 0, the only active lane, and every shuffle returns its own value.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/warp/Traits.hpp"

#include <cstdint>

namespace alpaka::warp
{
    class WarpSingleThread : public concepts::Implements<ConceptWarp, WarpSingleThread>
    {
    };

    namespace trait
    {
        template<>
        struct GetSize<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static auto getSize(WarpSingleThread const&) -> std::int32_t
            {
                return 1;
            }
        };

        template<>
        struct GetSizeCompileTime<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto getSizeCompileTime() -> std::int32_t
            {
                return 1;
            }
        };

        template<>
        struct GetSizeUpperLimit<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static constexpr auto getSizeUpperLimit() -> std::int32_t
            {
                return 1;
            }
        };

        template<>
        struct Activemask<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static auto activemask(WarpSingleThread const&) -> std::uint64_t
            {
                return 1u;
            }
        };

        template<>
        struct All<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static auto all(WarpSingleThread const&, std::int32_t predicate) -> std::int32_t
            {
                return predicate != 0 ? 1 : 0;
            }
        };

        template<>
        struct Any<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static auto any(WarpSingleThread const&, std::int32_t predicate) -> std::int32_t
            {
                return predicate != 0 ? 1 : 0;
            }
        };

        template<>
        struct Ballot<WarpSingleThread>
        {
            ALPAKA_FN_HOST_ACC static auto ballot(WarpSingleThread const&, std::int32_t predicate) -> std::uint64_t
            {
                return predicate != 0 ? 1u : 0u;
            }
        };

        template<>
        struct Shfl<WarpSingleThread>
        {
            template<typename T>
            ALPAKA_FN_HOST_ACC static auto
            shfl(WarpSingleThread const&, T const& value, std::int32_t, std::int32_t) -> T
            {
                return value;
            }
        };

        template<>
        struct ShflUp<WarpSingleThread>
        {
            template<typename T>
            ALPAKA_FN_HOST_ACC static auto
            shfl_up(WarpSingleThread const&, T const& value, std::uint32_t, std::int32_t) -> T
            {
                return value;
            }
        };

        template<>
        struct ShflDown<WarpSingleThread>
        {
            template<typename T>
            ALPAKA_FN_HOST_ACC static auto
            shfl_down(WarpSingleThread const&, T const& value, std::uint32_t, std::int32_t) -> T
            {
                return value;
            }
        };

        template<>
        struct ShflXor<WarpSingleThread>
        {
            template<typename T>
            ALPAKA_FN_HOST_ACC static auto
            shfl_xor(WarpSingleThread const&, T const& value, std::int32_t, std::int32_t) -> T
            {
                return value;
            }
        };
    } // namespace trait
} // namespace alpaka::warp
