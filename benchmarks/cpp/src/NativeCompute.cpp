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
} // namespace bench::native
