// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The row splitter (alpaka/detail/mem/StridedRows.hpp, through the runtime's src/runtime/RegionRows.hpp): the rows of a
// copy between two strided regions visit exactly the elements of the extent, in row-major order, each with its byte
// offset in both regions; dense regions are one row, pitched ones one 2-D or 3-D block.

#include <array>
#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "runtime/RegionRows.hpp"

namespace
{
    using pyalpaka::rt::CopyRows;
    using pyalpaka::rt::Region;

    auto region(std::vector<std::size_t> const& extent, std::vector<std::size_t> const& strides, std::size_t itemSize)
        -> Region
    {
        Region r;
        r.itemSize = itemSize;
        r.ndim = extent.size();
        for(std::size_t d = 0; d < extent.size(); ++d)
        {
            r.extent[d] = extent[d];
            r.strides[d] = strides[d];
        }
        return r;
    }

    using OffsetPairs = std::vector<std::pair<std::size_t, std::size_t>>;

    //! (destination, source) byte offsets of every element of dst.extent in row-major order: what a copy must touch.
    auto elementOffsets(Region const& dst, Region const& src) -> OffsetPairs
    {
        OffsetPairs out;
        std::size_t count = 1;
        for(std::size_t d = 0; d < dst.ndim; ++d)
            count *= dst.extent[d];
        for(std::size_t flat = 0; flat < count; ++flat)
        {
            std::size_t rest = flat;
            std::size_t dstOffset = 0;
            std::size_t srcOffset = 0;
            for(std::size_t d = dst.ndim; d-- > 0;)
            {
                auto const index = rest % dst.extent[d];
                rest /= dst.extent[d];
                dstOffset += index * dst.strides[d];
                srcOffset += index * src.strides[d];
            }
            out.emplace_back(dstOffset, srcOffset);
        }
        return out;
    }

    //! The elements the rows visit, blocks of `keepDims` row dimensions expanded in row-major order.
    auto visitedOffsets(CopyRows const& rows, std::size_t itemSize, std::size_t keepDims) -> OffsetPairs
    {
        OffsetPairs out;
        alpaka::detail::forEachBlock(
            rows,
            keepDims,
            [&](CopyRows const& block, std::size_t const* blockOffsets)
            {
                alpaka::detail::forEachBlock(
                    block,
                    0,
                    [&](CopyRows const& row, std::size_t const* rowOffsets)
                    {
                        for(std::size_t byte = 0; byte < row.width; byte += itemSize)
                            out.emplace_back(
                                blockOffsets[0] + rowOffsets[0] + byte, blockOffsets[1] + rowOffsets[1] + byte);
                    });
            });
        return out;
    }
} // namespace

TEST_CASE("a dense region is one row", "[runtime][rows]")
{
    auto const r = region({3, 4, 5}, {80, 20, 4}, 4);
    auto const rows = pyalpaka::rt::copyRows(r, r);
    CHECK(rows.dims == 0);
    CHECK(rows.width == 240);
    CHECK(visitedOffsets(rows, 4, 0) == elementOffsets(r, r));
}

TEST_CASE("a pitched 2-D region is rows of one pitch", "[runtime][rows]")
{
    auto const dst = region({6, 10}, {64, 4}, 4); // rows padded to 64 bytes
    auto const src = region({6, 10}, {40, 4}, 4); // dense
    auto const rows = pyalpaka::rt::copyRows(dst, src);
    REQUIRE(rows.dims == 1);
    CHECK(rows.width == 40);
    CHECK(rows.extent[0] == 6);
    CHECK(rows.stride[0][0] == 64);
    CHECK(rows.stride[1][0] == 40);
    CHECK(visitedOffsets(rows, 4, 0) == elementOffsets(dst, src));
}

TEST_CASE("a pitched 3-D region is one 3-D block", "[runtime][rows]")
{
    auto const dst = region({2, 3, 5}, {3 * 32, 32, 8}, 8);
    auto const src = region({2, 3, 5}, {4 * 48, 48, 8}, 8); // slices of 4 rows, 3 used
    auto const rows = pyalpaka::rt::copyRows(dst, src);
    REQUIRE(rows.dims == 2);
    CHECK(alpaka::detail::fitsPitched3D(rows));
    CHECK(visitedOffsets(rows, 8, 2) == elementOffsets(dst, src));
}

TEST_CASE("dimensions of extent 1 are dropped and continuing ones merged", "[runtime][rows]")
{
    // A column slice of a 4x6 matrix (every row's first 2 elements), with a leading dimension of extent 1.
    auto const dst = region({1, 4, 2}, {999, 8, 4}, 4); // dense 4x2
    auto const src = region({1, 4, 2}, {999, 24, 4}, 4);
    auto const rows = pyalpaka::rt::copyRows(dst, src);
    CHECK(rows.dims == 1);
    CHECK(rows.width == 8);
    CHECK(visitedOffsets(rows, 4, 0) == elementOffsets(dst, src));
}

TEST_CASE("a transposed source is copied element by element", "[runtime][rows]")
{
    auto const dst = region({3, 4}, {16, 4}, 4);
    auto const src = region({3, 4}, {4, 12}, 4); // the transpose of a dense 4x3 matrix
    auto const rows = pyalpaka::rt::copyRows(dst, src);
    CHECK(rows.width == 4);
    CHECK(visitedOffsets(rows, 4, 0) == elementOffsets(dst, src));
    CHECK(visitedOffsets(rows, 4, 1) == elementOffsets(dst, src));
}

TEST_CASE("an empty extent visits nothing", "[runtime][rows]")
{
    auto const r = region({3, 0, 5}, {80, 20, 4}, 4);
    auto const rows = pyalpaka::rt::copyRows(r, r);
    CHECK(rows.empty());
    std::size_t calls = 0;
    alpaka::detail::forEachBlock(rows, 0, [&](CopyRows const&, std::size_t const*) { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("random strided layouts are visited exactly, whatever the block size", "[runtime][rows]")
{
    std::mt19937 random(20261129u);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
    for(int round = 0; round < 2000; ++round)
    {
        auto const ndim = 1 + pick(pyalpaka::rt::maxBufferDim);
        std::size_t const itemSize = std::size_t{1} << pick(4);
        std::vector<std::size_t> extent(ndim);
        for(auto& e : extent)
            e = 1 + pick(4);
        // Each operand: dense, padded, or permuted strides (a transposed view), as NumPy and alpaka make them.
        auto strides = [&]
        {
            std::vector<std::size_t> order(ndim);
            for(std::size_t d = 0; d < ndim; ++d)
                order[d] = d;
            if(pick(3) == 0)
                std::shuffle(order.begin(), order.end(), random);
            std::vector<std::size_t> s(ndim);
            std::size_t step = itemSize * (pick(4) == 0 ? 2 : 1);
            for(std::size_t k = ndim; k-- > 0;)
            {
                s[order[k]] = step;
                step *= extent[order[k]] + (pick(3) == 0 ? pick(3) : 0);
            }
            return s;
        };
        auto const dst = region(extent, strides(), itemSize);
        auto const src = region(extent, strides(), itemSize);
        auto const rows = pyalpaka::rt::copyRows(dst, src);
        auto const expected = elementOffsets(dst, src);
        INFO("round " << round << ", " << ndim << "-D, item size " << itemSize);
        for(std::size_t keep = 0; keep <= 2; ++keep)
            REQUIRE(visitedOffsets(rows, itemSize, keep) == expected);
        if(alpaka::detail::fitsPitched3D(rows))
            for(std::size_t o = 0; o < 2; ++o)
                CHECK(rows.stride[o][0] >= rows.stride[o][1] * rows.extent[1]);
    }
}

TEST_CASE("a memset's rows cover its region", "[runtime][rows]")
{
    auto const r = region({2, 3, 4}, {96, 32, 4}, 4);
    auto const rows = pyalpaka::rt::setRows(r);
    REQUIRE(rows.dims == 1); // slices of 3 padded rows merge into 6 rows of one pitch
    CHECK(rows.extent[0] == 6);
    CHECK(rows.stride[0][0] == 32);
    CHECK(rows.width == 16);
}
