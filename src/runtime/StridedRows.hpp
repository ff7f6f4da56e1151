// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A strided copy or fill as rows: runs of contiguous bytes (a whole innermost dimension where both sides store it
//! densely, else single elements) repeated over row dimensions with a byte stride on each side. Dimensions of
//! extent 1 are dropped and dimensions that continue each other on both sides merged, so that most copies are one
//! driver call (2-D or 3-D) and every layout NumPy or DLPack can give (any positive strides) is expressible.

#include <cstddef>
#include <vector>

#include "runtime/Runtime.hpp"

namespace pyalpaka::rt
{
    struct RowDim
    {
        std::size_t extent;
        std::size_t dstStride;
        std::size_t srcStride;
    };

    struct RowLayout
    {
        std::size_t width = 0;    //!< bytes per row
        std::vector<RowDim> dims; //!< row dimensions, outermost first
    };

    //! The rows of copying src's extent (dst.extent) between the two regions; a fill passes its region twice.
    [[nodiscard]] inline auto rowLayout(Region const& dst, Region const& src) -> RowLayout
    {
        auto const n = dst.ndim;
        RowLayout rows;
        std::size_t outerDims = n;
        if(n > 0 && dst.strides[n - 1] == dst.itemSize && src.strides[n - 1] == src.itemSize)
        {
            rows.width = dst.extent[n - 1] * dst.itemSize;
            outerDims = n - 1;
        }
        else
            rows.width = dst.itemSize;
        for(std::size_t i = 0; i < outerDims; ++i)
            if(dst.extent[i] != 1)
                rows.dims.push_back({dst.extent[i], dst.strides[i], src.strides[i]});
        // Rows that follow each other densely on both sides are one wider row.
        while(!rows.dims.empty() && rows.dims.back().dstStride == rows.width
              && rows.dims.back().srcStride == rows.width)
        {
            rows.width *= rows.dims.back().extent;
            rows.dims.pop_back();
        }
        // A dimension whose stride is its inner neighbour's whole extent on both sides merges into it.
        for(std::size_t i = rows.dims.size(); i-- > 1;)
        {
            auto& outer = rows.dims[i - 1];
            auto const& inner = rows.dims[i];
            if(outer.dstStride == inner.dstStride * inner.extent && outer.srcStride == inner.srcStride * inner.extent)
            {
                outer = {outer.extent * inner.extent, inner.dstStride, inner.srcStride};
                rows.dims.erase(rows.dims.begin() + static_cast<std::ptrdiff_t>(i));
            }
        }
        return rows;
    }

    //! Calls f(block, dstOffset, srcOffset) for every block of the innermost `keepDims` row dimensions, iterating
    //! the outer ones.
    template<typename TFn>
    void forEachBlock(RowLayout const& rows, std::size_t keepDims, TFn&& f)
    {
        auto const keep = rows.dims.size() < keepDims ? rows.dims.size() : keepDims;
        auto const outer = rows.dims.size() - keep;
        RowLayout block{rows.width, {rows.dims.begin() + static_cast<std::ptrdiff_t>(outer), rows.dims.end()}};
        std::vector<std::size_t> index(outer, 0);
        while(true)
        {
            std::size_t dstOffset = 0;
            std::size_t srcOffset = 0;
            for(std::size_t i = 0; i < outer; ++i)
            {
                dstOffset += index[i] * rows.dims[i].dstStride;
                srcOffset += index[i] * rows.dims[i].srcStride;
            }
            f(block, dstOffset, srcOffset);
            std::size_t i = outer;
            while(i > 0 && ++index[i - 1] == rows.dims[i - 1].extent)
                index[--i] = 0;
            if(i == 0)
                return;
        }
    }
} // namespace pyalpaka::rt
