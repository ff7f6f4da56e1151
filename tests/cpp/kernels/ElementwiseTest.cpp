// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Fill, Iota and Axpy against host references, for every size and work division of alpaka_test/ShippedKernels.hpp.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <kernels/axpy.hpp>
#include <kernels/fill.hpp>
#include <kernels/iota.hpp>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

TEMPLATE_LIST_TEST_CASE("fill", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatAndIntTypes>(
        [&]<typename T>(std::size_t n)
        {
            T const value = static_cast<T>(-7);
            auto const before = values<T>(n, 1u);
            auto x = toDevice<Acc>(queue, before);
            for(auto const& workDiv : workDivs1D<Acc>(n, pyalpaka::kernels::Fill{}, alpaka::getPtrNative(x), value, n))
            {
                INFO(describe(workDiv));
                x = toDevice<Acc>(queue, before);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Fill{}, alpaka::getPtrNative(x), value, n);
                checkElements(toHost(queue, x), std::vector<T>(n, value));
            }
        });
}

TEMPLATE_LIST_TEST_CASE("iota", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatAndIntTypes>(
        [&]<typename T>(std::size_t n)
        {
            T const start = static_cast<T>(-5);
            std::vector<T> want(n);
            for(std::size_t i = 0; i < n; ++i)
                want[i] = static_cast<T>(start + static_cast<T>(i));
            auto const before = values<T>(n, 2u);
            auto x = toDevice<Acc>(queue, before);
            for(auto const& workDiv : workDivs1D<Acc>(n, pyalpaka::kernels::Iota{}, alpaka::getPtrNative(x), start, n))
            {
                INFO(describe(workDiv));
                x = toDevice<Acc>(queue, before);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Iota{}, alpaka::getPtrNative(x), start, n);
                checkElements(toHost(queue, x), want);
            }
        });
}

TEMPLATE_LIST_TEST_CASE("axpy", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatTypes>(
        [&]<typename T>(std::size_t n)
        {
            T const a = static_cast<T>(1.75);
            auto const x = values<T>(n, 3u);
            auto const y = values<T>(n, 4u);
            std::vector<T> want(n);
            for(std::size_t i = 0; i < n; ++i)
                want[i] = a * x[i] + y[i];
            auto xDev = toDevice<Acc>(queue, x);
            auto yDev = toDevice<Acc>(queue, y);
            T const* const xPtr = alpaka::getPtrNative(xDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Axpy{}, a, xPtr, alpaka::getPtrNative(yDev), n))
            {
                INFO(describe(workDiv));
                yDev = toDevice<Acc>(queue, y);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Axpy{}, a, xPtr, alpaka::getPtrNative(yDev), n);
                checkElements(toHost(queue, yDev), want);
                // x is read only.
                checkElements(toHost(queue, xDev), x);
            }
        });
}
