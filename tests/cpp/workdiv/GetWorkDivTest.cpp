// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// getWorkDiv<TOrigin, TUnit> on a WorkDivMembers and inside kernels through the accelerator, compared with products
// computed on the host component by component.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    // Component-wise product written out, independent of Vec's operator*.
    template<typename TVec>
    auto product(TVec const& a, TVec const& b) -> TVec
    {
        TVec result;
        for(std::size_t i = 0; i != TVec::Dim::value; ++i)
            result[i] = static_cast<typename TVec::Val>(a[i] * b[i]);
        return result;
    }

    template<typename TVec>
    struct Expected
    {
        TVec gridBlocks;
        TVec blockThreads;
        TVec threadElems;
        TVec gridThreads;
        TVec gridElems;
        TVec blockElems;
    };

    template<typename TWorkDiv>
    auto expectedOf(TWorkDiv const& wd)
    {
        using Vec = typename TWorkDiv::Vec;
        return Expected<Vec>{
            wd.m_gridBlockExtent,
            wd.m_blockThreadExtent,
            wd.m_threadElemExtent,
            product(wd.m_gridBlockExtent, wd.m_blockThreadExtent),
            product(product(wd.m_gridBlockExtent, wd.m_blockThreadExtent), wd.m_threadElemExtent),
            product(wd.m_blockThreadExtent, wd.m_threadElemExtent)};
    }

    struct GetWorkDivKernel
    {
        template<typename TAcc, typename TExpected, typename TWorkDiv>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success, TExpected expected, TWorkDiv workDiv) const
        {
            using namespace alpaka;
            ALPAKA_CHECK(*success, (getWorkDiv<Grid, Blocks>(acc) == expected.gridBlocks));
            ALPAKA_CHECK(*success, (getWorkDiv<Block, Threads>(acc) == expected.blockThreads));
            ALPAKA_CHECK(*success, (getWorkDiv<Thread, Elems>(acc) == expected.threadElems));
            ALPAKA_CHECK(*success, (getWorkDiv<Grid, Threads>(acc) == expected.gridThreads));
            ALPAKA_CHECK(*success, (getWorkDiv<Grid, Elems>(acc) == expected.gridElems));
            ALPAKA_CHECK(*success, (getWorkDiv<Block, Elems>(acc) == expected.blockElems));
            // A work division copied from the accelerator equals the one the kernel was launched with.
            ALPAKA_CHECK(*success, (WorkDivMembers<Dim<TAcc>, Idx<TAcc>>(acc) == workDiv));
        }
    };
} // namespace

TEST_CASE("getWorkDiv on a WorkDivMembers: all origin/unit pairs", "[workdiv]")
{
    using Vec = alpaka::Vec<alpaka::DimInt<3>, std::size_t>;
    alpaka::WorkDivMembers<alpaka::DimInt<3>, std::size_t> const wd(Vec(2u, 3u, 4u), Vec(5u, 6u, 7u), Vec(8u, 9u, 10u));
    using namespace alpaka;
    CHECK(getWorkDiv<Grid, Blocks>(wd) == Vec(2u, 3u, 4u));
    CHECK(getWorkDiv<Block, Threads>(wd) == Vec(5u, 6u, 7u));
    CHECK(getWorkDiv<Thread, Elems>(wd) == Vec(8u, 9u, 10u));
    CHECK(getWorkDiv<Grid, Threads>(wd) == Vec(10u, 18u, 28u));
    CHECK(getWorkDiv<Grid, Elems>(wd) == Vec(80u, 162u, 280u));
    CHECK(getWorkDiv<Block, Elems>(wd) == Vec(40u, 54u, 70u));
    STATIC_REQUIRE(std::is_same_v<decltype(getWorkDiv<Grid, Elems>(wd)), Vec>);
}

TEST_CASE("getWorkDiv on a 0-D and a 1-D WorkDivMembers", "[workdiv]")
{
    using namespace alpaka;
    using Vec0 = Vec<DimInt<0>, int>;
    WorkDivMembers<DimInt<0>, int> const zero(Vec0{}, Vec0{}, Vec0{});
    CHECK(getWorkDiv<Grid, Elems>(zero) == Vec0{});
    CHECK(getWorkDiv<Grid, Elems>(zero).prod() == 1);
    WorkDivMembers<DimInt<1>, int> const one(3, 4, 5);
    CHECK(getWorkDiv<Grid, Threads>(one)[0] == 12);
    CHECK(getWorkDiv<Grid, Elems>(one)[0] == 60);
    CHECK(getWorkDiv<Block, Elems>(one)[0] == 20);
}

TEMPLATE_LIST_TEST_CASE(
    "getWorkDiv inside a kernel matches the launch's work division", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);

    // Different extents per dimension, and more than one element per thread in some, so mixed-up factors show.
    Vec const gridElems([](auto i) { return static_cast<Idx>(7 + 3 * i.value); });
    Vec const threadElems([](auto i) { return static_cast<Idx>(1 + i.value % 2); });
    for(bool const mustDivide : {false, true})
    {
        auto const workDiv = alpaka::getValidWorkDiv<Acc>(
            dev, gridElems, threadElems, mustDivide, alpaka::GridBlockExtentSubDivRestrictions::Unrestricted);
        INFO("work division " << workDiv);
        REQUIRE(alpaka::isValidWorkDiv<Acc>(workDiv, dev));
        alpaka::test::KernelExecutionFixture<Acc> fixture(workDiv);
        CHECK(fixture(GetWorkDivKernel{}, expectedOf(workDiv), workDiv));
    }

    // A hand-made work division with several blocks and elements (one thread per block fits every back-end).
    Vec const gridBlocks([](auto i) { return static_cast<Idx>(2 + i.value); });
    Vec const elems([](auto i) { return static_cast<Idx>(3 - i.value % 3); });
    alpaka::WorkDivMembers<Dim, Idx> const handMade(gridBlocks, Vec::ones(), elems);
    alpaka::test::KernelExecutionFixture<Acc> fixture(handMade);
    CHECK(fixture(GetWorkDivKernel{}, expectedOf(handMade), handMade));
}
