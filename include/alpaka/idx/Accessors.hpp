// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Index queries inside kernels: getIdx<Grid, Blocks>(acc), getIdx<Block, Threads>(acc), getIdx<Grid, Threads>(acc)
//! and getIdxThreadFirstElem(acc). An accelerator provides the block index in the grid (ConceptIdxGb) and the thread
//! index in the block (ConceptIdxBt); the rest is derived.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Positioning.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/Traits.hpp"

namespace alpaka
{
    //! The concept of the block index in the grid.
    struct ConceptIdxGb;
    //! The concept of the thread index in the block.
    struct ConceptIdxBt;

    namespace trait
    {
        //! Static getIdx(idx, workDiv) -> Vec<Dim, Idx>.
        template<typename TIdx, typename TOrigin, typename TUnit, typename TSfinae = void>
        struct GetIdx;
    } // namespace trait

    //! The index of the calling thread's TOrigin-part counted in TUnit, from an index provider and a work division.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOrigin, typename TUnit, typename TIdx, typename TWorkDiv>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto
    getIdx(TIdx const& idx, TWorkDiv const& workDiv) -> Vec<Dim<TWorkDiv>, Idx<TIdx>>
    {
        return trait::GetIdx<TIdx, TOrigin, TUnit>::getIdx(idx, workDiv);
    }

    //! getIdx<Grid, Blocks>(acc), getIdx<Block, Threads>(acc), getIdx<Grid, Threads>(acc).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOrigin, typename TUnit, typename TIdxWorkDiv>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto
    getIdx(TIdxWorkDiv const& idxWorkDiv) -> Vec<Dim<TIdxWorkDiv>, Idx<TIdxWorkDiv>>
    {
        return trait::GetIdx<TIdxWorkDiv, TOrigin, TUnit>::getIdx(idxWorkDiv, idxWorkDiv);
    }

    namespace trait
    {
        //! Block index in the grid, from the implementation the accelerator names.
        template<typename TIdxWorkDiv>
        struct GetIdx<TIdxWorkDiv, origin::Grid, unit::Blocks>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            template<typename TWorkDiv>
            ALPAKA_FN_HOST_ACC static auto getIdx(TIdxWorkDiv const& idx, TWorkDiv const& workDiv)
            {
                using Impl = concepts::ImplementationBase<ConceptIdxGb, TIdxWorkDiv>;
                return GetIdx<Impl, origin::Grid, unit::Blocks>::getIdx(idx, workDiv);
            }
        };

        //! Thread index in the block, from the implementation the accelerator names.
        template<typename TIdxWorkDiv>
        struct GetIdx<TIdxWorkDiv, origin::Block, unit::Threads>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            template<typename TWorkDiv>
            ALPAKA_FN_HOST_ACC static auto getIdx(TIdxWorkDiv const& idx, TWorkDiv const& workDiv)
            {
                using Impl = concepts::ImplementationBase<ConceptIdxBt, TIdxWorkDiv>;
                return GetIdx<Impl, origin::Block, unit::Threads>::getIdx(idx, workDiv);
            }
        };

        //! Thread index in the grid = block index * threads per block + thread index in the block.
        template<typename TIdxWorkDiv>
        struct GetIdx<TIdxWorkDiv, origin::Grid, unit::Threads>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            template<typename TWorkDiv>
            ALPAKA_FN_HOST_ACC static auto getIdx(TIdxWorkDiv const& idx, TWorkDiv const& workDiv)
            {
                return alpaka::getIdx<origin::Grid, unit::Blocks>(idx, workDiv)
                           * getWorkDiv<origin::Block, unit::Threads>(workDiv)
                       + alpaka::getIdx<origin::Block, unit::Threads>(idx, workDiv);
            }
        };
    } // namespace trait

    //! The grid element index of the calling thread's first element: thread index * elements per thread.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TIdxWorkDiv, typename TGridThreadIdx, typename TThreadElemExtent>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto getIdxThreadFirstElem(
        [[maybe_unused]] TIdxWorkDiv const& idxWorkDiv,
        TGridThreadIdx const& gridThreadIdx,
        TThreadElemExtent const& threadElemExtent)
    {
        return gridThreadIdx * threadElemExtent;
    }

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TIdxWorkDiv, typename TGridThreadIdx>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto
    getIdxThreadFirstElem(TIdxWorkDiv const& idxWorkDiv, TGridThreadIdx const& gridThreadIdx)
    {
        return getIdxThreadFirstElem(idxWorkDiv, gridThreadIdx, getWorkDiv<origin::Thread, unit::Elems>(idxWorkDiv));
    }

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TIdxWorkDiv>
    [[nodiscard]] ALPAKA_FN_HOST_ACC auto getIdxThreadFirstElem(TIdxWorkDiv const& idxWorkDiv)
    {
        return getIdxThreadFirstElem(idxWorkDiv, getIdx<origin::Grid, unit::Threads>(idxWorkDiv));
    }
} // namespace alpaka
