// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! DimInt<N>: the dimensionality of an index space as a compile-time constant.

#include <cstddef>
#include <type_traits>

namespace alpaka
{
    template<std::size_t N>
    using DimInt = std::integral_constant<std::size_t, N>;
} // namespace alpaka
