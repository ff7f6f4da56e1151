// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Idx<T>: the integral type of indices and extents of an accelerator, work division, view or buffer.

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Specialize with `using type = ...;` to give a type an index type.
        template<typename T, typename TSfinae = void>
        struct IdxType;

        //! A scalar extent is its own index type.
        template<typename T>
        struct IdxType<T, std::enable_if_t<std::is_arithmetic_v<T>>>
        {
            using type = std::decay_t<T>;
        };
    } // namespace trait

    template<typename T>
    using Idx = typename trait::IdxType<T>::type;
} // namespace alpaka
