// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! test::Array<T, N>: a fixed-size array usable in kernels (std::array is not available on every device).

#include "alpaka/core/Common.hpp"

#include <cstddef>

namespace alpaka::test
{
    template<typename TType, std::size_t TSize>
    struct Array
    {
        TType m_data[TSize];

        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator[](T const i) const -> TType const&
        {
            return m_data[i];
        }

        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator[](T const i) -> TType&
        {
            return m_data[i];
        }
    };
} // namespace alpaka::test
