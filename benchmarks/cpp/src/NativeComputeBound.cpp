// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "NativeComputeBound.hpp"

#include <cmath>
#include <stdexcept>

#if BENCH_HAVE_TBB
#    include <oneapi/tbb/blocked_range.h>
#    include <oneapi/tbb/parallel_for.h>
#    include <oneapi/tbb/parallel_reduce.h>
#    include <oneapi/tbb/partitioner.h>
#endif

namespace bench::native
{
    namespace
    {
        [[noreturn]] void notBuilt()
        {
            throw std::logic_error("native compute loop called for a runtime that was not built");
        }

        //! body(i) for i in [0, n), vectorized with `omp simd` (in every runtime's form: see the header). Inlined per
        //! kernel, so that each loop is vectorized as a user's would be.
        template<typename TBody>
        void forEachSimd(Runtime runtime, std::size_t n, TBody const& body)
        {
            switch(runtime)
            {
                case Runtime::Serial:
#pragma omp simd
                    for(std::size_t i = 0; i < n; ++i)
                        body(i);
                    return;
                case Runtime::Omp:
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for simd schedule(static)
                    for(std::size_t i = 0; i < n; ++i)
                        body(i);
                    return;
#else
                    notBuilt();
#endif
                case Runtime::Tbb:
#if BENCH_HAVE_TBB
                    oneapi::tbb::parallel_for(
                        oneapi::tbb::blocked_range<std::size_t>(0, n),
                        [&](oneapi::tbb::blocked_range<std::size_t> const& range)
                        {
                            std::size_t const end = range.end();
#    pragma omp simd
                            for(std::size_t i = range.begin(); i < end; ++i)
                                body(i);
                        });
                    return;
#else
                    notBuilt();
#endif
            }
            notBuilt();
        }

        //! body(row) for the rows in parallel (each row's own loop is the body's).
        template<typename TBody>
        void forEachRow(Runtime runtime, std::size_t rows, TBody const& body)
        {
            switch(runtime)
            {
                case Runtime::Serial:
                    for(std::size_t row = 0; row < rows; ++row)
                        body(row);
                    return;
                case Runtime::Omp:
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
                    for(std::size_t row = 0; row < rows; ++row)
                        body(row);
                    return;
#else
                    notBuilt();
#endif
                case Runtime::Tbb:
#if BENCH_HAVE_TBB
                    oneapi::tbb::parallel_for(
                        oneapi::tbb::blocked_range<std::size_t>(0, rows),
                        [&](oneapi::tbb::blocked_range<std::size_t> const& range)
                        {
                            for(std::size_t row = range.begin(); row != range.end(); ++row)
                                body(row);
                        });
                    return;
#else
                    notBuilt();
#endif
            }
            notBuilt();
        }

        template<int TDegree>
        void hornerOf(Runtime runtime, float const* x, float* y, std::size_t n)
        {
            forEachSimd(
                runtime,
                n,
                [=](std::size_t i)
                {
                    float const v = x[i];
                    float r = 1.0f;
                    for(int k = 0; k < TDegree; ++k)
                        r = r * v + 0.5f;
                    y[i] = r;
                });
        }
    } // namespace

    void horner(Runtime runtime, int degree, float const* x, float* y, std::size_t n)
    {
        switch(degree)
        {
            case 1:
                return hornerOf<1>(runtime, x, y, n);
            case 8:
                return hornerOf<8>(runtime, x, y, n);
            case 32:
                return hornerOf<32>(runtime, x, y, n);
            default:
                throw std::invalid_argument("native::horner: degree 1, 8 or 32");
        }
    }

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
        float softening)
    {
        forEachSimd(
            runtime,
            n,
            [=](std::size_t i)
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
                    float const inv = 1.0f / std::sqrt(r2);
                    float const s = mass[j] * inv * inv * inv;
                    sx += dx * s;
                    sy += dy * s;
                    sz += dz * s;
                }
                ax[i] = sx;
                ay[i] = sy;
                az[i] = sz;
            });
    }

    void mandelbrot(Runtime runtime, std::uint32_t* iterations, std::size_t side, std::uint32_t maxIter)
    {
        float const step = 3.0f / static_cast<float>(side);
        forEachRow(
            runtime,
            side,
            [=](std::size_t row)
            {
                float const ci = -1.5f + static_cast<float>(row) * step;
#pragma omp simd
                for(std::size_t col = 0; col < side; ++col)
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
            });
    }

    void stencil(Runtime runtime, double const* in, double* out, std::size_t ny, std::size_t nx)
    {
        forEachRow(
            runtime,
            ny,
            [=](std::size_t y)
            {
                double const* const row = in + y * nx;
                double* const outRow = out + y * nx;
                if(y == 0u || y + 1u == ny)
                {
#pragma omp simd
                    for(std::size_t x = 0; x < nx; ++x)
                        outRow[x] = row[x];
                    return;
                }
                double const* const up = row - nx;
                double const* const down = row + nx;
                outRow[0] = row[0];
#pragma omp simd
                for(std::size_t x = 1; x < nx - 1u; ++x)
                    outRow[x] = 0.25 * (up[x] + down[x] + row[x - 1u] + row[x + 1u]);
                outRow[nx - 1u] = row[nx - 1u];
            });
    }

    template<typename T>
    void matMul(Runtime runtime, T const* a, T const* b, T* c, std::size_t n)
    {
        forEachRow(
            runtime,
            n,
            [=](std::size_t i)
            {
                T* const row = c + i * n;
#pragma omp simd
                for(std::size_t j = 0; j < n; ++j)
                    row[j] = T{0};
                for(std::size_t k = 0; k < n; ++k)
                {
                    T const aik = a[i * n + k];
                    T const* const rowB = b + k * n;
#pragma omp simd
                    for(std::size_t j = 0; j < n; ++j)
                        row[j] += aik * rowB[j];
                }
            });
    }

    template<typename T>
    auto dot(Runtime runtime, T const* a, T const* b, std::size_t n) -> T
    {
        T sum = T{0};
        switch(runtime)
        {
            case Runtime::Serial:
                if(b == nullptr)
                {
#pragma omp simd reduction(+ : sum)
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i];
                }
                else
                {
#pragma omp simd reduction(+ : sum)
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i] * b[i];
                }
                return sum;
            case Runtime::Omp:
#if BENCH_HAVE_OPENMP
                if(b == nullptr)
                {
#    pragma omp parallel for simd schedule(static) reduction(+ : sum)
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i];
                }
                else
                {
#    pragma omp parallel for simd schedule(static) reduction(+ : sum)
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i] * b[i];
                }
                return sum;
#else
                notBuilt();
#endif
            case Runtime::Tbb:
#if BENCH_HAVE_TBB
                return oneapi::tbb::parallel_reduce(
                    oneapi::tbb::blocked_range<std::size_t>(0, n),
                    T{0},
                    [=](oneapi::tbb::blocked_range<std::size_t> const& range, T partial)
                    {
                        // The pointers as locals: read through the closure, GCC 12 made every a[i] a gather (the
                        // peer ran at 0.4x of OpenMP).
                        T const* const x = a;
                        T const* const y = b;
                        std::size_t const end = range.end();
                        T local = 0;
                        if(y == nullptr)
                        {
#    pragma omp simd reduction(+ : local)
                            for(std::size_t i = range.begin(); i < end; ++i)
                                local += x[i];
                        }
                        else
                        {
#    pragma omp simd reduction(+ : local)
                            for(std::size_t i = range.begin(); i < end; ++i)
                                local += x[i] * y[i];
                        }
                        return partial + local;
                    },
                    [](T x, T y) { return x + y; },
                    // One range per worker, as `omp parallel for schedule(static)`: the default partitioner cuts the
                    // sum into many small ranges and ran at 0.4x of OpenMP here.
                    oneapi::tbb::static_partitioner{});
#else
                notBuilt();
#endif
        }
        notBuilt();
    }

    template void matMul<float>(Runtime, float const*, float const*, float*, std::size_t);
    template void matMul<double>(Runtime, double const*, double const*, double*, std::size_t);
    template auto dot<float>(Runtime, float const*, float const*, std::size_t) -> float;
    template auto dot<double>(Runtime, double const*, double const*, std::size_t) -> double;
} // namespace bench::native
