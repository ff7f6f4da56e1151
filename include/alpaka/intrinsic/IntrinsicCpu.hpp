// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IntrinsicCpu: bit intrinsics of the CPU back-ends through <bit> (popcnt/tzcnt where the target has them).

#include "alpaka/core/Concepts.hpp"
#include "alpaka/intrinsic/Traits.hpp"

#include <bit>
#include <cstdint>

namespace alpaka
{
    class IntrinsicCpu : public concepts::Implements<ConceptIntrinsic, IntrinsicCpu>
    {
    };

    namespace trait
    {
        template<>
        struct Popcount<IntrinsicCpu>
        {
            template<typename TUnsigned>
            static auto popcount(IntrinsicCpu const&, TUnsigned value) -> std::int32_t
            {
                return static_cast<std::int32_t>(std::popcount(value));
            }
        };

        template<>
        struct Ffs<IntrinsicCpu>
        {
            template<typename TUnsigned>
            static auto ffs(IntrinsicCpu const&, TUnsigned value) -> std::int32_t
            {
                return value == 0 ? 0 : static_cast<std::int32_t>(std::countr_zero(value)) + 1;
            }
        };
    } // namespace trait
} // namespace alpaka
