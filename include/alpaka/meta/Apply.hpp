// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Apply<TList<Ts...>, TApplicant> = TApplicant<Ts...>: re-wraps the elements of a type list.

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList, template<typename...> class TApplicant>
        struct ApplyImpl;

        template<template<typename...> class TList, typename... Ts, template<typename...> class TApplicant>
        struct ApplyImpl<TList<Ts...>, TApplicant>
        {
            using type = TApplicant<Ts...>;
        };
    } // namespace detail

    template<typename TList, template<typename...> class TApplicant>
    using Apply = typename detail::ApplyImpl<TList, TApplicant>::type;
} // namespace alpaka::meta
