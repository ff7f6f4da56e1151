// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The solver's kernel, shared by heat.cpp (compiled ahead of time) and heat.py --jit (compiled at run time by each
//! rank for its back-end, with pyalpaka.Kernel.from_file): one source, so both give the same bits.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace heat
{
    //! One Jacobi sweep of a rows x nx block: out = the mean of the four neighbours of in at interior points, out = in
    //! on the block's edges (the fixed boundary, and the halo rows, which the next exchange overwrites).
    struct JacobiKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, double const* in, double* out, std::size_t rows, std::size_t nx) const
        {
            using Idx = alpaka::Idx<TAcc>;
            using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
            for(auto const& idx : alpaka::uniformElementsND(acc, Vec2{static_cast<Idx>(rows), static_cast<Idx>(nx)}))
            {
                auto const y = static_cast<std::size_t>(idx[0]);
                auto const x = static_cast<std::size_t>(idx[1]);
                std::size_t const i = y * nx + x;
                // The same operations in the same order as pk.kernels.stencil, so that heat.py gives the same bits.
                if(y == 0u || x == 0u || y + 1u == rows || x + 1u == nx)
                    out[i] = in[i];
                else
                    out[i] = 0.25 * (in[i - nx] + in[i + nx] + in[i - 1u] + in[i + 1u]);
            }
        }
    };
} // namespace heat
