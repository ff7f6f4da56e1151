// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Transform<TList<Ts...>, TOp> = TList<TOp<Ts>...>.

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList, template<typename...> class TOp>
        struct TransformImpl;

        template<template<typename...> class TList, typename... Ts, template<typename...> class TOp>
        struct TransformImpl<TList<Ts...>, TOp>
        {
            using type = TList<TOp<Ts>...>;
        };
    } // namespace detail

    template<typename TList, template<typename...> class TOp>
    using Transform = typename detail::TransformImpl<TList, TOp>::type;
} // namespace alpaka::meta
