// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IdxBtZero: the thread index in a block that has a single thread.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class IdxBtZero : public concepts::Implements<ConceptIdxBt, IdxBtZero<TDim, TIdx>>
    {
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<IdxBtZero<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<IdxBtZero<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetIdx<IdxBtZero<TDim, TIdx>, origin::Block, unit::Threads>
        {
            template<typename TWorkDiv>
            ALPAKA_FN_HOST_ACC static auto getIdx(IdxBtZero<TDim, TIdx> const&, TWorkDiv const&) -> Vec<TDim, TIdx>
            {
                return Vec<TDim, TIdx>::zeros();
            }
        };
    } // namespace trait
} // namespace alpaka
