// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Origins and units of index and extent queries: getIdx<Grid, Threads>(acc), getWorkDiv<Block, Elems>(acc).

namespace alpaka
{
    namespace origin
    {
        //! The whole grid.
        struct Grid;
        //! The block of the calling thread.
        struct Block;
        //! The calling thread.
        struct Thread;
    } // namespace origin
    using namespace origin;

    namespace unit
    {
        //! Counted in blocks.
        struct Blocks;
        //! Counted in threads.
        struct Threads;
        //! Counted in elements.
        struct Elems;
    } // namespace unit
    using namespace unit;
} // namespace alpaka
