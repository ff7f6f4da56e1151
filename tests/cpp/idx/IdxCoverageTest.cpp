// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Every grid thread runs exactly once, and the threads' element ranges cover the grid's elements exactly once: each
// thread counts itself and its elements with atomicAdd on device counters, the host checks that all are 1.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    struct CountVisitsKernel
    {
        template<typename TAcc, typename TVec>
        ALPAKA_FN_ACC void operator()(
            TAcc const& acc, bool* success, unsigned* threadCounters, unsigned* elemCounters, TVec gridElems) const
        {
            using namespace alpaka;
            auto const gridThreads = getWorkDiv<Grid, Threads>(acc);
            auto const gridThreadIdx = getIdx<Grid, Threads>(acc);
            ALPAKA_CHECK(*success, (gridThreadIdx < gridThreads).all());
            atomicAdd(acc, &threadCounters[mapIdx<1>(gridThreadIdx, gridThreads)[0]], 1u);

            // The thread's elements: a box of Thread/Elems extent at getIdxThreadFirstElem, clipped to the grid.
            auto const first = getIdxThreadFirstElem(acc);
            meta::ndLoopIncIdx(
                getWorkDiv<Thread, Elems>(acc),
                [&](TVec const& offset)
                {
                    TVec const elem = first + offset;
                    if((elem < gridElems).all())
                        atomicAdd(acc, &elemCounters[mapIdx<1>(elem, gridElems)[0]], 1u);
                });
        }
    };

    template<typename TAcc>
    void checkCoverage(
        alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> const& workDiv,
        alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> const& gridElems)
    {
        using Idx = alpaka::Idx<TAcc>;
        INFO("work division " << workDiv << ", grid elements " << gridElems);
        // Without this, elements would legitimately stay unvisited.
        REQUIRE((alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(workDiv) >= gridElems).all());

        alpaka::test::KernelExecutionFixture<TAcc> fixture(workDiv);
        auto& queue = fixture.getQueue();
        auto const dev = alpaka::getDev(queue);
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        Idx const threadCount = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv).prod();
        Idx const elemCount = gridElems.prod();

        auto threadCounters = alpaka::allocBuf<unsigned, Idx>(dev, threadCount);
        auto elemCounters = alpaka::allocBuf<unsigned, Idx>(dev, elemCount);
        alpaka::memset(queue, threadCounters, 0);
        alpaka::memset(queue, elemCounters, 0);
        CHECK(fixture(
            CountVisitsKernel{}, alpaka::getPtrNative(threadCounters), alpaka::getPtrNative(elemCounters), gridElems));

        auto threadCountersHost = alpaka::allocBuf<unsigned, Idx>(host, threadCount);
        auto elemCountersHost = alpaka::allocBuf<unsigned, Idx>(host, elemCount);
        alpaka::memcpy(queue, threadCountersHost, threadCounters);
        alpaka::memcpy(queue, elemCountersHost, elemCounters);
        alpaka::wait(queue);

        std::vector<unsigned> const threadsSeen(
            alpaka::getPtrNative(threadCountersHost), alpaka::getPtrNative(threadCountersHost) + threadCount);
        std::vector<unsigned> const elemsSeen(
            alpaka::getPtrNative(elemCountersHost), alpaka::getPtrNative(elemCountersHost) + elemCount);
        CHECK(threadsSeen == std::vector<unsigned>(static_cast<std::size_t>(threadCount), 1u));
        CHECK(elemsSeen == std::vector<unsigned>(static_cast<std::size_t>(elemCount), 1u));
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "Every grid thread and every grid element is visited exactly once", "[idx]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    using R = alpaka::GridBlockExtentSubDivRestrictions;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);

    // Extents that do not divide evenly by the elements per thread, so the last threads get partial boxes.
    Vec const gridElems([](auto i) { return static_cast<Idx>(7 + 4 * i.value); });
    for(Idx const elems : {Idx{1}, Idx{2}, Idx{3}})
        for(bool const mustDivide : {false, true})
            for(auto const r : {R::Unrestricted, R::EqualExtent})
                checkCoverage<Acc>(
                    alpaka::getValidWorkDiv<Acc>(dev, gridElems, Vec::all(elems), mustDivide, r), gridElems);

    // Hand-made: one thread per block (valid everywhere), different elements per thread along each dimension.
    Vec const threadElems([](auto i) { return static_cast<Idx>(3 - i.value % 3); });
    Vec gridBlocks;
    for(std::size_t i = 0; i != Dim::value; ++i)
        gridBlocks[i] = alpaka::core::divCeil(gridElems[i], threadElems[i]);
    checkCoverage<Acc>(alpaka::WorkDivMembers<Dim, Idx>(gridBlocks, Vec::ones(), threadElems), gridElems);
}

TEMPLATE_LIST_TEST_CASE("A grid of one block of one thread is visited once", "[idx]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, alpaka::Idx<Acc>>;
    checkCoverage<Acc>(
        alpaka::WorkDivMembers<alpaka::Dim<Acc>, alpaka::Idx<Acc>>(Vec::ones(), Vec::ones(), Vec::ones()), Vec::ones());
}
