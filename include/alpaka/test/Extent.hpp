// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Extents used by the tests: a small, different size per dimension so that mixed-up dimensions show.
//! CreateVecWithIdx<TIdx> holds upstream's per-component generators (ForExtentBuf, ForExtentSubView, ForOffset);
//! extentBuf, extentSubView and offset are ready-made Vecs. Like upstream's header it brings in all of alpaka, which
//! tests that include only this header rely on.

#include "alpaka/alpaka.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka::test
{
    //! Component generators: Gen<I>::create() is component I of the vector (I counts from the slowest dimension).
    template<typename TIdx>
    struct CreateVecWithIdx
    {
        //! (11), (11, 10), (11, 10, 9), ...
        template<std::size_t TI>
        struct ForExtentBuf
        {
            ALPAKA_FN_HOST_ACC static constexpr auto create() -> TIdx
            {
                return static_cast<TIdx>(11u - TI);
            }
        };

        //! (8), (8, 6), (8, 6, 4), ...: fits into ForExtentBuf at ForOffset.
        template<std::size_t TI>
        struct ForExtentSubView
        {
            ALPAKA_FN_HOST_ACC static constexpr auto create() -> TIdx
            {
                return static_cast<TIdx>(8u - 2u * TI);
            }
        };

        //! (2), (2, 3), (2, 3, 4), ...
        template<std::size_t TI>
        struct ForOffset
        {
            ALPAKA_FN_HOST_ACC static constexpr auto create() -> TIdx
            {
                return static_cast<TIdx>(2u + TI);
            }
        };
    };

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
