// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::clipCast<T>(value) (upstream's name): an integer converted to another integer type, clamped to its range
//! first, so that -1 becomes 0 for unsigned targets and 2^40 the maximum of a 32-bit one instead of wrapping.

#include <concepts>
#include <limits>
#include <utility>

namespace alpaka::core
{
    template<std::integral T, std::integral V>
    [[nodiscard]] constexpr auto clipCast(V const& value) noexcept -> T
    {
        // std::cmp_* compare the values, not their conversions (a signed -1 is less than any unsigned number).
        if(std::cmp_less(value, std::numeric_limits<T>::min()))
            return std::numeric_limits<T>::min();
        if(std::cmp_greater(value, std::numeric_limits<T>::max()))
            return std::numeric_limits<T>::max();
        return static_cast<T>(value);
    }
} // namespace alpaka::core
