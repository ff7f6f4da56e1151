// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Integer helpers shared by work division and memory code, and core::declval.

#include "alpaka/core/Common.hpp"

#include <type_traits>

namespace alpaka::core
{
    //! std::declval under upstream's name, declared for device code too: for unevaluated operands (decltype,
    //! requires-expressions) of kernel-side code, never called.
    template<typename T>
    ALPAKA_FN_HOST_ACC auto declval() noexcept -> std::add_rvalue_reference_t<T>;

    //! Division rounding towards +infinity, for non-negative a and positive b.
    template<typename TIntegral>
        requires std::is_integral_v<TIntegral>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto divCeil(TIntegral a, TIntegral b) -> TIntegral
    {
        // Not (a + b - 1) / b: that overflows when a is close to the type's maximum.
        return static_cast<TIntegral>(a / b + (a % b != 0 ? 1 : 0));
    }

    //! base^n in integers, for n >= 0 (intPow(b, 0) == 1, including b == 0). Square-and-multiply: O(log n) steps, and
    //! no intermediate value exceeds the result's magnitude, so nothing overflows that the result does not.
    template<typename TIntegral>
        requires std::is_integral_v<TIntegral>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto intPow(TIntegral base, TIntegral n) -> TIntegral
    {
        TIntegral result = 1;
        while(n > 0)
        {
            if(n % 2 != 0)
                result = static_cast<TIntegral>(result * base);
            n = static_cast<TIntegral>(n / 2);
            // Square only when a higher bit of n still needs it (the last square could overflow needlessly).
            if(n > 0)
                base = static_cast<TIntegral>(base * base);
        }
        return result;
    }

    //! Largest r with r^n <= value, for value >= 0 and n >= 1.
    template<typename TIntegral>
        requires std::is_integral_v<TIntegral>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto nthRootFloor(TIntegral value, TIntegral n) -> TIntegral
    {
        // r^n <= value, tested by division so that large r cannot overflow.
        auto const powFits = [&](TIntegral r)
        {
            if(r == 0)
                return true;
            TIntegral power = 1;
            for(TIntegral i = 0; i < n; ++i)
            {
                if(power > value / r)
                    return false;
                power = static_cast<TIntegral>(power * r);
            }
            return true;
        };
        TIntegral lo = 0;
        TIntegral hi = value < 1 ? TIntegral{1} : value;
        while(lo < hi)
        {
            // Upper midpoint without computing hi - lo + 1, which overflows when hi is the type's maximum.
            TIntegral const gap = static_cast<TIntegral>(hi - lo);
            TIntegral const mid = static_cast<TIntegral>(lo + gap / 2 + gap % 2);
            if(powFits(mid))
                lo = mid;
            else
                hi = static_cast<TIntegral>(mid - 1);
        }
        return lo;
    }

    //! Round value up to a multiple of alignment (a power of two).
    template<typename TIntegral>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto roundUpToMultiple(TIntegral value, TIntegral alignment) -> TIntegral
    {
        return static_cast<TIntegral>((value + alignment - 1) / alignment * alignment);
    }
} // namespace alpaka::core
