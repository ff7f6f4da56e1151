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
    //! [y][x]).
    struct Stencil
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* in, T* out, std::size_t ny, std::size_t nx) const
        {
            static_assert(alpaka::Dim<TAcc>::value == 2, "Stencil needs a 2-D accelerator");
            using Idx = alpaka::Idx<TAcc>;
            using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
            for(auto const& idx : alpaka::uniformElementsND(acc, Vec2{static_cast<Idx>(ny), static_cast<Idx>(nx)}))
            {
                auto const y = static_cast<std::size_t>(idx[0]);
                auto const x = static_cast<std::size_t>(idx[1]);
                std::size_t const i = y * nx + x;
                if(y == 0u || x == 0u || y + 1u == ny || x + 1u == nx)
                    out[i] = in[i];
                else
                    out[i] = static_cast<T>(0.25) * (in[i - nx] + in[i + nx] + in[i - 1u] + in[i + 1u]);
            }
        }
    };
} // namespace pyalpaka::kernels
