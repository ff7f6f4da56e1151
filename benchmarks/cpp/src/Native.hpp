// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The native peers the alpaka back-ends are compared with: plain OpenMP and oneTBB code, written as a user would
//! write it without alpaka. Defined in Native.cpp, the one file that includes the OpenMP and TBB headers.
//! BENCH_HAVE_OPENMP and BENCH_HAVE_TBB (0 or 1) come from CMake; a missing peer is skipped, never faked.

#include <cstddef>
#include <string>

#ifndef BENCH_HAVE_OPENMP
#    define BENCH_HAVE_OPENMP 0
#endif
#ifndef BENCH_HAVE_TBB
#    define BENCH_HAVE_TBB 0
#endif

namespace bench::native
{
    inline constexpr bool haveOpenMP = BENCH_HAVE_OPENMP != 0;
    inline constexpr bool haveTbb = BENCH_HAVE_TBB != 0;

    //! Threads an OpenMP parallel region gets by default (omp_get_max_threads), 0 without OpenMP.
    auto ompThreads() -> int;
    //! Threads the default TBB arena uses, 0 without TBB.
    auto tbbThreads() -> int;
    //! Versions of the runtimes, for the report header.
    auto runtimeVersions() -> std::string;

    //! Fills b and c with the triad inputs and zeroes a, in parallel with the schedule the triad loops use (OpenMP
    //! static, else TBB), so that pages are first touched by the threads that later read them.
    void initTriad(double* a, double* b, double* c, std::size_t n);

    //! `#pragma omp parallel for schedule(static)` over a[i] = b[i] + s * c[i].
    void triadOmp(double* a, double const* b, double const* c, double s, std::size_t n);
    //! `tbb::parallel_for` over a blocked_range with the default partitioner.
    void triadTbb(double* a, double const* b, double const* c, double s, std::size_t n);

    //! An empty `#pragma omp parallel` region: the cost of forking and joining the team.
    void emptyOmp();
    //! An empty `tbb::parallel_for` over `items` indices.
    void emptyTbb(std::size_t items);

    //! The tree reduction of the alpaka block-reduce kernel, as one `omp parallel num_threads(threads)` region with
    //! `omp barrier` between the steps. threads is a power of two <= 64. Returns the sum of x[0..threads), or NaN
    //! when the runtime gave the region fewer threads.
    auto reduceOmp(double const* x, int threads) -> double;
} // namespace bench::native
