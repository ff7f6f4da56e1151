// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Properties every result of subDivideGridElems must have, checked on many random grids, device properties, kernel
// limits and restrictions (fixed seed, so a failure reproduces).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <tuple>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Restrictions = alpaka::GridBlockExtentSubDivRestrictions;

    template<typename TIdx>
    auto uniform(std::mt19937& rng, TIdx lo, TIdx hi) -> TIdx
    {
        return static_cast<TIdx>(std::uniform_int_distribution<long long>(lo, hi)(rng));
    }

    template<typename TDim, typename TIdx>
    auto randomVec(std::mt19937& rng, TIdx lo, TIdx hi) -> alpaka::Vec<TDim, TIdx>
    {
        alpaka::Vec<TDim, TIdx> v;
        for(std::size_t i = 0; i != TDim::value; ++i)
            v[i] = uniform(rng, lo, hi);
        return v;
    }

    // Random but usable limits. The element count limit and the grid block count limit are generous (their clipping
    // has a test of its own below); the grid extent limit is sometimes small so that clipping happens.
    template<typename TDim, typename TIdx>
    auto randomProps(std::mt19937& rng) -> alpaka::AccDevProps<TDim, TIdx>
    {
        alpaka::AccDevProps<TDim, TIdx> props{};
        props.m_multiProcessorCount = 1;
        bool const smallGrid = uniform(rng, 0, 3) == 0;
        props.m_gridBlockExtentMax = randomVec<TDim, TIdx>(rng, 1, smallGrid ? 8 : 100000);
        props.m_gridBlockCountMax = std::numeric_limits<TIdx>::max();
        props.m_blockThreadExtentMax = randomVec<TDim, TIdx>(rng, 1, 300);
        props.m_blockThreadCountMax = uniform<TIdx>(rng, 1, 1024);
        props.m_threadElemExtentMax = randomVec<TDim, TIdx>(rng, 1, 8);
        props.m_threadElemCountMax = props.m_threadElemExtentMax.prod();
        props.m_sharedMemSizeBytes = 0;
        props.m_globalMemSizeBytes = 0;
        return props;
    }

    template<typename TDim, typename TIdx>
    void checkRandomCases(unsigned seed, int cases)
    {
        using Vec = alpaka::Vec<TDim, TIdx>;
        std::mt19937 rng(seed);
        for(int c = 0; c < cases; ++c)
        {
            auto const props = randomProps<TDim, TIdx>(rng);
            // Mostly small grids, sometimes large ones (many blocks), sometimes extents of 1.
            TIdx const gridMax = uniform(rng, 0, 4) == 0 ? TIdx{100000} : TIdx{700};
            Vec gridElems = randomVec<TDim, TIdx>(rng, 1, gridMax);
            // The number of grid elements must be representable in TIdx, as for any real launch.
            long double count = 1;
            for(std::size_t i = 0; i != TDim::value; ++i)
                count *= static_cast<long double>(gridElems[i]);
            if(count > static_cast<long double>(std::numeric_limits<TIdx>::max()))
                gridElems = randomVec<TDim, TIdx>(rng, 1, 700);
            Vec const threadElemsRequested = randomVec<TDim, TIdx>(rng, 1, 12);
            TIdx const kernelMax = uniform(rng, 0, 2) == 0 ? TIdx{0} : uniform<TIdx>(rng, 1, 2048);
            bool const mustDivide = uniform(rng, 0, 1) == 1;
            auto const restrictions = static_cast<Restrictions>(uniform(rng, 0, 2));

            auto const wd = alpaka::subDivideGridElems(
                gridElems, threadElemsRequested, props, kernelMax, mustDivide, restrictions);
            INFO(
                "case " << c << ": grid " << gridElems << ", elements per thread " << threadElemsRequested
                        << ", kernel limit " << kernelMax << ", mustDivide " << mustDivide << ", restrictions "
                        << static_cast<int>(restrictions) << ", block limits " << props.m_blockThreadExtentMax
                        << " count " << props.m_blockThreadCountMax << ", grid limits " << props.m_gridBlockExtentMax
                        << " -> " << wd);

            // Valid for the device properties.
            INFO("problem: " << alpaka::detail::describeInvalidWorkDiv(props, wd));
            REQUIRE(alpaka::isValidWorkDiv(props, wd));
            // Within the kernel's limit.
            if(kernelMax > 0)
                REQUIRE(wd.m_blockThreadExtent.prod() <= kernelMax);

            for(std::size_t i = 0; i != TDim::value; ++i)
            {
                // Elements per thread never exceed the request, the grid or the device maximum.
                REQUIRE(wd.m_threadElemExtent[i] <= threadElemsRequested[i]);
                REQUIRE(wd.m_threadElemExtent[i] <= gridElems[i]);
                REQUIRE(wd.m_threadElemExtent[i] <= props.m_threadElemExtentMax[i]);
                // The grid is covered unless the number of blocks was clipped to the device's maximum.
                auto const covered = static_cast<unsigned long long>(wd.m_gridBlockExtent[i])
                                     * static_cast<unsigned long long>(wd.m_blockThreadExtent[i])
                                     * static_cast<unsigned long long>(wd.m_threadElemExtent[i]);
                if(wd.m_gridBlockExtent[i] < props.m_gridBlockExtentMax[i])
                {
                    REQUIRE(covered >= static_cast<unsigned long long>(gridElems[i]));
                    // No block is wholly outside the grid.
                    REQUIRE(
                        (wd.m_gridBlockExtent[i] - 1) * wd.m_blockThreadExtent[i] * wd.m_threadElemExtent[i]
                        < gridElems[i]);
                }
                else
                    REQUIRE(wd.m_gridBlockExtent[i] == props.m_gridBlockExtentMax[i]);
                if(mustDivide)
                {
                    TIdx const gridThreads = alpaka::core::divCeil(gridElems[i], wd.m_threadElemExtent[i]);
                    REQUIRE(gridThreads % wd.m_blockThreadExtent[i] == 0);
                }
                if(restrictions == Restrictions::EqualExtent)
                    REQUIRE(wd.m_blockThreadExtent[i] == wd.m_blockThreadExtent[0]);
            }
        }
    }
} // namespace

TEST_CASE("subDivideGridElems: random inputs give valid, covering work divisions", "[workdiv]")
{
    checkRandomCases<alpaka::DimInt<1>, std::size_t>(1u, 1500);
    checkRandomCases<alpaka::DimInt<2>, std::size_t>(2u, 1500);
    checkRandomCases<alpaka::DimInt<3>, std::size_t>(3u, 1500);
    checkRandomCases<alpaka::DimInt<2>, std::int32_t>(4u, 1000);
    checkRandomCases<alpaka::DimInt<3>, std::uint32_t>(5u, 1000);
}

TEST_CASE("subDivideGridElems: the largest index values do not overflow", "[workdiv]")
{
    // Unbounded device limits (as the CPU back-ends report) and a huge grid.
    using Idx = std::int32_t;
    using Vec = alpaka::Vec<alpaka::DimInt<2>, Idx>;
    constexpr Idx max = std::numeric_limits<Idx>::max();
    alpaka::AccDevProps<alpaka::DimInt<2>, Idx> const props{
        1, Vec::all(max), max, Vec(1, 1), 1, Vec::all(max), max, 0u, 0u};
    // max * (max - 1) blocks overflow Idx and exceed the block count limit: fewer blocks, and a valid result.
    auto const wd = alpaka::subDivideGridElems(Vec(max, max - 1), Vec::ones(), props, Idx{0}, false);
    CHECK(alpaka::isValidWorkDiv(props, wd));
    CHECK(wd.m_blockThreadExtent == Vec::ones());
    CHECK(wd.m_threadElemExtent == Vec::ones());
    auto const withElems = alpaka::subDivideGridElems(Vec(max, 7), Vec(4, 4), props, Idx{0}, false);
    // ceil(max / 4) threads of 4 elements along y, 2 threads of 4 elements along x (7 = 4 + 3).
    CHECK(withElems.m_gridBlockExtent == Vec(max / 4 + 1, 2));
    CHECK(withElems.m_threadElemExtent == Vec(4, 4));
}

TEST_CASE("subDivideGridElems: element and block counts stay within their limits", "[workdiv]")
{
    // Found by tests/fuzz/cpp/fuzz_work_division.cpp: each extent within its maximum, their product beyond the count
    // limit (beyond 2**64 even), and the launch then refused the work division getValidWorkDiv had chosen.
    using Idx = std::size_t;
    using Vec = alpaka::Vec<alpaka::DimInt<2>, Idx>;
    constexpr Idx max = std::numeric_limits<Idx>::max();
    alpaka::AccDevProps<alpaka::DimInt<2>, Idx> const props{
        1, Vec::all(max), max, Vec(1, 1), 1, Vec::all(max), max, 0u, 0u};
    Vec const grid(Idx{1} << 40, Idx{1} << 40);
    // 2**80 elements per thread requested: halved, largest component first, until their count fits.
    auto const fewerElems = alpaka::subDivideGridElems(grid, grid, props, Idx{0}, false);
    CHECK(alpaka::isValidWorkDiv(props, fewerElems));
    CHECK(fewerElems.m_threadElemExtent == Vec(Idx{1} << 31, Idx{1} << 32));
    // 2**80 blocks of one element: the same for the grid; the blocks' element loops stride over the rest.
    auto const fewerBlocks = alpaka::subDivideGridElems(grid, Vec::ones(), props, Idx{0}, false);
    CHECK(alpaka::isValidWorkDiv(props, fewerBlocks));
    CHECK(fewerBlocks.m_gridBlockExtent == Vec(Idx{1} << 31, Idx{1} << 32));
    // A count limit below the product of the extent limits (a GPU's grid), with a small grid: nothing changes.
    alpaka::AccDevProps<alpaka::DimInt<2>, Idx> const gpu{
        1, Vec(65535, 2147483647), 1000, Vec(32, 32), 1024, Vec::all(max), max, 0u, 0u};
    auto const small = alpaka::subDivideGridElems(Vec(320, 320), Vec::ones(), gpu, Idx{0}, false);
    CHECK(small.m_gridBlockExtent == Vec(10, 10));
    auto const clipped = alpaka::subDivideGridElems(Vec(3200, 3200), Vec::ones(), gpu, Idx{0}, false);
    CHECK(alpaka::isValidWorkDiv(gpu, clipped));
    CHECK(clipped.m_gridBlockExtent.prod() <= 1000);
}
