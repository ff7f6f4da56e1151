// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Heat: one explicit Euler step of the 2-D heat equation on a dense row-major grid, its parameters in a struct
//! passed by value (from Python: a NumPy structured scalar of pyalpaka.kernels.heat.structs["HeatParams"]).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>

#include "detail/FivePoint.hpp"

namespace pyalpaka::kernels
{
    //! The parameters of one Heat step. The layout has padding (4 bytes after nx) on purpose: it is the layout a
    //! NumPy dtype made with align=True reproduces.
    struct HeatParams
    {
        float dt;        //!< the time step
        std::int32_t ny; //!< rows of the grid
        std::int32_t nx; //!< columns of the grid
        double alpha;    //!< the diffusivity, in grid cells squared per unit of time
    };

    //! out = in + alpha·dt·(in[y-1][x] + in[y+1][x] + in[y][x-1] + in[y][x+1] - 4·in[y][x]) at interior points,
    //! out[y][x] = in[y][x] on the boundary (fixed boundary values); in and out are ny x nx, row-major, and must not
    //! overlap. Stable for alpha·dt ≤ 1/4. Any 2-D work division (index order [y][x]); the interior of a row is one
    //! vectorizable loop on a CPU (detail::fivePointSweep).
    struct Heat
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* in, T* out, HeatParams params) const
        {
            // A negative extent is an empty grid, not a huge unsigned one.
            auto const ny = static_cast<std::size_t>(params.ny > 0 ? params.ny : 0);
            auto const nx = static_cast<std::size_t>(params.nx > 0 ? params.nx : 0);
            auto const r = static_cast<T>(params.alpha * static_cast<double>(params.dt));
            detail::fivePointSweep(
                acc,
                in,
                out,
                ny,
                nx,
                [r](T const* up, T const* row, T const* down, std::size_t x)
                { return row[x] + r * (up[x] + down[x] + row[x - 1u] + row[x + 1u] - static_cast<T>(4) * row[x]); });
        }
    };
} // namespace pyalpaka::kernels
