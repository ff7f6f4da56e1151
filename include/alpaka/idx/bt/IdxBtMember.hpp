// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IdxBtMember: the thread index in the block of the CPU back-ends with several threads per block; every block
//! thread has its own accelerator object, which holds its index.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    template<typename TDim, typename TIdx>
    class IdxBtMember : public concepts::Implements<ConceptIdxBt, IdxBtMember<TDim, TIdx>>
    {
    public:
        explicit IdxBtMember(Vec<TDim, TIdx> const& blockThreadIdx)
            : m_blockThreadIdx(blockThreadIdx)
        {
        }

        Vec<TDim, TIdx> m_blockThreadIdx;
    };

    namespace trait
    {
        template<typename TDim, typename TIdx>
        struct DimType<IdxBtMember<TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDim, typename TIdx>
        struct IdxType<IdxBtMember<TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDim, typename TIdx>
        struct GetIdx<IdxBtMember<TDim, TIdx>, origin::Block, unit::Threads>
        {
            template<typename TWorkDiv>
            static auto getIdx(IdxBtMember<TDim, TIdx> const& idx, TWorkDiv const&) -> Vec<TDim, TIdx>
            {
                return idx.m_blockThreadIdx;
            }
        };
    } // namespace trait
} // namespace alpaka
