// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The CPU side of MatMul: a thread's rectangle of C computed the way a CPU computes it fast, with no shared memory.
//!
//! - Register tiles (matMulCpuTiles): a tile of C of a few rows and two vectors of columns stays in vector registers
//!   while k runs through a block of matMulCpuDepth steps; each step loads two vectors of a row of B, broadcasts one
//!   element of A per row and adds their products with fused multiply-adds. Per step that is 2 + rows loads for
//!   2 * rows multiply-adds, where adding into C in memory costs a load and a store of C per multiply-add group
//!   (several times slower than the tile in registers: docs/fast-cpu-kernels.md#the-shipped-matmul-on-cpus). The
//!   vectors are GCC/clang vector types of the instruction set's width, so the tile fits the register file: 8 rows x
//!   2 zmm with AVX-512 (32 registers), 6 rows x 2 ymm with AVX2 (16 registers).
//! - Four rows through memory (matMulCpuFourRows): for each k, a row of B times four elements of A is added to
//!   four rows of C, four steps of k per pass. It does the edges of a rectangle that are narrower than a tile, and
//!   the whole rectangle where there is no fused multiply-add (baseline x86-64, where it is faster than tiles) or no
//!   vector types (other compilers).
//! - Which one runs: compiled for AVX-512 or AVX2 with FMA (-march=native, as run-time compiled kernels are), the
//!   tiles of that width directly; on 64-bit Arm, tiles of NEON's 16-byte vectors. Compiled for the baseline x86-64
//!   (the shipped, ahead-of-time kernels of pyalpaka, which must run on any x86-64), the processor is asked once
//!   (__builtin_cpu_supports) and the tiles run in a function compiled for its instruction set (target attribute), so
//!   that pk.kernels.matmul uses AVX-512 or AVX2 where the processor has it.

#include <alpaka/alpaka.hpp>

#include <cstddef>

// Vector types and per-function instruction sets are GCC/clang host-compiler extensions: not under nvcc/hipcc (whose
// CPU code keeps the four-row kernel) nor NVRTC/hiprtc.
#if(defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__) && !defined(__HIPCC__)                            \
    && !defined(__CUDACC_RTC__) && !defined(__HIPCC_RTC__)
#    define PYALPAKA_MATMUL_CPU_TILES 1
#    if defined(__AVX512F__)
#        define PYALPAKA_MATMUL_CPU_NATIVE_BYTES 64
#    elif defined(__AVX2__) && defined(__FMA__)
#        define PYALPAKA_MATMUL_CPU_NATIVE_BYTES 32
#    elif defined(__x86_64__)
//       Compiled for an x86-64 without AVX2: choose at run time.
#        define PYALPAKA_MATMUL_CPU_DISPATCH 1
#    elif defined(__aarch64__) && defined(__ARM_NEON)
//       64-bit Arm: NEON's 128-bit vectors (32 registers, fused multiply-add in the base instruction set).
#        define PYALPAKA_MATMUL_CPU_NATIVE_BYTES 16
#    endif
#endif

namespace pyalpaka::kernels::detail
{
    //! Columns of C a thread updates per pass over k in the four-row kernel: four rows of this many floats are 4 KiB.
    inline constexpr std::size_t matMulCpuPanel = 256u;

    //! Steps of k a register tile runs before it goes on to the next tile: the slice of B a row of tiles reads
    //! (matMulCpuDepth rows of two vectors) stays in the L1/L2 cache meanwhile.
    inline constexpr std::size_t matMulCpuDepth = 256u;

    //! C[y][x] = sum over kk < k of A[y][kk] * B[kk][x] for y in [y0, y1), x in [x0, x1): a thread's rectangle of C
    //! (all of A, B and C dense row-major; B and C with n columns, A with k).
    template<typename T>
    struct MatMulCpuRect
    {
        T const* A;
        T const* B;
        T* C;
        std::size_t n;
        std::size_t k;
        std::size_t y0;
        std::size_t y1;
        std::size_t x0;
        std::size_t x1;

        //! The same product over the rows [rowBegin, rowEnd) and columns [colBegin, colEnd).
        ALPAKA_FN_ACC auto
        part(std::size_t rowBegin, std::size_t rowEnd, std::size_t colBegin, std::size_t colEnd) const -> MatMulCpuRect
        {
            return {A, B, C, n, k, rowBegin, rowEnd, colBegin, colEnd};
        }
    };

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

    //! The rectangle four rows of C at a time, through memory (see the file's comment).
    template<typename T>
    ALPAKA_FN_ACC void matMulCpuFourRows(MatMulCpuRect<T> const& rect)
    {
        auto const [A, B, C, n, k, y0, y1, x0, x1] = rect;
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

#if defined(PYALPAKA_MATMUL_CPU_TILES)
    //! The rectangle in register tiles of TRows rows and two vectors of TBytes bytes (see the file's comment); the
    //! edges narrower than a tile go to matMulCpuFourRows. Written without vector-typed parameters or results, so that
    //! the vectors never cross a function boundary of another instruction set.
    template<std::size_t TBytes, std::size_t TRows, typename T>
    inline void matMulCpuTiles(MatMulCpuRect<T> const& rect)
    {
        auto const [A, B, C, n, k, y0, y1, x0, x1] = rect;
        typedef T Vector __attribute__((vector_size(TBytes)));
        constexpr std::size_t lanes = TBytes / sizeof(T);
        constexpr std::size_t tileCols = 2u * lanes;
        std::size_t const xTiles = x0 + (x1 - x0) / tileCols * tileCols;
        std::size_t const yTiles = y0 + (y1 - y0) / TRows * TRows;
        if(k == 0u || xTiles == x0 || yTiles == y0)
        {
            matMulCpuFourRows(rect);
            return;
        }
        for(std::size_t k0 = 0; k0 < k; k0 += matMulCpuDepth)
        {
            std::size_t const k1 = k - k0 < matMulCpuDepth ? k : k0 + matMulCpuDepth;
            for(std::size_t x = x0; x < xTiles; x += tileCols)
                for(std::size_t y = y0; y < yTiles; y += TRows)
                {
                    T* const c = C + y * n + x;
                    T const* const a = A + y * k;
                    Vector sum[TRows][2];
                    // Unrolled loops over the tile, also at -O2 (which unrolls no loop): sum must live in registers.
#    pragma GCC unroll 16
                    for(std::size_t r = 0; r < TRows; ++r)
#    pragma GCC unroll 2
                        for(std::size_t v = 0; v < 2u; ++v)
                        {
                            if(k0 == 0u)
                                sum[r][v] = Vector{};
                            else
                                __builtin_memcpy(&sum[r][v], c + r * n + v * lanes, sizeof(Vector));
                        }
                    for(std::size_t kk = k0; kk < k1; ++kk)
                    {
                        Vector b[2];
                        __builtin_memcpy(&b[0], B + kk * n + x, sizeof(Vector));
                        __builtin_memcpy(&b[1], B + kk * n + x + lanes, sizeof(Vector));
#    pragma GCC unroll 16
                        for(std::size_t r = 0; r < TRows; ++r)
                        {
                            T const coefficient = a[r * k + kk];
                            sum[r][0] += coefficient * b[0];
                            sum[r][1] += coefficient * b[1];
                        }
                    }
#    pragma GCC unroll 16
                    for(std::size_t r = 0; r < TRows; ++r)
#    pragma GCC unroll 2
                        for(std::size_t v = 0; v < 2u; ++v)
                            __builtin_memcpy(c + r * n + v * lanes, &sum[r][v], sizeof(Vector));
                }
        }
        if(xTiles < x1)
            matMulCpuFourRows(rect.part(y0, y1, xTiles, x1));
        if(yTiles < y1)
            matMulCpuFourRows(rect.part(yTiles, y1, x0, xTiles));
    }

#endif

#if defined(PYALPAKA_MATMUL_CPU_TILES) && defined(__x86_64__)
    //! The rectangle in AVX-512 and AVX2 tiles, compiled for those instruction sets whatever the unit is compiled for
    //! (flatten: matMulCpuTiles and what it calls are compiled into these functions, for their instruction set).
    template<typename T>
    __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,fma"), flatten)) void
    matMulCpuAvx512(MatMulCpuRect<T> const& rect)
    {
        matMulCpuTiles<64u, 8u>(rect);
    }

    template<typename T>
    __attribute__((target("avx2,fma"), flatten)) void matMulCpuAvx2(MatMulCpuRect<T> const& rect)
    {
        matMulCpuTiles<32u, 6u>(rect);
    }
#endif

#if !defined(__CUDACC_RTC__) && !defined(__HIPCC_RTC__)
    // Host code only: NVRTC and hiprtc compile every function for the device (where the static below is refused).

    //! The instruction sets a rectangle can be computed with (see the file's comment); tests run each one the
    //! processor has.
    enum class MatMulCpuIsa
    {
        Baseline,
        Avx2,
        Avx512
    };

    //! Whether this processor (and this build) can run isa.
    inline auto matMulCpuHas(MatMulCpuIsa isa) -> bool
    {
#    if defined(PYALPAKA_MATMUL_CPU_TILES) && defined(__x86_64__)
        switch(isa)
        {
            case MatMulCpuIsa::Avx512:
                return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
                       && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
            case MatMulCpuIsa::Avx2:
                return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
            default:
                return true;
        }
#    else
        return isa == MatMulCpuIsa::Baseline;
#    endif
    }

    //! The rectangle with the given instruction set, which the processor must have (matMulCpuHas).
    template<typename T>
    void matMulCpuWith([[maybe_unused]] MatMulCpuIsa isa, MatMulCpuRect<T> const& rect)
    {
#    if defined(PYALPAKA_MATMUL_CPU_TILES) && defined(__x86_64__)
        if(isa == MatMulCpuIsa::Avx512)
            return matMulCpuAvx512(rect);
        if(isa == MatMulCpuIsa::Avx2)
            return matMulCpuAvx2(rect);
#    endif
        matMulCpuFourRows(rect);
    }

    //! The fastest instruction set of this processor, asked once per process.
    inline auto matMulCpuBestIsa() -> MatMulCpuIsa
    {
        static MatMulCpuIsa const best = matMulCpuHas(MatMulCpuIsa::Avx512) ? MatMulCpuIsa::Avx512
                                         : matMulCpuHas(MatMulCpuIsa::Avx2) ? MatMulCpuIsa::Avx2
                                                                            : MatMulCpuIsa::Baseline;
        return best;
    }
#endif

    //! A thread's rectangle of C, the fastest way this build and processor allow (see the file's comment).
    template<typename T>
    ALPAKA_FN_ACC void matMulCpu(MatMulCpuRect<T> const& rect)
    {
#if defined(PYALPAKA_MATMUL_CPU_NATIVE_BYTES) && PYALPAKA_MATMUL_CPU_NATIVE_BYTES == 64
        matMulCpuTiles<64u, 8u>(rect);
#elif defined(PYALPAKA_MATMUL_CPU_NATIVE_BYTES) && PYALPAKA_MATMUL_CPU_NATIVE_BYTES == 32
        matMulCpuTiles<32u, 6u>(rect);
#elif defined(PYALPAKA_MATMUL_CPU_NATIVE_BYTES)
        // NEON: 8 rows of two 16-byte accumulators, 16 of the 32 vector registers.
        matMulCpuTiles<16u, 8u>(rect);
#elif defined(PYALPAKA_MATMUL_CPU_DISPATCH)
        matMulCpuWith(matMulCpuBestIsa(), rect);
#else
        matMulCpuFourRows(rect);
#endif
    }
} // namespace pyalpaka::kernels::detail
