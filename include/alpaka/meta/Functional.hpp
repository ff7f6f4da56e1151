// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Small function objects and folds used by Vec reductions.

#include "alpaka/core/Common.hpp"

namespace alpaka::meta
{
    //! min as a function object (std::min is not usable on the device).
    struct min
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC constexpr auto operator()(T const& a, T const& b) const -> T
        {
            return (b < a) ? b : a;
        }
    };

    //! max as a function object.
    struct max
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC constexpr auto operator()(T const& a, T const& b) const -> T
        {
            return (a < b) ? b : a;
        }
    };

    //! Right fold: foldr(f, a, b, c) = f(a, f(b, c)).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TFnObj, typename T>
    ALPAKA_FN_HOST_ACC constexpr auto foldr(TFnObj const&, T const& t) -> T
    {
        return t;
    }

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TFnObj, typename T0, typename T1, typename... Ts>
    ALPAKA_FN_HOST_ACC constexpr auto foldr(TFnObj const& f, T0 const& t0, T1 const& t1, Ts const&... ts)
    {
        return f(t0, foldr(f, t1, ts...));
    }
} // namespace alpaka::meta
