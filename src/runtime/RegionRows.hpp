// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The rows (alpaka/detail/mem/StridedRows.hpp) of the runtime's strided Regions: every layout NumPy or DLPack can
//! give (any positive strides) is expressible, and most copies become one driver call.

#include <alpaka/detail/mem/StridedRows.hpp>

#include <cstddef>

#include "runtime/Runtime.hpp"

namespace pyalpaka::rt
{
    //! Rows of a copy: operand 0 the destination, 1 the source.
    using CopyRows = alpaka::detail::StridedRows<maxBufferDim, 2>;
    //! Rows of a memset or fill of one region.
    using SetRows = alpaka::detail::StridedRows<maxBufferDim, 1>;

    //! The rows of copying dst.extent elements from src to dst (regions of the same element size and shape).
    [[nodiscard]] inline auto copyRows(Region const& dst, Region const& src) noexcept -> CopyRows
    {
        std::size_t const* const strides[2] = {dst.strides.data(), src.strides.data()};
        return alpaka::detail::makeStridedRows<maxBufferDim, 2>(dst.ndim, dst.extent.data(), dst.itemSize, strides);
    }

    //! The rows of setting every element of dst.
    [[nodiscard]] inline auto setRows(Region const& dst) noexcept -> SetRows
    {
        std::size_t const* const strides[1] = {dst.strides.data()};
        return alpaka::detail::makeStridedRows<maxBufferDim, 1>(dst.ndim, dst.extent.data(), dst.itemSize, strides);
    }
} // namespace pyalpaka::rt
