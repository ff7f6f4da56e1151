// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Dim<T>: the dimensionality of an accelerator, work division, extent, view or buffer.

#include "alpaka/dim/DimIntegralConst.hpp"

#include <type_traits>

namespace alpaka
{
    namespace trait
    {
        //! Specialize with `using type = DimInt<N>;` to give a type a dimensionality.
        template<typename T, typename TSfinae = void>
        struct DimType;

        //! Scalars (an extent given as a plain number) are one-dimensional.
        template<typename T>
        struct DimType<T, std::enable_if_t<std::is_arithmetic_v<T>>>
        {
            using type = DimInt<1u>;
        };
    } // namespace trait

    template<typename T>
    using Dim = typename trait::DimType<T>::type;
} // namespace alpaka
