// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! NonZero<T>: a predicate for Filter, true for a std::integral_constant whose value is not zero and false for any
//! other type (Filter<std::tuple<DimInt<0>, DimInt<2>>, NonZero> keeps DimInt<2>).

#include <type_traits>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename T>
        struct NonZeroImpl : std::false_type
        {
        };

        template<typename T, T TValue>
        struct NonZeroImpl<std::integral_constant<T, TValue>> : std::bool_constant<TValue != T{0}>
        {
        };
    } // namespace detail

    template<typename T>
    using NonZero = detail::NonZeroImpl<T>;
} // namespace alpaka::meta
