// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Levels of the parallelism hierarchy: the scope an atomic operation must be atomic in.

namespace alpaka::hierarchy
{
    //! Atomic for everything running on the device: all grids (kernels) and the host.
    struct Grids
    {
    };

    //! Atomic among all blocks of one grid.
    struct Blocks
    {
    };

    //! Atomic among the threads of one block.
    struct Threads
    {
    };
} // namespace alpaka::hierarchy
