// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The sweep of a 5-point update over a dense row-major 2-D grid, shared by Stencil and Heat: the boundary is copied,
//! each interior point gets update(up, row, down, x).

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels::detail
{
    //! out[y][x] = update(in + (y-1)*nx, in + y*nx, in + (y+1)*nx, x) at interior points, out[y][x] = in[y][x] on the
    //! boundary; in and out are ny x nx, row-major, and must not overlap. Any 2-D work division (index order [y][x]).
    //! Nested element loops, rows outside: the loop along the interior of a row has no condition, so it is a counted
    //! loop on a CPU and vectorizes (a flattened uniformElementsND loop with the boundary test inside would not, see
    //! docs/fast-cpu-kernels.md).
    template<typename TAcc, typename T, typename TUpdate>
    ALPAKA_FN_ACC void
    fivePointSweep(TAcc const& acc, T const* in, T* out, std::size_t ny, std::size_t nx, TUpdate const& update)
    {
        static_assert(alpaka::Dim<TAcc>::value == 2, "a 5-point sweep needs a 2-D accelerator");
        using Idx = alpaka::Idx<TAcc>;
        if(ny == 0u || nx == 0u)
            return; // an empty grid: else the row loop would visit ny empty rows (2^63 of them, if asked to)
        for(auto const yIdx : alpaka::uniformElementsAlong<0>(acc, static_cast<Idx>(ny)))
        {
            auto const y = static_cast<std::size_t>(yIdx);
            T const* const row = in + y * nx;
            T* const outRow = out + y * nx;
            if(y == 0u || y + 1u == ny)
            {
                for(auto const x : alpaka::uniformElementsAlong<1>(acc, static_cast<Idx>(nx)))
                    outRow[x] = row[x];
                continue;
            }
            // Interior rows: the interior columns in one loop without a condition (it vectorizes), the two boundary
            // columns apart, by the threads that get the indices 0 and 1 of a two-element loop.
            T const* const up = row - nx;
            T const* const down = row + nx;
            for(auto const x : alpaka::uniformElementsAlong<1>(acc, Idx{1}, static_cast<Idx>(nx > 0u ? nx - 1u : 0u)))
                outRow[x] = update(up, row, down, static_cast<std::size_t>(x));
            for(auto const edge : alpaka::uniformElementsAlong<1>(acc, static_cast<Idx>(nx < 2u ? nx : 2u)))
            {
                std::size_t const x = edge == 0 ? 0u : nx - 1u;
                outRow[x] = row[x];
            }
        }
    }
} // namespace pyalpaka::kernels::detail
