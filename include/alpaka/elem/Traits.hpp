// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Elem<T>: the element type of a view or buffer.

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Specialize with `using type = ...;` to give a view type its element type.
        template<typename TView, typename TSfinae = void>
        struct ElemType;

        //! A plain number is its own element.
        template<typename T>
        struct ElemType<T, std::enable_if_t<std::is_arithmetic_v<T>>>
        {
            using type = T;
        };
    } // namespace trait

    //! The element type of a view; a const view gives a const element type.
    template<typename TView>
    using Elem = std::remove_volatile_t<typename trait::ElemType<std::remove_cv_t<TView>>::type>;
} // namespace alpaka
