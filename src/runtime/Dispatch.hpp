// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! From a run-time dimensionality to the compile-time one alpaka's types need.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace pyalpaka::rt
{
    //! Calls f(std::integral_constant<std::size_t, dim>{}) for dim in 1..TMax; std::invalid_argument naming `what`
    //! (e.g. "a work division") for another value.
    template<std::size_t TMax, typename TFn>
    decltype(auto) withDim(std::size_t dim, char const* what, TFn&& f)
    {
        static_assert(TMax >= 1 && TMax <= 4);
        switch(dim)
        {
            case 1:
                return f(std::integral_constant<std::size_t, 1>{});
            case 2:
                if constexpr(TMax >= 2)
                    return f(std::integral_constant<std::size_t, 2>{});
                break;
            case 3:
                if constexpr(TMax >= 3)
                    return f(std::integral_constant<std::size_t, 3>{});
                break;
            case 4:
                if constexpr(TMax >= 4)
                    return f(std::integral_constant<std::size_t, 4>{});
                break;
            default:
                break;
        }
        throw std::invalid_argument(
            std::string(what) + " has 1 to " + std::to_string(TMax) + " dimensions, got " + std::to_string(dim));
    }
} // namespace pyalpaka::rt
