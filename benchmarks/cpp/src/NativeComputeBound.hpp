// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The native peers of the compute program, each the loop an expert writes without a library, in three forms
//! (Runtime): one thread with `#pragma omp simd` (the peer of AccCpuSerial), `#pragma omp parallel for simd` (the
//! peer of the OpenMP, std::thread and fiber back-ends), `tbb::parallel_for` over a blocked_range with an inner
//! `#pragma omp simd` loop (the peer of AccCpuTbbBlocks). Defined in NativeComputeBound.cpp, which alone includes the
//! runtimes' headers. Callers check haveOpenMP / haveTbb.

#include <cstddef>
#include <cstdint>
#include <thread>

#include "NativeKernels.hpp"

namespace bench::native
{
    //! y[i] = the polynomial of the given degree with coefficients 0.5 and leading 1, at x[i] (Horner's scheme).
    void horner(Runtime runtime, int degree, float const* x, float* y, std::size_t n);

    //! The acceleration of every body from all others (softened gravity, structure of arrays, float).
    void nbody(
        Runtime runtime,
        float const* px,
        float const* py,
        float const* pz,
        float const* mass,
        float* ax,
        float* ay,
        float* az,
        std::size_t n,
        float softening);

    //! Escape iterations (at most maxIter) of the side x side pixels of [-2, 1] x [-1.5, 1.5], row-major.
    void mandelbrot(Runtime runtime, std::uint32_t* iterations, std::size_t side, std::uint32_t maxIter);

    //! One 5-point Jacobi sweep, rows in parallel, the row vectorized, boundary copied (the shipped Stencil).
    void stencil(Runtime runtime, double const* in, double* out, std::size_t ny, std::size_t nx);

    //! C = A * B (n x n, row-major), rows in parallel, i-k-j order with the j loop vectorized.
    template<typename T>
    void matMul(Runtime runtime, T const* a, T const* b, T* c, std::size_t n);

    //! a[0] * b[0] + ... (reduction(+) with simd), and x[0] + ... when b is null.
    template<typename T>
    auto dot(Runtime runtime, T const* a, T const* b, std::size_t n) -> T;
} // namespace bench::native
