// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! mapIdx: converts between an N-dimensional index and a linear (1-D) index, row-major ([z][y][x], x fastest).

#include "alpaka/core/Common.hpp"
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka
{
    //! Maps idx inside extent to TDimOut dimensions: N-D → 1-D linearizes, 1-D → N-D delinearizes, equal dims return
    //! idx unchanged. The extent must have max(TDimIn, TDimOut) components.
    ALPAKA_NO_HOST_ACC_WARNING
    template<std::size_t TDimOut, std::size_t TDimIn, std::size_t TDimExtents, typename TElem>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto
    mapIdx(Vec<DimInt<TDimIn>, TElem> const& idx, Vec<DimInt<TDimExtents>, TElem> const& extent)
        -> Vec<DimInt<TDimOut>, TElem>
    {
        if constexpr(TDimOut == TDimIn)
        {
            return idx;
        }
        else if constexpr(TDimOut == 1)
        {
            static_assert(TDimExtents == TDimIn, "mapIdx: linearizing needs an extent of the input's dimensionality");
            TElem linear = 0;
            for(std::size_t i = 0; i != TDimIn; ++i)
                linear = static_cast<TElem>(linear * extent[i] + idx[i]);
            return {linear};
        }
        else if constexpr(TDimIn == 1)
        {
            static_assert(
                TDimExtents == TDimOut, "mapIdx: delinearizing needs an extent of the output's dimensionality");
            Vec<DimInt<TDimOut>, TElem> result;
            TElem rest = idx[0];
            for(std::size_t i = TDimOut; i-- > 0;)
            {
                result[i] = static_cast<TElem>(rest % extent[i]);
                rest = static_cast<TElem>(rest / extent[i]);
            }
            return result;
        }
        else if constexpr(TDimOut == 0)
        {
            return {};
        }
        else
        {
            // N-D → M-D through the linear index.
            static_assert(TDimIn == 0, "mapIdx maps N-D to 1-D, 1-D to N-D or 0-D to any dimensionality");
            return Vec<DimInt<TDimOut>, TElem>::zeros();
        }
    }

    //! Like mapIdx, but through byte pitches (pitch[i] = bytes between neighbours along dimension i): N-D → 1-D gives
    //! the byte offset, 1-D (a byte offset) → N-D gives the index.
    ALPAKA_NO_HOST_ACC_WARNING
    template<std::size_t TDimOut, std::size_t TDimIn, std::size_t TDimPitches, typename TElem>
    [[nodiscard]] ALPAKA_FN_HOST_ACC constexpr auto
    mapIdxPitchBytes(Vec<DimInt<TDimIn>, TElem> const& idx, Vec<DimInt<TDimPitches>, TElem> const& pitchBytes)
        -> Vec<DimInt<TDimOut>, TElem>
    {
        if constexpr(TDimOut == TDimIn)
        {
            return idx;
        }
        else if constexpr(TDimOut == 1)
        {
            static_assert(TDimPitches == TDimIn, "mapIdxPitchBytes: needs one pitch per input dimension");
            TElem offset = 0;
            for(std::size_t i = 0; i != TDimIn; ++i)
                offset = static_cast<TElem>(offset + idx[i] * pitchBytes[i]);
            return {offset};
        }
        else if constexpr(TDimIn == 1)
        {
            static_assert(TDimPitches == TDimOut, "mapIdxPitchBytes: needs one pitch per output dimension");
            Vec<DimInt<TDimOut>, TElem> result;
            TElem rest = idx[0];
            for(std::size_t i = 0; i != TDimOut; ++i)
            {
                result[i] = static_cast<TElem>(rest / pitchBytes[i]);
                rest = static_cast<TElem>(rest % pitchBytes[i]);
            }
            return result;
        }
        else
        {
            static_assert(TDimIn == 0, "mapIdxPitchBytes maps N-D to 1-D, 1-D to N-D or 0-D to any dimensionality");
            return Vec<DimInt<TDimOut>, TElem>::zeros();
        }
    }
} // namespace alpaka
