// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Index queries inside kernels: getIdx<Grid, Blocks>, getIdx<Block, Threads>, getIdx<Grid, Threads> and
// getIdxThreadFirstElem, checked in every thread against the work division the kernel sees.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    struct IdxQueriesKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success) const
        {
            using namespace alpaka;
            using Vec = alpaka::Vec<Dim<TAcc>, Idx<TAcc>>;
            static_assert(std::is_same_v<decltype(getIdx<Grid, Blocks>(acc)), Vec>);
            static_assert(std::is_same_v<decltype(getIdx<Block, Threads>(acc)), Vec>);
            static_assert(std::is_same_v<decltype(getIdx<Grid, Threads>(acc)), Vec>);

            Vec const gridBlocks = getWorkDiv<Grid, Blocks>(acc);
            Vec const blockThreads = getWorkDiv<Block, Threads>(acc);
            Vec const threadElems = getWorkDiv<Thread, Elems>(acc);
            Vec const gridThreads = getWorkDiv<Grid, Threads>(acc);

            Vec const blockIdx = getIdx<Grid, Blocks>(acc);
            Vec const threadInBlock = getIdx<Block, Threads>(acc);
            Vec const gridThreadIdx = getIdx<Grid, Threads>(acc);

            for(std::size_t i = 0; i != Dim<TAcc>::value; ++i)
            {
                ALPAKA_CHECK(*success, blockIdx[i] < gridBlocks[i]);
                ALPAKA_CHECK(*success, threadInBlock[i] < blockThreads[i]);
                ALPAKA_CHECK(*success, gridThreadIdx[i] < gridThreads[i]);
                // The grid thread index is the block's first thread plus the thread's place in the block.
                ALPAKA_CHECK(*success, gridThreadIdx[i] == blockIdx[i] * blockThreads[i] + threadInBlock[i]);
                // The first element of a thread is its grid thread index times the elements per thread.
                ALPAKA_CHECK(*success, getIdxThreadFirstElem(acc)[i] == gridThreadIdx[i] * threadElems[i]);
            }
            // The explicit forms give the same as the one-argument ones.
            ALPAKA_CHECK(*success, (getIdx<Grid, Threads>(acc, acc) == gridThreadIdx));
            ALPAKA_CHECK(*success, (getIdxThreadFirstElem(acc, gridThreadIdx) == getIdxThreadFirstElem(acc)));
            ALPAKA_CHECK(
                *success, (getIdxThreadFirstElem(acc, gridThreadIdx, threadElems) == getIdxThreadFirstElem(acc)));
            if constexpr(isSingleThreadAcc<TAcc>)
            {
                // One thread per block: the thread index in the block is always 0, the grid thread is the block.
                ALPAKA_CHECK(*success, (threadInBlock == Vec::zeros()));
                ALPAKA_CHECK(*success, (gridThreadIdx == blockIdx));
            }
        }
    };

    template<typename TAcc>
    void runIdxQueries(alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> const& workDiv)
    {
        INFO("work division " << workDiv);
        alpaka::test::KernelExecutionFixture<TAcc> fixture(workDiv);
        CHECK(fixture(IdxQueriesKernel{}));
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "getIdx and getIdxThreadFirstElem agree with the work division", "[idx]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);

    // Work divisions the back-end chooses: several blocks, several elements per thread, with and without exact
    // division.
    Vec const gridElems([](auto i) { return static_cast<Idx>(6 + 5 * i.value); });
    for(Idx const elems : {Idx{1}, Idx{2}, Idx{3}})
        for(bool const mustDivide : {false, true})
            runIdxQueries<Acc>(alpaka::getValidWorkDiv<Acc>(dev, gridElems, Vec::all(elems), mustDivide));

    // A hand-made one valid on every back-end (one thread per block), different along each dimension.
    Vec const gridBlocks([](auto i) { return static_cast<Idx>(4 - i.value); });
    Vec const threadElems([](auto i) { return static_cast<Idx>(1 + i.value); });
    runIdxQueries<Acc>(alpaka::WorkDivMembers<Dim, Idx>(gridBlocks, Vec::ones(), threadElems));
}

TEMPLATE_LIST_TEST_CASE("getIdx with the fixture's extent constructor", "[idx]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, Idx>;
    // The fixture chooses a work division covering the extent with one element per thread.
    Vec const extent([](auto i) { return static_cast<Idx>(3 + i.value); });
    alpaka::test::KernelExecutionFixture<Acc> fixture(extent);
    CHECK(fixture.getWorkDiv().m_threadElemExtent == Vec::ones());
    CHECK(fixture(IdxQueriesKernel{}));
}
