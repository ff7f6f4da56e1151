// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Linear (row-major) indices of the calling thread and block, for test kernels that number their outputs.

#include <alpaka/alpaka.hpp>

namespace alpaka_test
{
    //! The thread's index in the grid.
    template<typename TAcc>
    ALPAKA_FN_ACC auto linearGridThreadIdx(TAcc const& acc) -> alpaka::Idx<TAcc>
    {
        return alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc),
            alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc))[0];
    }

    //! The block's index in the grid.
    template<typename TAcc>
    ALPAKA_FN_ACC auto linearBlockIdx(TAcc const& acc) -> alpaka::Idx<TAcc>
    {
        return alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc),
            alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc))[0];
    }

    //! The thread's index in its block.
    template<typename TAcc>
    ALPAKA_FN_ACC auto linearThreadIdx(TAcc const& acc) -> alpaka::Idx<TAcc>
    {
        return alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc),
            alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc))[0];
    }
} // namespace alpaka_test
