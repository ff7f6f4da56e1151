// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <atomic>
#include <stdexcept>

#include "NativeKernels.hpp"

#if BENCH_HAVE_OPENMP
#    include <omp.h>
#endif

namespace bench::native
{
    void atomicAddOmp(
        [[maybe_unused]] unsigned long long* counters,
        [[maybe_unused]] std::size_t stride,
        [[maybe_unused]] std::size_t ops,
        [[maybe_unused]] bool shared)
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel
        {
            std::size_t const slot = shared ? 0u : static_cast<std::size_t>(omp_get_thread_num()) * stride;
            std::atomic_ref<unsigned long long> counter(counters[slot]);
            for(std::size_t i = 0; i < ops; ++i)
                counter.fetch_add(1u, std::memory_order_relaxed);
        }
#else
        throw std::logic_error("native OpenMP atomics called but not built");
#endif
    }

    void matMulOmp(
        [[maybe_unused]] float const* a,
        [[maybe_unused]] float const* b,
        [[maybe_unused]] float* c,
        [[maybe_unused]] std::size_t n)
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
        for(std::size_t i = 0; i < n; ++i)
        {
            float* const row = c + i * n;
            for(std::size_t j = 0; j < n; ++j)
                row[j] = 0.0f;
            for(std::size_t k = 0; k < n; ++k)
            {
                float const aik = a[i * n + k];
                float const* const rowB = b + k * n;
                for(std::size_t j = 0; j < n; ++j)
                    row[j] += aik * rowB[j];
            }
        }
#else
        throw std::logic_error("native OpenMP matmul called but not built");
#endif
    }

    void stencilOmp(
        [[maybe_unused]] double const* in,
        [[maybe_unused]] double* out,
        [[maybe_unused]] std::size_t ny,
        [[maybe_unused]] std::size_t nx)
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
        for(std::size_t y = 0; y < ny; ++y)
        {
            for(std::size_t x = 0; x < nx; ++x)
            {
                std::size_t const i = y * nx + x;
                if(y == 0u || x == 0u || y + 1u == ny || x + 1u == nx)
                    out[i] = in[i];
                else
                    out[i] = 0.25 * (in[i - nx] + in[i + nx] + in[i - 1u] + in[i + 1u]);
            }
        }
#else
        throw std::logic_error("native OpenMP stencil called but not built");
#endif
    }
} // namespace bench::native
