// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The calling thread's place in its block as one number, for kernels whose threads share work by a linear index
//! whatever the dimensionality of the work division.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels::detail
{
    //! The number of threads of the calling thread's block.
    template<typename TAcc>
    ALPAKA_FN_ACC auto blockThreadCount(TAcc const& acc) -> std::size_t
    {
        return static_cast<std::size_t>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc).prod());
    }

    //! The calling thread's index in its block, row-major, in [0, blockThreadCount(acc)).
    template<typename TAcc>
    ALPAKA_FN_ACC auto linearBlockThreadIdx(TAcc const& acc) -> std::size_t
    {
        return static_cast<std::size_t>(alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc),
            alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc))[0]);
    }
} // namespace pyalpaka::kernels::detail
