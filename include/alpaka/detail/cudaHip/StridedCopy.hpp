// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! How a strided region (detail/cpu/StridedRegion.hpp: contiguous inner bytes, outer dimensions merged where they
//! are dense) maps onto the runtime's copy and memset calls: no outer dimension is one linear call, one outer
//! dimension a 2-D call, two outer dimensions whose slice pitch is a whole number of rows a 3-D call; anything else
//! is a loop of 2-D calls over the remaining outer dimensions.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cpu/StridedRegion.hpp"

#    include <cstddef>

namespace alpaka::detail::cudaHip
{
    //! True if the region has nothing to do.
    template<std::size_t TDim, std::size_t TOperands>
    auto isEmptyRegion(cpu::StridedRegion<TDim, TOperands> const& region) -> bool
    {
        if(region.innerBytes == 0)
            return true;
        for(std::size_t i = 0; i < region.dims; ++i)
            if(region.extent[i] == 0)
                return true;
        return false;
    }

    //! True if the last two outer dimensions can be one 3-D call: every operand's slice pitch is a whole number of
    //! its row pitch (a pitched pointer describes slices as rows times height).
    template<std::size_t TDim, std::size_t TOperands>
    auto fitsPitched3D(cpu::StridedRegion<TDim, TOperands> const& region) -> bool
    {
        if constexpr(TDim < 2)
            return false;
        else
        {
            if(region.dims != 2)
                return false;
            for(std::size_t o = 0; o < TOperands; ++o)
            {
                auto const row = region.pitch[o][1];
                auto const slice = region.pitch[o][0];
                if(row == 0 || slice % row != 0 || slice / row < region.extent[1])
                    return false;
            }
            return true;
        }
    }

    //! Calls f(offsets) for every index of the outer dimensions 0 .. dims-2 (all but the last outer dimension),
    //! offsets[o] being the byte offset of operand o; the last outer dimension is left to a 2-D call.
    template<std::size_t TDim, std::size_t TOperands, typename TFn>
    void forEachRowBlock(cpu::StridedRegion<TDim, TOperands> const& region, TFn&& f)
    {
        std::size_t const loops = region.dims - 1;
        std::size_t idx[TDim == 0 ? 1 : TDim] = {};
        std::size_t offsets[TOperands] = {};
        for(;;)
        {
            f(static_cast<std::size_t const*>(offsets));
            std::size_t d = loops;
            for(;;)
            {
                if(d == 0)
                    return;
                --d;
                ++idx[d];
                for(std::size_t o = 0; o < TOperands; ++o)
                    offsets[o] += region.pitch[o][d];
                if(idx[d] < region.extent[d])
                    break;
                for(std::size_t o = 0; o < TOperands; ++o)
                    offsets[o] -= region.pitch[o][d] * region.extent[d];
                idx[d] = 0;
            }
        }
    }
} // namespace alpaka::detail::cudaHip

#endif
