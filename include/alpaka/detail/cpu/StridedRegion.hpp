// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Strided N-D regions of host memory: extent checks shared by copy, set and fill tasks, and the collapse of
//! contiguous dimensions so that dense regions are handled as one block.

#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace alpaka::detail::cpu
{
    //! Throws std::runtime_error unless 0 <= extent <= the view's extent in every dimension.
    template<typename TView, typename TExtentVec>
    void checkExtentFits(TView const& view, TExtentVec const& extent, char const* operation, char const* role)
    {
        auto const viewExtent = getExtents(view);
        for(std::size_t i = 0; i < Dim<TExtentVec>::value; ++i)
        {
            bool const negative = [&]
            {
                if constexpr(std::is_signed_v<std::remove_cvref_t<decltype(extent[i])>>)
                    return extent[i] < 0;
                else
                    return false;
            }();
            if(negative || static_cast<std::size_t>(extent[i]) > static_cast<std::size_t>(viewExtent[i]))
                throwRuntimeError(
                    "%s: the extent %s does not fit into the %s view's extent %s",
                    operation,
                    detail::toString(extent).c_str(),
                    role,
                    detail::toString(viewExtent).c_str());
        }
    }

    //! A region of TDim dimensions as byte strides; dimensions whose rows lie back to back in every operand are merged
    //! so that the innermost block is as long as possible.
    template<std::size_t TDim, std::size_t TOperands>
    struct StridedRegion
    {
        std::size_t extent[TDim == 0 ? 1 : TDim]{};
        std::size_t pitch[TOperands][TDim == 0 ? 1 : TDim]{};
        std::size_t dims = 0;       //!< dimensions left after merging
        std::size_t innerBytes = 0; //!< contiguous bytes of the innermost dimension
    };

    template<typename TExtentVec, typename... TPitchVecs>
    auto makeRegion(TExtentVec const& extent, std::size_t elemSize, TPitchVecs const&... pitches)
    {
        constexpr std::size_t dim = Dim<TExtentVec>::value;
        constexpr std::size_t operands = sizeof...(TPitchVecs);
        StridedRegion<dim, operands> region;
        if constexpr(dim == 0)
        {
            region.innerBytes = elemSize;
        }
        else
        {
            std::size_t const* pitchRows[operands] = {};
            std::size_t converted[operands][dim] = {};
            std::size_t op = 0;
            (
                [&]
                {
                    for(std::size_t i = 0; i < dim; ++i)
                        converted[op][i] = static_cast<std::size_t>(pitches[i]);
                    pitchRows[op] = converted[op];
                    ++op;
                }(),
                ...);
            // Walk from the fastest dimension outwards, merging while rows are contiguous in all operands.
            std::size_t inner = static_cast<std::size_t>(extent[dim - 1]) * elemSize;
            std::size_t d = dim - 1;
            while(d > 0)
            {
                bool contiguous = true;
                for(std::size_t o = 0; o < operands; ++o)
                    contiguous = contiguous && pitchRows[o][d - 1] == inner;
                if(!contiguous)
                    break;
                inner *= static_cast<std::size_t>(extent[d - 1]);
                --d;
            }
            region.innerBytes = inner;
            region.dims = d; // the outer dimensions 0 .. d-1 remain as loops
            for(std::size_t i = 0; i < d; ++i)
            {
                region.extent[i] = static_cast<std::size_t>(extent[i]);
                for(std::size_t o = 0; o < operands; ++o)
                    region.pitch[o][i] = pitchRows[o][i];
            }
        }
        return region;
    }

    //! Calls f(offsets) for every innermost block, with offsets[o] the byte offset of the block in operand o.
    template<std::size_t TDim, std::size_t TOperands, typename TFn>
    void forEachBlock(StridedRegion<TDim, TOperands> const& region, TFn&& f)
    {
        std::size_t offsets[TOperands] = {};
        if(region.innerBytes == 0)
            return;
        for(std::size_t i = 0; i < region.dims; ++i)
            if(region.extent[i] == 0)
                return;
        std::size_t idx[TDim == 0 ? 1 : TDim] = {};
        for(;;)
        {
            f(static_cast<std::size_t const*>(offsets));
            // Odometer increment over the outer dimensions, fastest last.
            std::size_t d = region.dims;
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
} // namespace alpaka::detail::cpu
