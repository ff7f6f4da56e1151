// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Histogram against a host reference: random values around [lo, hi) plus every bin edge, lo, hi, values just below
//! hi and lo, infinities and NaN; bin counts small enough for a shared copy per block and too large for one.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <kernels/histogram.hpp>
#include <limits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

namespace
{
    //! n values: random ones over [lo - 1, hi + 1) first, then the special ones (as many as fit).
    template<typename T>
    auto histogramInput(std::size_t n, std::uint32_t nbins, T lo, T hi) -> std::vector<T>
    {
        std::vector<T> special
            = {lo,
               hi,
               std::nextafter(hi, lo),
               std::nextafter(lo, hi),
               std::nextafter(lo, hi - T{10}),
               hi + T{1},
               lo - T{1},
               std::numeric_limits<T>::quiet_NaN(),
               std::numeric_limits<T>::infinity(),
               -std::numeric_limits<T>::infinity()};
        for(std::uint32_t b = 0; b <= nbins; ++b)
            special.push_back(lo + (hi - lo) * static_cast<T>(b) / static_cast<T>(nbins));
        auto x = values<T>(n, 31u);
        for(auto& value : x)
            value = lo + (value + T{1}) * (hi - lo + T{2}) / T{2} - T{1};
        for(std::size_t i = 0; i < special.size() && i < n; ++i)
            x[n - 1u - i] = special[i];
        return x;
    }

    //! The bins as the kernel documents them, computed independently.
    template<typename T>
    auto histogramReference(std::vector<T> const& x, std::uint32_t nbins, T lo, T hi, std::uint32_t initial)
        -> std::vector<std::uint32_t>
    {
        std::vector<std::uint32_t> bins(nbins, initial);
        for(T const value : x)
        {
            if(std::isnan(value) || value < lo || value >= hi)
                continue;
            auto const bin = std::floor((value - lo) / (hi - lo) * static_cast<T>(nbins));
            bins[std::min(static_cast<std::size_t>(nbins - 1u), static_cast<std::size_t>(bin))] += 1u;
        }
        return bins;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("histogram", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatTypes>(
        [&]<typename T>(std::size_t n)
        {
            T const lo = T{-1};
            T const hi = T{3};
            for(std::uint32_t const nbins : {1u, 7u, 16u, 5000u})
            {
                INFO(nbins << " bins");
                // The bins start at 3: the kernel adds to them.
                std::uint32_t const initial = 3u;
                auto const x = histogramInput<T>(n, nbins, lo, hi);
                auto const want = histogramReference(x, nbins, lo, hi, initial);
                auto xDev = toDevice<Acc>(queue, x);
                auto binsDev = toDevice<Acc>(queue, std::vector<std::uint32_t>(nbins, initial));
                T const* const xPtr = alpaka::getPtrNative(xDev);
                for(auto const& workDiv : workDivs1D<Acc>(
                        n, pyalpaka::kernels::Histogram{}, xPtr, alpaka::getPtrNative(binsDev), n, nbins, lo, hi))
                {
                    INFO(describe(workDiv));
                    binsDev = toDevice<Acc>(queue, std::vector<std::uint32_t>(nbins, initial));
                    run<Acc>(
                        queue,
                        workDiv,
                        pyalpaka::kernels::Histogram{},
                        xPtr,
                        alpaka::getPtrNative(binsDev),
                        n,
                        nbins,
                        lo,
                        hi);
                    checkElements(toHost(queue, binsDev), want);
                }
            }
        });
}

TEMPLATE_LIST_TEST_CASE("histogramEdgesOutliersAndNaN", "[kernels]", Accs1D)
{
    // Expected bins worked out by hand: 8 bins of width 0.5 over [-1, 3). A value on an edge belongs to the bin above
    // it; hi, values below lo, infinities and NaN are not counted.
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            INFO(typeName<T>());
            std::vector<T> const x
                = {T{-1},
                   T{-0.5},
                   T{0},
                   T{2.5},
                   std::nextafter(T{3}, T{0}),
                   T{3},
                   std::nextafter(T{-1}, T{-2}),
                   T{-7},
                   T{40},
                   std::numeric_limits<T>::quiet_NaN(),
                   std::numeric_limits<T>::infinity(),
                   -std::numeric_limits<T>::infinity(),
                   T{1.25}};
            std::vector<std::uint32_t> const want = {1u, 1u, 1u, 0u, 1u, 0u, 0u, 2u};
            std::size_t const n = x.size();
            std::uint32_t const nbins = 8u;
            auto xDev = toDevice<Acc>(queue, x);
            auto binsDev = toDevice<Acc>(queue, std::vector<std::uint32_t>(nbins, 0u));
            T const* const xPtr = alpaka::getPtrNative(xDev);
            std::uint32_t* const binsPtr = alpaka::getPtrNative(binsDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Histogram{}, xPtr, binsPtr, n, nbins, T{-1}, T{3}))
            {
                INFO(describe(workDiv));
                binsDev = toDevice<Acc>(queue, std::vector<std::uint32_t>(nbins, 0u));
                run<Acc>(
                    queue,
                    workDiv,
                    pyalpaka::kernels::Histogram{},
                    xPtr,
                    alpaka::getPtrNative(binsDev),
                    n,
                    nbins,
                    T{-1},
                    T{3});
                checkElements(toHost(queue, binsDev), want);
            }
        });
}
