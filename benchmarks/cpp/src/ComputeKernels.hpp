// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The compute-bound kernels of the compute program, written as a user writes them: an element loop over the
//! thread's indices (uniformElements), the work division from getValidWorkDiv. The pointers of the kernels with an
//! inner loop are __restrict: GCC vectorizes a loop that contains a loop only when it needs no run-time check for
//! overlapping arrays (docs/fast-cpu-kernels.md); HornerAliased measures the same kernel without it.

#include <alpaka/alpaka.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace bench::kernels
{
    //! y[i] = x[i]^degree + 0.5 x[i]^(degree-1) + ... + 0.5 (Horner's scheme): degree multiply-adds per element.
    template<int TDegree>
    struct Horner
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, float const* __restrict x, float* __restrict y, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                float const v = x[i];
                float r = 1.0f;
                for(int k = 0; k < TDegree; ++k)
                    r = r * v + 0.5f;
                y[i] = r;
            }
        }
    };

    //! Horner<32> with pointers that may overlap, as a user writes it without __restrict.
    struct HornerAliased
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* y, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                float const v = x[i];
                float r = 1.0f;
                for(int k = 0; k < 32; ++k)
                    r = r * v + 0.5f;
                y[i] = r;
            }
        }
    };

    //! The acceleration of every body from all others: softened gravity, structure of arrays.
    struct NBody
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(
            TAcc const& acc,
            float const* __restrict px,
            float const* __restrict py,
            float const* __restrict pz,
            float const* __restrict mass,
            float* __restrict ax,
            float* __restrict ay,
            float* __restrict az,
            std::size_t n,
            float softening) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                float const xi = px[i];
                float const yi = py[i];
                float const zi = pz[i];
                float sx = 0.0f;
                float sy = 0.0f;
                float sz = 0.0f;
                for(std::size_t j = 0; j < n; ++j)
                {
                    float const dx = px[j] - xi;
                    float const dy = py[j] - yi;
                    float const dz = pz[j] - zi;
                    float const r2 = dx * dx + dy * dy + dz * dz + softening;
                    float const inv = 1.0f / alpaka::math::sqrt(acc, r2);
                    float const s = mass[j] * inv * inv * inv;
                    sx += dx * s;
                    sy += dy * s;
                    sz += dz * s;
                }
                ax[i] = sx;
                ay[i] = sy;
                az[i] = sz;
            }
        }
    };

    //! Escape iterations of the side x side pixels of [-2, 1] x [-1.5, 1.5]: work that differs from pixel to pixel.
    struct Mandelbrot
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, std::uint32_t* iterations, std::size_t side, std::uint32_t maxIter) const
        {
            float const step = 3.0f / static_cast<float>(side);
            for(auto row : alpaka::uniformElementsAlongY(acc, side))
            {
                float const ci = -1.5f + static_cast<float>(row) * step;
                for(auto col : alpaka::uniformElementsAlongX(acc, side))
                {
                    float const cr = -2.0f + static_cast<float>(col) * step;
                    float zr = 0.0f;
                    float zi = 0.0f;
                    std::uint32_t iter = 0;
                    while(iter < maxIter && zr * zr + zi * zi <= 4.0f)
                    {
                        float const t = zr * zr - zi * zi + cr;
                        zi = 2.0f * zr * zi + ci;
                        zr = t;
                        ++iter;
                    }
                    iterations[row * side + col] = iter;
                }
            }
        }
    };
} // namespace bench::kernels
