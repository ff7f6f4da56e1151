// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// isValidWorkDiv(props, workDiv), isValidAccDevProps and the messages of detail::describeInvalidWorkDiv: each names
// the offending extent and the limit it breaks.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <string>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Dim2 = alpaka::DimInt<2>;
    using IntVec2 = alpaka::Vec<Dim2, int>;
    using IntWorkDiv2 = alpaka::WorkDivMembers<Dim2, int>;

    auto props() -> alpaka::AccDevProps<Dim2, int>
    {
        return {
            4,                 // multiprocessors
            IntVec2(100, 200), // grid block extent max
            5000,              // grid block count max
            IntVec2(256, 128), // block thread extent max
            512,               // block thread count max
            IntVec2(8, 4),     // thread element extent max
            16,                // thread element count max
            1024u,             // shared memory
            4096u};            // global memory
    }

    auto describe(IntWorkDiv2 const& wd, int kernelLimit = 0) -> std::string
    {
        return alpaka::detail::describeInvalidWorkDiv(props(), wd, kernelLimit);
    }
} // namespace

TEST_CASE("isValidWorkDiv(props, workDiv) checks extents and counts at every level", "[workdiv]")
{
    auto const p = props();
    // At every limit exactly: valid.
    CHECK(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(25, 200), IntVec2(4, 128), IntVec2(4, 4))));
    CHECK(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(1, 1))));
    CHECK(describe(IntWorkDiv2(IntVec2(25, 200), IntVec2(4, 128), IntVec2(4, 4))).empty());

    // One over an extent maximum.
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(101, 1), IntVec2(1, 1), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 129), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(9, 1))));
    // Each extent within its maximum, but the product over the count maximum.
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(26, 200), IntVec2(1, 1), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(5, 128), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(8, 4))));
    // Zero and negative extents.
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(0, 1), IntVec2(1, 1), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, -1), IntVec2(1, 1))));
    CHECK_FALSE(alpaka::isValidWorkDiv(p, IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(0, 0))));
}

TEST_CASE("describeInvalidWorkDiv names the extent and the violated maximum", "[workdiv]")
{
    using Catch::Contains;
    auto const gridTooWide = describe(IntWorkDiv2(IntVec2(101, 1), IntVec2(1, 1), IntVec2(1, 1)));
    CHECK_THAT(gridTooWide, Contains("gridBlockExtent") && Contains("(101, 1)") && Contains("(100, 200)"));
    CHECK_THAT(gridTooWide, Contains("dimension 0"));

    auto const blockTooWide = describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 129), IntVec2(1, 1)));
    CHECK_THAT(blockTooWide, Contains("blockThreadExtent") && Contains("(1, 129)") && Contains("(256, 128)"));
    CHECK_THAT(blockTooWide, Contains("dimension 1"));

    auto const elemsTooWide = describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(9, 1)));
    CHECK_THAT(elemsTooWide, Contains("threadElemExtent") && Contains("(9, 1)") && Contains("(8, 4)"));
}

TEST_CASE("describeInvalidWorkDiv names the count and the count limit", "[workdiv]")
{
    using Catch::Contains;
    auto const tooManyBlocks = describe(IntWorkDiv2(IntVec2(26, 200), IntVec2(1, 1), IntVec2(1, 1)));
    CHECK_THAT(tooManyBlocks, Contains("gridBlockExtent") && Contains("(26, 200)"));
    CHECK_THAT(tooManyBlocks, Contains("5200") && Contains("5000"));

    auto const tooManyThreads = describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(5, 128), IntVec2(1, 1)));
    CHECK_THAT(tooManyThreads, Contains("(5, 128)") && Contains("640") && Contains("512"));
    CHECK_THAT(tooManyThreads, Contains("threads per block"));

    auto const tooManyElems = describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(8, 4)));
    CHECK_THAT(tooManyElems, Contains("(8, 4)") && Contains("32") && Contains("16"));
    CHECK_THAT(tooManyElems, Contains("elements per thread"));
}

TEST_CASE("describeInvalidWorkDiv applies a kernel's thread limit", "[workdiv]")
{
    using Catch::Contains;
    IntWorkDiv2 const wd(IntVec2(1, 1), IntVec2(16, 8), IntVec2(1, 1));
    // 128 threads: fine for the device (512) and for a kernel limit of 128 or none.
    CHECK(describe(wd).empty());
    CHECK(describe(wd, 128).empty());
    // A kernel limit of 64 rejects it, and the message says 64.
    auto const message = describe(wd, 64);
    CHECK_THAT(message, Contains("(16, 8)") && Contains("128") && Contains("at most 64"));
    // A kernel limit above the device's does not raise the device's.
    CHECK_THAT(describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(8, 128), IntVec2(1, 1)), 4096), Contains("at most 512"));
}

TEST_CASE("describeInvalidWorkDiv reports extents below 1", "[workdiv]")
{
    using Catch::Contains;
    CHECK_THAT(
        describe(IntWorkDiv2(IntVec2(0, 3), IntVec2(1, 1), IntVec2(1, 1))),
        Contains("gridBlockExtent") && Contains("(0, 3)"));
    CHECK_THAT(
        describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(2, -4), IntVec2(1, 1))),
        Contains("blockThreadExtent") && Contains("(2, -4)"));
    CHECK_THAT(
        describe(IntWorkDiv2(IntVec2(1, 1), IntVec2(1, 1), IntVec2(1, 0))),
        Contains("threadElemExtent") && Contains("below 1"));
}

TEST_CASE("describeInvalidWorkDiv does not overflow on huge products", "[workdiv]")
{
    // 65536 * 65536 does not fit an int; the count must still be reported as too large, not wrap to 0.
    alpaka::AccDevProps<Dim2, int> const p{
        1, IntVec2(1 << 20, 1 << 20), 1 << 30, IntVec2(1, 1), 1, IntVec2(1, 1), 1, 0u, 0u};
    auto const message
        = alpaka::detail::describeInvalidWorkDiv(p, IntWorkDiv2(IntVec2(65536, 65536), IntVec2(1, 1), IntVec2(1, 1)));
    CHECK_THAT(message, Catch::Contains("4294967296"));
}

TEST_CASE("describeInvalidWorkDiv reports counts beyond 2**64 without converting them", "[workdiv]")
{
    // Found by tests/fuzz/cpp/fuzz_work_division.cpp: a 2-D grid of 2**40 x 2**40 blocks (each extent within its
    // limit) counts 2**80, which no integer holds; the message said it by converting the count to one (undefined).
    using Vec2z = alpaka::Vec<Dim2, std::size_t>;
    constexpr std::size_t big = std::size_t{1} << 40;
    alpaka::AccDevProps<Dim2, std::size_t> const p{
        1, Vec2z(big, big), std::size_t{1} << 50, Vec2z(1, 1), 1, Vec2z(1, 1), 1, 0u, 0u};
    auto const message = alpaka::detail::describeInvalidWorkDiv(
        p, alpaka::WorkDivMembers<Dim2, std::size_t>(Vec2z(big, big), Vec2z(1, 1), Vec2z(1, 1)));
    CHECK_THAT(message, Catch::Contains("has more than 2**64 blocks in the grid") && Catch::Contains("at most"));
}

TEST_CASE("isValidAccDevProps", "[workdiv]")
{
    CHECK(alpaka::isValidAccDevProps(props()));
    auto broken = props();
    broken.m_blockThreadCountMax = 0;
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    broken = props();
    broken.m_gridBlockExtentMax = IntVec2(1, 0);
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    broken = props();
    broken.m_threadElemExtentMax = IntVec2(-1, 4);
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    broken = props();
    broken.m_threadElemCountMax = 0;
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    broken = props();
    broken.m_gridBlockCountMax = 0;
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    broken = props();
    broken.m_blockThreadExtentMax = IntVec2(0, 0);
    CHECK_FALSE(alpaka::isValidAccDevProps(broken));
    // The real accelerator's properties are valid.
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    CHECK(alpaka::isValidAccDevProps(alpaka::getAccDevProps<alpaka::AccCpuSerial<Dim2, int>>(dev)));
}
