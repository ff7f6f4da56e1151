// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Stencil: one 5-point Jacobi sweep over a dense row-major 2-D grid.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! out[y][x] = 0.25 * (in[y-1][x] + in[y+1][x] + in[y][x-1] + in[y][x+1]) at interior points, out[y][x] = in[y][x]
    //! on the boundary; in and out are ny x nx, row-major, and must not overlap. Any 2-D work division (index order
    //! [y][x]). Nested element loops, rows outside: the loop along the interior of a row has no condition, so it is a
    //! counted loop on a CPU and vectorizes (a flattened uniformElementsND loop with the boundary test inside would
    //! not, see docs/fast-cpu-kernels.md).
    struct Stencil
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* in, T* out, std::size_t ny, std::size_t nx) const
        {
            static_assert(alpaka::Dim<TAcc>::value == 2, "Stencil needs a 2-D accelerator");
            using Idx = alpaka::Idx<TAcc>;
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
                // Interior rows: the interior columns in one loop without a condition (it vectorizes), the two
                // boundary columns apart, by the threads that get the indices 0 and 1 of a two-element loop.
                T const* const up = row - nx;
                T const* const down = row + nx;
                for(auto const x :
                    alpaka::uniformElementsAlong<1>(acc, Idx{1}, static_cast<Idx>(nx > 0u ? nx - 1u : 0u)))
                    outRow[x] = static_cast<T>(0.25) * (up[x] + down[x] + row[x - 1u] + row[x + 1u]);
                for(auto const edge : alpaka::uniformElementsAlong<1>(acc, static_cast<Idx>(nx < 2u ? nx : 2u)))
                {
                    std::size_t const x = edge == 0 ? 0u : nx - 1u;
                    outRow[x] = row[x];
                }
            }
        }
    };
} // namespace pyalpaka::kernels
