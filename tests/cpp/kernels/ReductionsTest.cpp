// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Dot and Reduce against host references, for every size and work division of alpaka_test/ShippedKernels.hpp (blocks
//! of one thread, of a thread count that is not a power of two, grids smaller than the input). Both add to *sum, which
//! starts at 2 here to check that they accumulate rather than overwrite.

#include <alpaka/alpaka.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <kernels/dot.hpp>
#include <kernels/reduce.hpp>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

namespace
{
    //! Checks a sum: exactly for integers; for floating-point types within sumTolerance<T>() of the sum of the
    //! absolute values of the terms (the order of the additions depends on the work division).
    template<typename T>
    void checkSum(T got, long double want, long double absoluteTerms)
    {
        INFO("got " << got << ", expected " << static_cast<double>(want));
        if constexpr(std::is_floating_point_v<T>)
            CHECK(std::abs(static_cast<long double>(got) - want) <= sumTolerance<T>() * (absoluteTerms + 1.0L));
        else
            CHECK(static_cast<long double>(got) == want);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("dot", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatTypes>(
        [&]<typename T>(std::size_t n)
        {
            auto const a = values<T>(n, 21u);
            auto const b = values<T>(n, 22u);
            T const initial = T{2};
            long double want = initial;
            long double absoluteTerms = 0;
            for(std::size_t i = 0; i < n; ++i)
            {
                auto const term = static_cast<long double>(a[i]) * static_cast<long double>(b[i]);
                want += term;
                absoluteTerms += std::abs(term);
            }
            auto aDev = toDevice<Acc>(queue, a);
            auto bDev = toDevice<Acc>(queue, b);
            auto sumDev = toDevice<Acc>(queue, std::vector<T>{initial});
            T const* const aPtr = alpaka::getPtrNative(aDev);
            T const* const bPtr = alpaka::getPtrNative(bDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Dot{}, aPtr, bPtr, alpaka::getPtrNative(sumDev), n))
            {
                INFO(describe(workDiv));
                sumDev = toDevice<Acc>(queue, std::vector<T>{initial});
                run<Acc>(queue, workDiv, pyalpaka::kernels::Dot{}, aPtr, bPtr, alpaka::getPtrNative(sumDev), n);
                checkSum(toHost(queue, sumDev)[0], want, absoluteTerms);
            }
        });
}

TEMPLATE_LIST_TEST_CASE("reduce", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatAndIntTypes>(
        [&]<typename T>(std::size_t n)
        {
            auto const x = values<T>(n, 23u);
            T const initial = T{2};
            long double want = initial;
            long double absoluteTerms = 0;
            for(T const value : x)
            {
                want += static_cast<long double>(value);
                absoluteTerms += std::abs(static_cast<long double>(value));
            }
            auto xDev = toDevice<Acc>(queue, x);
            auto sumDev = toDevice<Acc>(queue, std::vector<T>{initial});
            T const* const xPtr = alpaka::getPtrNative(xDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Reduce{}, xPtr, alpaka::getPtrNative(sumDev), n))
            {
                INFO(describe(workDiv));
                sumDev = toDevice<Acc>(queue, std::vector<T>{initial});
                run<Acc>(queue, workDiv, pyalpaka::kernels::Reduce{}, xPtr, alpaka::getPtrNative(sumDev), n);
                checkSum(toHost(queue, sumDev)[0], want, absoluteTerms);
            }
        });
}

TEMPLATE_LIST_TEST_CASE("reductionSharedMemoryIsOneElementPerThread", "[kernels]", Accs1D)
{
    using Acc = TestType;
    using Vec = VecOf<Acc>;
    using Idx = alpaka::Idx<Acc>;
    float const* const x = nullptr;
    float* const sum = nullptr;
    double const* const xd = nullptr;
    double* const sumd = nullptr;
    std::size_t const n = 1;
    auto const threads = Vec{Idx{7}};
    auto const elems = Vec{Idx{3}};
    CHECK(
        alpaka::getBlockSharedMemDynSizeBytes<Acc>(pyalpaka::kernels::Reduce{}, threads, elems, x, sum, n)
        == 7u * sizeof(float));
    CHECK(
        alpaka::getBlockSharedMemDynSizeBytes<Acc>(pyalpaka::kernels::Dot{}, threads, elems, xd, xd, sumd, n)
        == 7u * sizeof(double));
}
