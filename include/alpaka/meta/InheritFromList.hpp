// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! InheritFromList<std::tuple<Ts...>>: a type deriving from every T (each must appear once; see Unique).

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList>
        struct InheritFromListImpl;

        template<template<typename...> class TList, typename... Ts>
        struct InheritFromListImpl<TList<Ts...>>
        {
            struct type : Ts...
            {
            };
        };
    } // namespace detail

    template<typename TList>
    using InheritFromList = typename detail::InheritFromListImpl<TList>::type;
} // namespace alpaka::meta
