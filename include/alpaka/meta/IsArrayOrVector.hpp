// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IsArrayOrVector<T> / isArrayOrVector<T>: whether T is a contiguous array of elements alpaka treats as one value
//! (math functions on arrays, atomic ops): a built-in array T[N], std::array, std::vector or alpaka::Vec (as upstream).

#include <array>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace alpaka
{
    template<typename TDim, typename TVal>
    class Vec;
} // namespace alpaka

namespace alpaka::meta
{
    template<typename T>
    struct IsArrayOrVector : std::false_type
    {
    };

    template<typename T, std::size_t TSize>
    struct IsArrayOrVector<T[TSize]> : std::true_type
    {
    };

    template<typename T, std::size_t TSize>
    struct IsArrayOrVector<std::array<T, TSize>> : std::true_type
    {
    };

    template<typename T, typename TAllocator>
    struct IsArrayOrVector<std::vector<T, TAllocator>> : std::true_type
    {
    };

    template<typename TDim, typename TVal>
    struct IsArrayOrVector<Vec<TDim, TVal>> : std::true_type
    {
    };

    template<typename T>
    inline constexpr bool isArrayOrVector = IsArrayOrVector<T>::value;
} // namespace alpaka::meta
