// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Reductions of syncBlockThreadsPredicate: BlockCount (how many threads passed a non-zero predicate), BlockAnd and
//! BlockOr (0 or 1).

#include "alpaka/core/Common.hpp"

namespace alpaka
{
    struct BlockCount
    {
        enum
        {
            InitialValue = 0
        };

        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T const& currentResult, T const& value) const -> T
        {
            return currentResult + static_cast<T>(value != 0);
        }
    };

    struct BlockAnd
    {
        enum
        {
            InitialValue = 1
        };

        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T const& currentResult, T const& value) const -> T
        {
            return static_cast<T>(currentResult != 0 && value != 0);
        }
    };

    struct BlockOr
    {
        enum
        {
            InitialValue = 0
        };

        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T const& currentResult, T const& value) const -> T
        {
            return static_cast<T>(currentResult != 0 || value != 0);
        }
    };
} // namespace alpaka
