// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! DependentFalseType<T...>: a false value that depends on template parameters, for static_assert in templates
//! that must only fail when instantiated.

#include <type_traits>

namespace alpaka::meta
{
    template<typename... T>
    struct DependentFalseType : std::false_type
    {
    };

    template<typename... T>
    inline constexpr bool dependentFalse = DependentFalseType<T...>::value;
} // namespace alpaka::meta
