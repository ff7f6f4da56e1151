// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "Native.hpp"

#include <limits>
#include <stdexcept>
#include <string>

#include "TriadData.hpp"

#if BENCH_HAVE_OPENMP
#    include <omp.h>
#endif
#if BENCH_HAVE_TBB
#    include <oneapi/tbb/blocked_range.h>
#    include <oneapi/tbb/parallel_for.h>
#    include <oneapi/tbb/task_arena.h>
#    include <oneapi/tbb/version.h>
#endif

namespace bench::native
{
    namespace
    {
        //! Callers check haveOpenMP / haveTbb first; reaching this is a bug in the benchmark.
        [[noreturn, maybe_unused]] void missing(char const* what)
        {
            throw std::logic_error(std::string("native peer called but not built: ") + what);
        }

        //! The body of the "empty" regions. GCC deletes a parallel region whose body is empty, fork and join
        //! included (std::atomic_signal_fence does not stop it); an empty asm statement emits no instruction but
        //! cannot be removed, so the region stays.
        [[maybe_unused]] inline void opaque()
        {
#if defined(__GNUC__)
            asm volatile("" ::: "memory");
#endif
        }
    } // namespace

    auto ompThreads() -> int
    {
#if BENCH_HAVE_OPENMP
        return omp_get_max_threads();
#else
        return 0;
#endif
    }

    auto tbbThreads() -> int
    {
#if BENCH_HAVE_TBB
        return oneapi::tbb::this_task_arena::max_concurrency();
#else
        return 0;
#endif
    }

    auto runtimeVersions() -> std::string
    {
        std::string versions;
#if BENCH_HAVE_OPENMP
        versions += "OpenMP " + std::to_string(_OPENMP);
#else
        versions += "OpenMP: not found";
#endif
#if BENCH_HAVE_TBB
        versions += ", oneTBB " + std::to_string(TBB_VERSION_MAJOR) + "." + std::to_string(TBB_VERSION_MINOR);
#else
        versions += ", oneTBB: not found";
#endif
        return versions;
    }

    void initTriad(double* a, double* b, double* c, std::size_t n)
    {
        auto const init = [=](std::size_t i)
        {
            a[i] = 0.0;
            b[i] = triadB(i);
            c[i] = triadC(i);
        };
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
        for(std::size_t i = 0; i < n; ++i)
            init(i);
#elif BENCH_HAVE_TBB
        oneapi::tbb::parallel_for(
            oneapi::tbb::blocked_range<std::size_t>(0, n),
            [&](oneapi::tbb::blocked_range<std::size_t> const& range)
            {
                for(std::size_t i = range.begin(); i != range.end(); ++i)
                    init(i);
            });
#else
        for(std::size_t i = 0; i < n; ++i)
            init(i);
#endif
    }

    void triadOmp(
        [[maybe_unused]] double* a,
        [[maybe_unused]] double const* b,
        [[maybe_unused]] double const* c,
        [[maybe_unused]] double s,
        [[maybe_unused]] std::size_t n)
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
        for(std::size_t i = 0; i < n; ++i)
            a[i] = b[i] + s * c[i];
#else
        missing("OpenMP triad");
#endif
    }

    void triadTbb(
        [[maybe_unused]] double* a,
        [[maybe_unused]] double const* b,
        [[maybe_unused]] double const* c,
        [[maybe_unused]] double s,
        [[maybe_unused]] std::size_t n)
    {
#if BENCH_HAVE_TBB
        oneapi::tbb::parallel_for(
            oneapi::tbb::blocked_range<std::size_t>(0, n),
            [=](oneapi::tbb::blocked_range<std::size_t> const& range)
            {
                for(std::size_t i = range.begin(); i != range.end(); ++i)
                    a[i] = b[i] + s * c[i];
            });
#else
        missing("TBB triad");
#endif
    }

    void emptyOmp()
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel
        {
            opaque();
        }
#else
        missing("OpenMP empty region");
#endif
    }

    void emptyTbb([[maybe_unused]] std::size_t items)
    {
#if BENCH_HAVE_TBB
        oneapi::tbb::parallel_for(std::size_t{0}, items, [](std::size_t) { opaque(); });
#else
        missing("TBB empty parallel_for");
#endif
    }

    auto reduceOmp([[maybe_unused]] double const* x, [[maybe_unused]] int threads) -> double
    {
#if BENCH_HAVE_OPENMP
        // Shared by the team, like the block's shared array in the alpaka kernel.
        double shared[64];
        double result = std::numeric_limits<double>::quiet_NaN();
#    pragma omp parallel num_threads(threads)
        {
            int const t = omp_get_thread_num();
            int const team = omp_get_num_threads();
            // Every thread sees the same team size, so either all take part or none does (no barrier mismatch).
            if(team == threads)
            {
                shared[t] = x[t];
#    pragma omp barrier
                for(int stride = team / 2; stride > 0; stride /= 2)
                {
                    if(t < stride)
                        shared[t] += shared[t + stride];
#    pragma omp barrier
                }
                if(t == 0)
                    result = shared[0];
            }
        }
        return result;
#else
        missing("OpenMP reduction");
#endif
    }
} // namespace bench::native
