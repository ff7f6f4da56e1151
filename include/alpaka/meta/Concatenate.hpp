// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Concatenate<TList<As...>, TList<Bs...>, ...> = TList<As..., Bs..., ...>.

namespace alpaka::meta
{
    namespace detail
    {
        template<typename... TLists>
        struct ConcatenateImpl;

        template<template<typename...> class TList, typename... As>
        struct ConcatenateImpl<TList<As...>>
        {
            using type = TList<As...>;
        };

        template<template<typename...> class TList, typename... As, typename... Bs, typename... TRest>
        struct ConcatenateImpl<TList<As...>, TList<Bs...>, TRest...>
        {
            using type = typename ConcatenateImpl<TList<As..., Bs...>, TRest...>::type;
        };
    } // namespace detail

    template<typename... TLists>
    using Concatenate = typename detail::ConcatenateImpl<TLists...>::type;
} // namespace alpaka::meta
