// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The BabelStream kernels (Copy, Mul, Add, Triad, Nstream) against host references, for every size and work
//! division of alpaka_test/ShippedKernels.hpp. Each run starts from fresh buffers and also checks that the inputs are
//! unchanged.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <kernels/add.hpp>
#include <kernels/copy.hpp>
#include <kernels/mul.hpp>
#include <kernels/nstream.hpp>
#include <kernels/triad.hpp>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

TEMPLATE_LIST_TEST_CASE("copy", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatAndIntTypes>(
        [&]<typename T>(std::size_t n)
        {
            auto const a = values<T>(n, 5u);
            auto const c = values<T>(n, 6u);
            auto aDev = toDevice<Acc>(queue, a);
            auto cDev = toDevice<Acc>(queue, c);
            T const* const aPtr = alpaka::getPtrNative(aDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Copy{}, aPtr, alpaka::getPtrNative(cDev), n))
            {
                INFO(describe(workDiv));
                cDev = toDevice<Acc>(queue, c);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Copy{}, aPtr, alpaka::getPtrNative(cDev), n);
                checkElements(toHost(queue, cDev), a);
                checkElements(toHost(queue, aDev), a);
            }
        });
}

TEMPLATE_LIST_TEST_CASE("mul", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatTypes>(
        [&]<typename T>(std::size_t n)
        {
            T const s = static_cast<T>(0.4);
            auto const b = values<T>(n, 7u);
            auto const c = values<T>(n, 8u);
            std::vector<T> want(n);
            for(std::size_t i = 0; i < n; ++i)
                want[i] = s * c[i];
            auto bDev = toDevice<Acc>(queue, b);
            auto cDev = toDevice<Acc>(queue, c);
            T const* const cPtr = alpaka::getPtrNative(cDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Mul{}, alpaka::getPtrNative(bDev), cPtr, s, n))
            {
                INFO(describe(workDiv));
                bDev = toDevice<Acc>(queue, b);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Mul{}, alpaka::getPtrNative(bDev), cPtr, s, n);
                checkElements(toHost(queue, bDev), want);
                checkElements(toHost(queue, cDev), c);
            }
        });
}

TEMPLATE_LIST_TEST_CASE("add", "[kernels]", Accs1D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    forEachTypeAndSize<FloatAndIntTypes>(
        [&]<typename T>(std::size_t n)
        {
            auto const a = values<T>(n, 9u);
            auto const b = values<T>(n, 10u);
            auto const c = values<T>(n, 11u);
            std::vector<T> want(n);
            for(std::size_t i = 0; i < n; ++i)
                want[i] = static_cast<T>(a[i] + b[i]);
            auto aDev = toDevice<Acc>(queue, a);
            auto bDev = toDevice<Acc>(queue, b);
            auto cDev = toDevice<Acc>(queue, c);
            T const* const aPtr = alpaka::getPtrNative(aDev);
            T const* const bPtr = alpaka::getPtrNative(bDev);
            for(auto const& workDiv :
                workDivs1D<Acc>(n, pyalpaka::kernels::Add{}, aPtr, bPtr, alpaka::getPtrNative(cDev), n))
            {
                INFO(describe(workDiv));
                cDev = toDevice<Acc>(queue, c);
                run<Acc>(queue, workDiv, pyalpaka::kernels::Add{}, aPtr, bPtr, alpaka::getPtrNative(cDev), n);
                checkElements(toHost(queue, cDev), want);
                checkElements(toHost(queue, aDev), a);
                checkElements(toHost(queue, bDev), b);
            }
        });
}

namespace
{
    //! Triad (a = b + s * c) or Nstream (a += b + s * c): the same arguments, the same check.
    template<typename TAcc, typename TKernel, bool TAccumulates>
    void checkTriadLike()
    {
        alpaka::Queue<TAcc, alpaka::NonBlocking> queue(firstDev<TAcc>());
        forEachTypeAndSize<FloatTypes>(
            [&]<typename T>(std::size_t n)
            {
                T const s = static_cast<T>(0.4);
                auto const a = values<T>(n, 12u);
                auto const b = values<T>(n, 13u);
                auto const c = values<T>(n, 14u);
                std::vector<T> want(n);
                for(std::size_t i = 0; i < n; ++i)
                    want[i] = TAccumulates ? a[i] + (b[i] + s * c[i]) : b[i] + s * c[i];
                auto aDev = toDevice<TAcc>(queue, a);
                auto bDev = toDevice<TAcc>(queue, b);
                auto cDev = toDevice<TAcc>(queue, c);
                T const* const bPtr = alpaka::getPtrNative(bDev);
                T const* const cPtr = alpaka::getPtrNative(cDev);
                for(auto const& workDiv : workDivs1D<TAcc>(n, TKernel{}, alpaka::getPtrNative(aDev), bPtr, cPtr, s, n))
                {
                    INFO(describe(workDiv));
                    aDev = toDevice<TAcc>(queue, a);
                    run<TAcc>(queue, workDiv, TKernel{}, alpaka::getPtrNative(aDev), bPtr, cPtr, s, n);
                    checkElements(toHost(queue, aDev), want);
                    checkElements(toHost(queue, bDev), b);
                    checkElements(toHost(queue, cDev), c);
                }
            });
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("triad", "[kernels]", Accs1D)
{
    checkTriadLike<TestType, pyalpaka::kernels::Triad, false>();
}

TEMPLATE_LIST_TEST_CASE("nstream", "[kernels]", Accs1D)
{
    checkTriadLike<TestType, pyalpaka::kernels::Nstream, true>();
}
