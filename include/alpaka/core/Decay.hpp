// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::is_decayed_v<T, U>: whether T and U are the same type after std::decay (is_decayed_v<int const&, int>).

#include <type_traits>

namespace alpaka
{
    template<typename T, typename U>
    inline constexpr bool is_decayed_v = std::is_same_v<std::decay_t<T>, std::decay_t<U>>;
} // namespace alpaka
