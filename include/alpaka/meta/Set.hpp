// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IsParameterPackSet<Ts...> / IsSet<TList<Ts...>>: whether no type occurs twice (a std::bool_constant).

#include <type_traits>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename... Ts>
        struct NoRepeats : std::true_type
        {
        };

        template<typename T, typename... Ts>
        struct NoRepeats<T, Ts...> : std::bool_constant<!(std::is_same_v<T, Ts> || ...) && NoRepeats<Ts...>::value>
        {
        };

        template<typename TList>
        struct IsSetImpl;

        template<template<typename...> class TList, typename... Ts>
        struct IsSetImpl<TList<Ts...>> : NoRepeats<Ts...>
        {
        };
    } // namespace detail

    //! Whether the types of the pack are pairwise different.
    template<typename... Ts>
    using IsParameterPackSet = detail::NoRepeats<Ts...>;

    //! Whether the elements of the list are pairwise different.
    template<typename TList>
    using IsSet = detail::IsSetImpl<TList>;
} // namespace alpaka::meta
