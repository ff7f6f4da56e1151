// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Extents used by the tests: a small, different size per dimension so that mixed-up dimensions show.

#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka::test
{
    //! Extent i of a test buffer: 11, 10, 9, ... counting down from the slowest dimension.
    template<typename TIdx>
    inline constexpr TIdx extentBufComponent(std::size_t i)
    {
        return static_cast<TIdx>(11u - (i % 8u));
    }

    template<typename TDim, typename TIdx>
    inline constexpr auto extentBuf = Vec<TDim, TIdx>([](auto i) { return extentBufComponent<TIdx>(i.value); });

    //! A sub-view extent strictly inside extentBuf.
    template<typename TDim, typename TIdx>
    inline constexpr auto extentSubView
        = Vec<TDim, TIdx>([](auto i) { return static_cast<TIdx>(extentBufComponent<TIdx>(i.value) - 3u); });

    //! Offsets of that sub-view.
    template<typename TDim, typename TIdx>
    inline constexpr auto offset = Vec<TDim, TIdx>([](auto i) { return static_cast<TIdx>(1u + (i.value % 2u)); });
} // namespace alpaka::test
