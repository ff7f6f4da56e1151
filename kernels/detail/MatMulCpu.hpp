// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The CPU side of MatMul: a thread's rectangle of C computed the way a CPU computes it fast, with no shared memory.
//! Rows of C four at a time: for each k, a row of B times four elements of A is added to four rows of C, over a panel
//! of columns narrow enough for those rows of C to stay in the L1 cache while k runs. Four steps of k are added in one
//! pass, so that each vector of C is loaded and stored once for 16 multiply-adds, not 4 (the loads and stores, not
//! the arithmetic, would otherwise bound it). The innermost loop runs along a row: contiguous in B and C, vectorized.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels::detail
{
    //! Columns of C a thread updates per pass over k: four rows of this many floats are 4 KiB.
    inline constexpr std::size_t matMulCpuPanel = 256u;

    //! c_r[x] += a[r][0] * b0[x] + a[r][1] * b1[x] + a[r][2] * b2[x] + a[r][3] * b3[x] for the rows r < 4 and x <
    //! width. The pointers must not overlap (they never do: rows of C against rows of B), which lets the compiler
    //! vectorize without checking at run time.
    template<typename T>
    ALPAKA_FN_ACC inline void matMulCpuFourByFour(
        T* __restrict__ c0,
        T* __restrict__ c1,
        T* __restrict__ c2,
        T* __restrict__ c3,
        T const* __restrict__ b0,
        T const* __restrict__ b1,
        T const* __restrict__ b2,
        T const* __restrict__ b3,
        T const (&a)[4][4],
        std::size_t width)
    {
        for(std::size_t x = 0; x < width; ++x)
        {
            T const v0 = b0[x];
            T const v1 = b1[x];
            T const v2 = b2[x];
            T const v3 = b3[x];
            c0[x] += a[0][0] * v0 + a[0][1] * v1 + a[0][2] * v2 + a[0][3] * v3;
            c1[x] += a[1][0] * v0 + a[1][1] * v1 + a[1][2] * v2 + a[1][3] * v3;
            c2[x] += a[2][0] * v0 + a[2][1] * v1 + a[2][2] * v2 + a[2][3] * v3;
            c3[x] += a[3][0] * v0 + a[3][1] * v1 + a[3][2] * v2 + a[3][3] * v3;
        }
    }

    //! C[y][x] = sum over kk < k of A[y][kk] * B[kk][x] for y in [y0, y1), x in [x0, x1); C row-major with n columns.
    template<typename T>
    ALPAKA_FN_ACC void matMulCpuRect(
        T const* A,
        T const* B,
        T* C,
        std::size_t n,
        std::size_t k,
        std::size_t y0,
        std::size_t y1,
        std::size_t x0,
        std::size_t x1)
    {
        // Rows past the end of a group of four point at scratch rows (one each: the rows must not overlap), so that
        // the hot loop has no special case; written and never read back.
        T scratch[3][matMulCpuPanel];
        for(std::size_t p0 = x0; p0 < x1; p0 += matMulCpuPanel)
        {
            std::size_t const width = x1 - p0 < matMulCpuPanel ? x1 - p0 : matMulCpuPanel;
            for(std::size_t y = y0; y < y1; y += 4u)
            {
                std::size_t const rows = y1 - y < 4u ? y1 - y : 4u;
                T* c[4];
                T const* a[4];
                for(std::size_t r = 0; r < 4u; ++r)
                {
                    c[r] = r < rows ? C + (y + r) * n + p0 : scratch[r - 1u];
                    a[r] = r < rows ? A + (y + r) * k : nullptr;
                }
                for(std::size_t r = 0; r < 4u; ++r)
                    for(std::size_t x = 0; x < width; ++x)
                        c[r][x] = T{0};
                std::size_t kk = 0;
                for(; kk + 4u <= k; kk += 4u)
                {
                    T coefficients[4][4];
                    for(std::size_t r = 0; r < 4u; ++r)
                        for(std::size_t j = 0; j < 4u; ++j)
                            coefficients[r][j] = r < rows ? a[r][kk + j] : T{0};
                    T const* const b = B + kk * n + p0;
                    matMulCpuFourByFour(c[0], c[1], c[2], c[3], b, b + n, b + 2u * n, b + 3u * n, coefficients, width);
                }
                // The last k % 4 steps: the missing rows of B are the first one again, with coefficients of zero.
                if(kk < k)
                {
                    T coefficients[4][4];
                    T const* b[4];
                    for(std::size_t j = 0; j < 4u; ++j)
                    {
                        bool const inside = kk + j < k;
                        b[j] = B + (inside ? kk + j : kk) * n + p0;
                        for(std::size_t r = 0; r < 4u; ++r)
                            coefficients[r][j] = inside && r < rows ? a[r][kk + j] : T{0};
                    }
                    matMulCpuFourByFour(c[0], c[1], c[2], c[3], b[0], b[1], b[2], b[3], coefficients, width);
                }
            }
        }
    }
} // namespace pyalpaka::kernels::detail
