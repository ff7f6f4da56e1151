// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queries on type lists: Front, Contains, IndexOf, Size.

#include <cstddef>
#include <type_traits>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList>
        struct FrontImpl;

        template<template<typename...> class TList, typename T, typename... Ts>
        struct FrontImpl<TList<T, Ts...>>
        {
            using type = T;
        };

        template<typename TList, typename T>
        struct ContainsImpl;

        template<template<typename...> class TList, typename... Ts, typename T>
        struct ContainsImpl<TList<Ts...>, T> : std::bool_constant<(std::is_same_v<Ts, T> || ...)>
        {
        };

        template<typename TList>
        struct SizeImpl;

        template<template<typename...> class TList, typename... Ts>
        struct SizeImpl<TList<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)>
        {
        };
    } // namespace detail

    //! The first element of a non-empty list.
    template<typename TList>
    using Front = typename detail::FrontImpl<TList>::type;

    //! Whether T is an element of TList.
    template<typename TList, typename T>
    inline constexpr bool contains = detail::ContainsImpl<TList, T>::value;

    template<typename TList, typename T>
    using Contains = detail::ContainsImpl<TList, T>;

    //! Number of elements of TList.
    template<typename TList>
    inline constexpr std::size_t size = detail::SizeImpl<TList>::value;
} // namespace alpaka::meta
