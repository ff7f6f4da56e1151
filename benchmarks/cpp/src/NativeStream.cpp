// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <stdexcept>

#include "NativeKernels.hpp"

#if BENCH_HAVE_TBB
#    include <oneapi/tbb/blocked_range.h>
#    include <oneapi/tbb/parallel_for.h>
#    include <oneapi/tbb/parallel_reduce.h>
#endif

namespace bench::native
{
    namespace
    {
        //! body(i) for i in [0, n) with the runtime's plain loop. Inlined per kernel, so each loop vectorizes as the
        //! user's would.
        template<typename TBody>
        void forEach(Runtime runtime, std::size_t n, TBody const& body)
        {
            switch(runtime)
            {
                case Runtime::Serial:
                    for(std::size_t i = 0; i < n; ++i)
                        body(i);
                    return;
                case Runtime::Omp:
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static)
                    for(std::size_t i = 0; i < n; ++i)
                        body(i);
                    return;
#else
                    break;
#endif
                case Runtime::Tbb:
#if BENCH_HAVE_TBB
                    oneapi::tbb::parallel_for(
                        oneapi::tbb::blocked_range<std::size_t>(0, n),
                        [&](oneapi::tbb::blocked_range<std::size_t> const& range)
                        {
                            for(std::size_t i = range.begin(); i != range.end(); ++i)
                                body(i);
                        });
                    return;
#else
                    break;
#endif
            }
            throw std::logic_error("native stream loop called for a runtime that was not built");
        }

        //! The dot product, accumulated in T like the alpaka kernel.
        template<typename T>
        auto dot(Runtime runtime, T const* a, T const* b, std::size_t n) -> T
        {
            T sum = T{0};
            switch(runtime)
            {
                case Runtime::Serial:
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i] * b[i];
                    return sum;
                case Runtime::Omp:
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for schedule(static) reduction(+ : sum)
                    for(std::size_t i = 0; i < n; ++i)
                        sum += a[i] * b[i];
                    return sum;
#else
                    break;
#endif
                case Runtime::Tbb:
#if BENCH_HAVE_TBB
                    return oneapi::tbb::parallel_reduce(
                        oneapi::tbb::blocked_range<std::size_t>(0, n),
                        T{0},
                        [=](oneapi::tbb::blocked_range<std::size_t> const& range, T partial)
                        {
                            for(std::size_t i = range.begin(); i != range.end(); ++i)
                                partial += a[i] * b[i];
                            return partial;
                        },
                        [](T x, T y) { return x + y; });
#else
                    break;
#endif
            }
            throw std::logic_error("native dot called for a runtime that was not built");
        }
    } // namespace

    template<typename T>
    auto stream(Runtime runtime, StreamOp op, T* a, T* b, T* c, T s, std::size_t n) -> T
    {
        switch(op)
        {
            case StreamOp::Copy:
                forEach(runtime, n, [=](std::size_t i) { c[i] = a[i]; });
                break;
            case StreamOp::Mul:
                forEach(runtime, n, [=](std::size_t i) { b[i] = s * c[i]; });
                break;
            case StreamOp::Add:
                forEach(runtime, n, [=](std::size_t i) { c[i] = a[i] + b[i]; });
                break;
            case StreamOp::Triad:
                forEach(runtime, n, [=](std::size_t i) { a[i] = b[i] + s * c[i]; });
                break;
            case StreamOp::Nstream:
                forEach(runtime, n, [=](std::size_t i) { a[i] += b[i] + s * c[i]; });
                break;
            case StreamOp::Dot:
                return dot<T>(runtime, a, b, n);
        }
        return T{0};
    }

    void triadChunkedOmp(double* a, double const* b, double const* c, double s, std::size_t n, std::size_t chunk)
    {
#if BENCH_HAVE_OPENMP
#    pragma omp parallel for simd schedule(static, chunk)
        for(std::size_t i = 0; i < n; ++i)
            a[i] = b[i] + s * c[i];
#else
        (void)a, (void)b, (void)c, (void)s, (void)n, (void)chunk;
        throw std::logic_error("native chunked triad called without OpenMP");
#endif
    }

    template auto stream<float>(Runtime, StreamOp, float*, float*, float*, float, std::size_t) -> float;
    template auto stream<double>(Runtime, StreamOp, double*, double*, double*, double, std::size_t) -> double;
} // namespace bench::native
