// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! CartesianProduct<TList, L1, L2, ...>: every combination of one element of each list, as a TList of TLists.
//! As upstream, the *first* list varies fastest:
//! CartesianProduct<TList, TList<A1, A2>, TList<B1, B2>> = TList<TList<A1, B1>, TList<A2, B1>, TList<A1, B2>,
//! TList<A2, B2>>. An empty input list makes the product empty, and so does no list at all.

#include "alpaka/meta/Concatenate.hpp"

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TTuple, typename T>
        struct AppendOne;

        template<template<typename...> class TList, typename... Ts, typename T>
        struct AppendOne<TList<Ts...>, T>
        {
            using type = TList<Ts..., T>;
        };

        // Extends every tuple of the product so far by each element of the next list in turn: the tuples so far
        // repeat once per element, so the lists already folded in vary faster than the new one.
        template<template<typename...> class TList, typename TProduct, typename TNext>
        struct ExtendProduct;

        template<
            template<typename...>
            class TList,
            typename... TTuples,
            template<typename...>
            class TNextList,
            typename... Ns>
        struct ExtendProduct<TList, TList<TTuples...>, TNextList<Ns...>>
        {
            template<typename N>
            using ForOne = TList<typename AppendOne<TTuples, N>::type...>;

            using type = Concatenate<TList<>, ForOne<Ns>...>;
        };

        template<template<typename...> class TList, typename TProduct, typename... TLists>
        struct FoldProduct
        {
            using type = TProduct;
        };

        template<template<typename...> class TList, typename TProduct, typename TFirst, typename... TRest>
        struct FoldProduct<TList, TProduct, TFirst, TRest...>
            : FoldProduct<TList, typename ExtendProduct<TList, TProduct, TFirst>::type, TRest...>
        {
        };

        template<template<typename...> class TList, typename... TLists>
        struct CartesianProductImpl : FoldProduct<TList, TList<TList<>>, TLists...>
        {
        };

        template<template<typename...> class TList>
        struct CartesianProductImpl<TList>
        {
            using type = TList<>;
        };
    } // namespace detail

    template<template<typename...> class TList, typename... TLists>
    using CartesianProduct = typename detail::CartesianProductImpl<TList, TLists...>::type;
} // namespace alpaka::meta
