// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IdxGbRef: the block index in the grid, read from a Vec the back-end updates as it walks the blocks.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class IdxGbRef : public concepts::Implements<ConceptIdxGb, IdxGbRef<TDim, TIdx>>
    {
    public:
        ALPAKA_FN_HOST_ACC explicit IdxGbRef(Vec<TDim, TIdx> const& gridBlockIdx)
            : m_gridBlockIdx(gridBlockIdx)
        {
        }

        Vec<TDim, TIdx> const& m_gridBlockIdx;
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<IdxGbRef<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<IdxGbRef<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetIdx<IdxGbRef<TDim, TIdx>, origin::Grid, unit::Blocks>
        {
            template<typename TWorkDiv>
            ALPAKA_FN_HOST_ACC static auto getIdx(IdxGbRef<TDim, TIdx> const& idx, TWorkDiv const&) -> Vec<TDim, TIdx>
            {
                return idx.m_gridBlockIdx;
            }
        };
    } // namespace trait
} // namespace alpaka
