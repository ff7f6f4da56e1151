// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! CartesianProduct<TList, TList<A1, A2>, TList<B1, B2>> = TList<TList<A1, B1>, TList<A1, B2>, TList<A2, B1>, ...>.

#include "alpaka/meta/Concatenate.hpp"

namespace alpaka::meta
{
    namespace detail
    {
        // Prepend every element of the first list to every tuple of the product of the rest.
        template<template<typename...> class TList, typename TFirst, typename TRestProduct>
        struct PrependEach;

        template<template<typename...> class TList, typename... As, typename... TTuples>
        struct PrependEach<TList, TList<As...>, TList<TTuples...>>
        {
            template<typename A, typename TTuple>
            struct Prepend;

            template<typename A, typename... Ts>
            struct Prepend<A, TList<Ts...>>
            {
                using type = TList<A, Ts...>;
            };

            template<typename A>
            using ForOne = TList<typename Prepend<A, TTuples>::type...>;

            using type = Concatenate<TList<>, ForOne<As>...>;
        };

        template<template<typename...> class TList, typename... TLists>
        struct CartesianProductImpl;

        template<template<typename...> class TList>
        struct CartesianProductImpl<TList>
        {
            using type = TList<TList<>>;
        };

        template<template<typename...> class TList, typename TFirst, typename... TRest>
        struct CartesianProductImpl<TList, TFirst, TRest...>
        {
            using type =
                typename PrependEach<TList, TFirst, typename CartesianProductImpl<TList, TRest...>::type>::type;
        };
    } // namespace detail

    template<template<typename...> class TList, typename... TLists>
    using CartesianProduct = typename detail::CartesianProductImpl<TList, TLists...>::type;
} // namespace alpaka::meta
