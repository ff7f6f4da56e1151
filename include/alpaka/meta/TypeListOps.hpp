// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queries on type lists: Front, Contains, size, IsList; ToList / ToTuple make a list of a pack (or keep a list).

#include <cstddef>
#include <tuple>
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

    //! Whether T is a type list: an instance of a template whose parameters are all types (std::tuple<int, char>,
    //! a user's List<>); a plain class or a template with value parameters (std::array) is not.
    template<typename T>
    struct IsList : std::false_type
    {
    };

    template<template<typename...> class TList, typename... Ts>
    struct IsList<TList<Ts...>> : std::true_type
    {
    };

    //! IsList of T without references and cv-qualifiers.
    template<typename T>
    inline constexpr bool isList = IsList<std::decay_t<T>>::value;

    //! ToList<TListType, Ts...>::type: a single Ts that is a list (isList) itself, else TListType<Ts...>.
    template<template<typename...> class TListType, typename... Ts>
    struct ToList
    {
        using type = TListType<Ts...>;
    };

    template<template<typename...> class TListType, typename T>
    struct ToList<TListType, T>
    {
        using type = std::conditional_t<isList<T>, T, TListType<T>>;
    };

    //! A single list argument unchanged, else std::tuple<Ts...> (a list of accelerators or a single one, say).
    template<typename... Ts>
    using ToTuple = typename ToList<std::tuple, Ts...>::type;
} // namespace alpaka::meta
