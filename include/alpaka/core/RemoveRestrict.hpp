// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::remove_restrict<T> / remove_restrict_t<T>: a pointer type without its __restrict__ qualifier (other types
//! unchanged), as std::remove_cv is for const and volatile.

#include "alpaka/core/Config.hpp"

namespace alpaka
{
    template<typename T>
    struct remove_restrict
    {
        using type = T;
    };

#if ALPAKA_COMP_MSVC
    template<typename T>
    struct remove_restrict<T* __restrict>
    {
        using type = T*;
    };
#else
    template<typename T>
    struct remove_restrict<T* __restrict__>
    {
        using type = T*;
    };
#endif

    template<typename T>
    using remove_restrict_t = typename remove_restrict<T>::type;
} // namespace alpaka
