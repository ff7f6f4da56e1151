// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Stencil: one 5-point Jacobi sweep over a dense row-major 2-D grid.

#include <alpaka/alpaka.hpp>

#include <cstddef>

#include "detail/FivePoint.hpp"

namespace pyalpaka::kernels
{
    //! out[y][x] = 0.25 * (in[y-1][x] + in[y+1][x] + in[y][x-1] + in[y][x+1]) at interior points, out[y][x] = in[y][x]
    //! on the boundary; in and out are ny x nx, row-major, and must not overlap. Any 2-D work division (index order
    //! [y][x]); the interior of a row is one vectorizable loop on a CPU (detail::fivePointSweep).
    struct Stencil
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* in, T* out, std::size_t ny, std::size_t nx) const
        {
            detail::fivePointSweep(
                acc,
                in,
                out,
                ny,
                nx,
                [](T const* up, T const* row, T const* down, std::size_t x)
                { return static_cast<T>(0.25) * (up[x] + down[x] + row[x - 1u] + row[x + 1u]); });
        }
    };
} // namespace pyalpaka::kernels
