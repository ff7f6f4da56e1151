// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! getWorkDiv<TOrigin, TUnit>(accOrWorkDiv): extents of the grid, a block or a thread in blocks, threads or elements.
//! An implementation provides the three primitive queries (grid in blocks, block in threads, thread in elements);
//! the others are products of those.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Positioning.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    //! The concept a work division implements (accelerators name their implementation through it).
    struct ConceptWorkDiv;

    namespace trait
    {
        //! Static getWorkDiv(workDiv) -> Vec<Dim, Idx>.
        template<typename TWorkDiv, typename TOrigin, typename TUnit, typename TSfinae = void>
        struct GetWorkDiv;
    } // namespace trait

    //! The extent of TOrigin (Grid, Block, Thread) counted in TUnit (Blocks, Threads, Elems).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOrigin, typename TUnit, typename TWorkDiv>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto getWorkDiv(TWorkDiv const& workDiv) -> Vec<Dim<TWorkDiv>, Idx<TWorkDiv>>
    {
        using Impl = concepts::ImplementationBase<ConceptWorkDiv, TWorkDiv>;
        return trait::GetWorkDiv<Impl, TOrigin, TUnit>::getWorkDiv(workDiv);
    }

    namespace trait
    {
        //! Grid extent in threads = blocks per grid * threads per block.
        template<typename TWorkDiv>
        struct GetWorkDiv<TWorkDiv, origin::Grid, unit::Threads>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC static auto getWorkDiv(TWorkDiv const& workDiv)
            {
                return alpaka::getWorkDiv<origin::Grid, unit::Blocks>(workDiv)
                       * alpaka::getWorkDiv<origin::Block, unit::Threads>(workDiv);
            }
        };

        //! Grid extent in elements = threads per grid * elements per thread.
        template<typename TWorkDiv>
        struct GetWorkDiv<TWorkDiv, origin::Grid, unit::Elems>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC static auto getWorkDiv(TWorkDiv const& workDiv)
            {
                return alpaka::getWorkDiv<origin::Grid, unit::Threads>(workDiv)
                       * alpaka::getWorkDiv<origin::Thread, unit::Elems>(workDiv);
            }
        };

        //! Block extent in elements = threads per block * elements per thread.
        template<typename TWorkDiv>
        struct GetWorkDiv<TWorkDiv, origin::Block, unit::Elems>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC static auto getWorkDiv(TWorkDiv const& workDiv)
            {
                return alpaka::getWorkDiv<origin::Block, unit::Threads>(workDiv)
                       * alpaka::getWorkDiv<origin::Thread, unit::Elems>(workDiv);
            }
        };
    } // namespace trait
} // namespace alpaka
