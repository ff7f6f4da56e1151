// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A strided copy, memset or fill as rows: runs of contiguous bytes repeated over row dimensions, each with a byte
//! stride per operand (destination and source of a copy; the one region of a memset or fill). Dimensions of extent 1
//! are dropped, dimensions that continue each other densely in every operand are merged, so that a dense region is
//! one row, a pitched 2-D region one 2-D call and most strided ones a single 3-D call of a GPU runtime.
//!
//! The one row splitter of the project: the CPU copy, memset and fill tasks, the CUDA/HIP ones, and the Python
//! runtime's copies (src/runtime) all plan with it.

#include <cstddef>

namespace alpaka::detail
{
    //! The rows of a strided region of at most TMaxDims dimensions over TOperands operands.
    template<std::size_t TMaxDims, std::size_t TOperands>
    struct StridedRows
    {
        static constexpr std::size_t capacity = TMaxDims == 0 ? 1 : TMaxDims;

        std::size_t width = 0;                     //!< contiguous bytes of one row
        std::size_t dims = 0;                      //!< row dimensions left after merging, outermost first
        std::size_t extent[capacity]{};            //!< rows per row dimension
        std::size_t stride[TOperands][capacity]{}; //!< byte stride of each row dimension in each operand

        //! True when there is nothing to copy or set.
        [[nodiscard]] constexpr auto empty() const noexcept -> bool
        {
            if(width == 0)
                return true;
            for(std::size_t d = 0; d < dims; ++d)
                if(extent[d] == 0)
                    return true;
            return false;
        }

        //! The row dimensions from `first` on, as rows of their own (the part a 2-D or 3-D call does at once).
        [[nodiscard]] constexpr auto innerFrom(std::size_t first) const noexcept -> StridedRows
        {
            StridedRows inner;
            inner.width = width;
            for(std::size_t d = first; d < dims; ++d, ++inner.dims)
            {
                inner.extent[inner.dims] = extent[d];
                for(std::size_t o = 0; o < TOperands; ++o)
                    inner.stride[o][inner.dims] = stride[o][d];
            }
            return inner;
        }
    };

    //! The rows of a region of `ndim` (<= TMaxDims) dimensions of extent[d] elements of elemSize bytes, in which
    //! operand o steps strides[o][d] bytes along dimension d (alpaka's pitches; NumPy's strides, all positive).
    template<std::size_t TMaxDims, std::size_t TOperands>
    constexpr auto makeStridedRows(
        std::size_t ndim,
        std::size_t const* extent,
        std::size_t elemSize,
        std::size_t const* const (&strides)[TOperands]) noexcept -> StridedRows<TMaxDims, TOperands>
    {
        StridedRows<TMaxDims, TOperands> rows;
        // The innermost dimension is a row where every operand stores it densely; else a row is one element.
        std::size_t outer = ndim;
        rows.width = elemSize;
        if(ndim > 0)
        {
            bool dense = true;
            for(std::size_t o = 0; o < TOperands; ++o)
                dense = dense && strides[o][ndim - 1] == elemSize;
            if(dense)
            {
                rows.width = extent[ndim - 1] * elemSize;
                outer = ndim - 1;
            }
        }
        for(std::size_t d = 0; d < outer; ++d)
        {
            if(extent[d] == 1)
                continue;
            rows.extent[rows.dims] = extent[d];
            for(std::size_t o = 0; o < TOperands; ++o)
                rows.stride[o][rows.dims] = strides[o][d];
            ++rows.dims;
        }
        // With one dimension there is nothing to merge: a dense one is the row already, another one stays a loop.
        if constexpr(TMaxDims >= 2)
        {
            // Rows that follow each other densely in every operand are one wider row.
            while(rows.dims > 0)
            {
                bool dense = true;
                for(std::size_t o = 0; o < TOperands; ++o)
                    dense = dense && rows.stride[o][rows.dims - 1] == rows.width;
                if(!dense)
                    break;
                rows.width *= rows.extent[--rows.dims];
            }
            // A dimension whose stride is its inner neighbour's whole extent in every operand merges into it.
            for(std::size_t d = rows.dims; d-- > 1;)
            {
                bool continues = true;
                for(std::size_t o = 0; o < TOperands; ++o)
                    continues = continues && rows.stride[o][d - 1] == rows.stride[o][d] * rows.extent[d];
                if(!continues)
                    continue;
                rows.extent[d - 1] *= rows.extent[d];
                for(std::size_t o = 0; o < TOperands; ++o)
                    rows.stride[o][d - 1] = rows.stride[o][d];
                for(std::size_t e = d + 1; e < rows.dims; ++e)
                {
                    rows.extent[e - 1] = rows.extent[e];
                    for(std::size_t o = 0; o < TOperands; ++o)
                        rows.stride[o][e - 1] = rows.stride[o][e];
                }
                --rows.dims;
            }
        }
        return rows;
    }

    namespace stridedRows
    {
        //! Converts an alpaka vector (extent or pitches) to sizes.
        template<typename TVec>
        constexpr void toSizes(TVec const& vec, std::size_t* out) noexcept
        {
            if constexpr(TVec::Dim::value > 0)
                for(std::size_t d = 0; d < TVec::Dim::value; ++d)
                    out[d] = static_cast<std::size_t>(vec[d]);
        }
    } // namespace stridedRows

    //! The rows of an alpaka extent vector and one pitch vector (getPitchesInBytes) per operand.
    template<typename TExtentVec, typename... TPitchVecs>
    constexpr auto makeStridedRowsOf(TExtentVec const& extent, std::size_t elemSize, TPitchVecs const&... pitches)
    {
        constexpr std::size_t dim = TExtentVec::Dim::value;
        constexpr std::size_t operands = sizeof...(TPitchVecs);
        std::size_t extents[dim == 0 ? 1 : dim]{};
        std::size_t converted[operands][dim == 0 ? 1 : dim]{};
        stridedRows::toSizes(extent, extents);
        std::size_t op = 0;
        (stridedRows::toSizes(pitches, converted[op++]), ...);
        std::size_t const* strides[operands]{};
        for(std::size_t o = 0; o < operands; ++o)
            strides[o] = converted[o];
        return makeStridedRows<dim, operands>(dim, extents, elemSize, strides);
    }

    //! Calls f(offsets) once per row (of rows.width bytes), offsets[o] the row's byte offset in operand o, in
    //! row-major order. Nothing is called for empty rows.
    template<std::size_t TMaxDims, std::size_t TOperands, typename TFn>
    constexpr void forEachRow(StridedRows<TMaxDims, TOperands> const& rows, TFn&& f)
    {
        if(rows.empty())
            return;
        std::size_t index[StridedRows<TMaxDims, TOperands>::capacity]{};
        std::size_t offsets[TOperands]{};
        for(;;)
        {
            f(static_cast<std::size_t const*>(offsets));
            // Odometer over the row dimensions, the fastest last.
            std::size_t d = rows.dims;
            for(;;)
            {
                if(d == 0)
                    return;
                --d;
                for(std::size_t o = 0; o < TOperands; ++o)
                    offsets[o] += rows.stride[o][d];
                if(++index[d] < rows.extent[d])
                    break;
                for(std::size_t o = 0; o < TOperands; ++o)
                    offsets[o] -= rows.stride[o][d] * rows.extent[d];
                index[d] = 0;
            }
        }
    }

    //! Calls f(block, offsets) for every index of the outer row dimensions, leaving the innermost `keepDims` of them
    //! to f: `block` holds those (rows.innerFrom), offsets[o] is the block's byte offset in operand o. Nothing is
    //! called for empty rows.
    template<std::size_t TMaxDims, std::size_t TOperands, typename TFn>
    constexpr void forEachBlock(StridedRows<TMaxDims, TOperands> const& rows, std::size_t keepDims, TFn&& f)
    {
        if(rows.empty())
            return;
        std::size_t const outer = rows.dims > keepDims ? rows.dims - keepDims : 0;
        auto const block = rows.innerFrom(outer);
        // The outer dimensions alone, walked as rows of their own.
        auto outerRows = rows;
        outerRows.dims = outer;
        forEachRow(outerRows, [&](std::size_t const* offsets) { f(block, offsets); });
    }

    //! Whether two row dimensions are one 3-D call of a GPU runtime: in every operand the outer stride is a whole
    //! number of inner strides, and at least the inner extent of them (a pitched pointer describes a slice as a
    //! height of rows of one pitch).
    template<std::size_t TMaxDims, std::size_t TOperands>
    constexpr auto fitsPitched3D(StridedRows<TMaxDims, TOperands> const& rows) noexcept -> bool
    {
        if constexpr(TMaxDims < 2)
            return false; // rows of one dimension have no second row dimension (nor room for one)
        else
        {
            if(rows.dims != 2)
                return false;
            for(std::size_t o = 0; o < TOperands; ++o)
            {
                auto const row = rows.stride[o][1];
                auto const slice = rows.stride[o][0];
                if(row == 0 || slice % row != 0 || slice / row < rows.extent[1])
                    return false;
            }
            return true;
        }
    }
} // namespace alpaka::detail
