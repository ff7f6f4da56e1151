// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Unique<TList>: TList without repeated elements, first occurrences kept in order.

#include "alpaka/meta/TypeListOps.hpp"

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TDone, typename TRest>
        struct UniqueImpl;

        template<template<typename...> class TList, typename... TDone>
        struct UniqueImpl<TList<TDone...>, TList<>>
        {
            using type = TList<TDone...>;
        };

        template<template<typename...> class TList, typename... TDone, typename T, typename... TRest>
        struct UniqueImpl<TList<TDone...>, TList<T, TRest...>>
        {
            using type = typename UniqueImpl<
                std::conditional_t<contains<TList<TDone...>, T>, TList<TDone...>, TList<TDone..., T>>,
                TList<TRest...>>::type;
        };

        template<typename TList>
        struct UniqueStart;

        template<template<typename...> class TList, typename... Ts>
        struct UniqueStart<TList<Ts...>>
        {
            using type = typename UniqueImpl<TList<>, TList<Ts...>>::type;
        };
    } // namespace detail

    template<typename TList>
    using Unique = typename detail::UniqueStart<TList>::type;
} // namespace alpaka::meta
