// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! forEachType<TList>(f, args...) calls f.template operator()<T>(args...) for every element T of TList.

#include "alpaka/core/Common.hpp"

#include <utility>

namespace alpaka::meta
{
    namespace detail
    {
        template<typename TList>
        struct ForEachTypeImpl;

        template<template<typename...> class TList, typename... Ts>
        struct ForEachTypeImpl<TList<Ts...>>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            template<typename TFnObj, typename... TArgs>
            ALPAKA_FN_HOST_ACC static void run(TFnObj&& f, TArgs&&... args)
            {
                // Arguments are forwarded as lvalues: every element receives the same objects.
                (f.template operator()<Ts>(args...), ...);
            }
        };
    } // namespace detail

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TList, typename TFnObj, typename... TArgs>
    ALPAKA_FN_HOST_ACC void forEachType(TFnObj&& f, TArgs&&... args)
    {
        detail::ForEachTypeImpl<TList>::run(std::forward<TFnObj>(f), std::forward<TArgs>(args)...);
    }
} // namespace alpaka::meta
