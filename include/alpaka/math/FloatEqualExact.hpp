// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! math::floatEqualExactNoWarning(a, b): a == b on floating-point values, for the places where exact equality is
//! meant (a value copied unchanged, a sentinel), without tripping -Wfloat-equal.

#include "alpaka/core/Common.hpp"

#include <type_traits>

namespace alpaka::math
{
    //! Whether a and b are exactly equal (NaN equals nothing, 0.0 equals -0.0, as with ==).
    template<typename T>
    ALPAKA_FN_INLINE ALPAKA_FN_HOST_ACC auto floatEqualExactNoWarning(T a, T b) -> bool
    {
        static_assert(std::is_floating_point_v<T>, "floatEqualExactNoWarning is for floating-point values only");
        // GCC and clang are the compilers with -Wfloat-equal; both read the GCC pragmas.
#if defined(__GNUC__) || defined(__clang__)
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wfloat-equal"
#endif
        return a == b;
#if defined(__GNUC__) || defined(__clang__)
#    pragma GCC diagnostic pop
#endif
    }
} // namespace alpaka::math
