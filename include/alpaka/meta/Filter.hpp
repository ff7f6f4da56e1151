// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Filter<TList, TPred>: the elements T of TList for which TPred<T>::value is true.

#include "alpaka/meta/Concatenate.hpp"

#include <type_traits>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList, template<typename...> class TPred>
        struct FilterImpl;

        template<template<typename...> class TList, typename... Ts, template<typename...> class TPred>
        struct FilterImpl<TList<Ts...>, TPred>
        {
            using type = Concatenate<TList<>, std::conditional_t<TPred<Ts>::value, TList<Ts>, TList<>>...>;
        };
    } // namespace detail

    template<typename TList, template<typename...> class TPred>
    using Filter = typename detail::FilterImpl<TList, TPred>::type;
} // namespace alpaka::meta
