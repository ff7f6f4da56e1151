// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// memcpy and createTaskMemcpy on every queue kind for Dims 0..4: whole and partial extents, dense and pitched
// layouts, sub-views with offsets on either side. Every element of the destination is checked on the host, including
// that the elements outside the copied region keep their previous value.

#include <alpaka/test/Extent.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace
{
    using Elem = std::int32_t;
    constexpr Elem sentinel = -7;

    //! Fills the view with valueAt(row-major position).
    template<typename TQueue, typename TView>
    void fillWithPositions(TQueue& queue, TView& view)
    {
        std::vector<Elem> host(static_cast<std::size_t>(alpaka::getExtents(view).prod()));
        for(std::size_t k = 0; k < host.size(); ++k)
            host[k] = memtest::valueAt<Elem>(k);
        memtest::fromHost(queue, view, host);
    }

    //! Counts the elements of dst (dense host copy of a view of dstExtent) that differ from a copy of region elements
    //! from srcOffset in a source filled by fillWithPositions (of srcExtent) to dstOffset; the rest must be sentinel.
    template<typename TVec>
    auto countWrong(
        std::vector<Elem> const& dst,
        TVec const& dstExtent,
        TVec const& dstOffset,
        TVec const& region,
        TVec const& srcExtent,
        TVec const& srcOffset) -> std::size_t
    {
        std::size_t wrong = 0;
        memtest::forEachIndex(
            dstExtent,
            [&](TVec const& index)
            {
                Elem expected = sentinel;
                if(memtest::isInside(index, dstOffset, region))
                    expected = memtest::valueAt<Elem>(memtest::linearIndex(index - dstOffset + srcOffset, srcExtent));
                if(dst[memtest::linearIndex(index, dstExtent)] != expected)
                    ++wrong;
            });
        return wrong;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("memcpy copies the requested region and nothing else", "[mem][copy]", memtest::QueuesDimsIdxs)
{
    using Fixture = alpaka::test::QueueTestFixture<memtest::At<TestType, 0>>;
    using Dim = memtest::At<TestType, 1>;
    using Idx = memtest::At<TestType, 2>;
    using Vec = alpaka::Vec<Dim, Idx>;
    Fixture f;
    auto& queue = f.m_queue;
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
    auto const zeros = Vec::zeros();

    auto src = alpaka::allocBuf<Elem, Idx>(f.m_dev, extent);
    fillWithPositions(queue, src);
    auto dst = alpaka::allocBuf<Elem, Idx>(f.m_dev, extent);
    alpaka::fill(queue, dst, sentinel);

    SECTION("the whole buffer with memcpy")
    {
        alpaka::memcpy(queue, dst, src);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, zeros, extent, extent, zeros) == 0u);
        // The source is left as it was.
        CHECK(countWrong(memtest::toHost(queue, src), extent, zeros, extent, extent, zeros) == 0u);
    }
    SECTION("the whole buffer with createTaskMemcpy and enqueue")
    {
        auto task = alpaka::createTaskMemcpy(dst, src, extent);
        alpaka::enqueue(queue, task);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, zeros, extent, extent, zeros) == 0u);
    }
    SECTION("a partial extent from the origin")
    {
        alpaka::memcpy(queue, dst, src, subExtent);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, zeros, subExtent, extent, zeros) == 0u);
    }
    SECTION("dense to pitched and pitched to dense")
    {
        // Rows padded by three elements: the pitched view is the unpadded part of a wider buffer.
        Vec paddedExtent = extent;
        if constexpr(Dim::value > 0)
            paddedExtent[Dim::value - 1] = static_cast<Idx>(paddedExtent[Dim::value - 1] + 3);
        auto padded = alpaka::allocBuf<Elem, Idx>(f.m_dev, paddedExtent);
        alpaka::fill(queue, padded, sentinel);
        auto pitched
            = alpaka::createView(f.m_dev, alpaka::getPtrNative(padded), extent, alpaka::getPitchesInBytes(padded));
        CHECK(alpaka::getPitchesInBytes(pitched) == alpaka::getPitchesInBytes(padded));

        alpaka::memcpy(queue, pitched, src);
        CHECK(countWrong(memtest::toHost(queue, padded), paddedExtent, zeros, extent, extent, zeros) == 0u);

        alpaka::memcpy(queue, dst, pitched);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, zeros, extent, extent, zeros) == 0u);
    }
    SECTION("a sub-view into an offset sub-view of another buffer")
    {
        auto const srcOffset = alpaka::test::offset<Dim, Idx>;
        auto const dstOffset = Vec([](auto i) { return static_cast<Idx>(2u - i.value % 2u); });
        auto srcSub = alpaka::createSubView(src, subExtent, srcOffset);
        auto dstSub = alpaka::createSubView(dst, subExtent, dstOffset);

        alpaka::memcpy(queue, dstSub, srcSub);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, dstOffset, subExtent, extent, srcOffset) == 0u);
    }
    SECTION("a partial extent between sub-views with createTaskMemcpy")
    {
        auto const srcOffset = alpaka::test::offset<Dim, Idx>;
        auto const dstOffset = Vec::all(Idx{2});
        auto const part = Vec([&](auto i) { return static_cast<Idx>(subExtent[i.value] - 1u - i.value % 2u); });
        auto srcSub = alpaka::createSubView(src, subExtent, srcOffset);
        auto dstSub = alpaka::createSubView(dst, subExtent, dstOffset);

        alpaka::enqueue(queue, alpaka::createTaskMemcpy(dstSub, srcSub, part));
        CHECK(countWrong(memtest::toHost(queue, dst), extent, dstOffset, part, extent, srcOffset) == 0u);
    }
    SECTION("a smaller source into the front of a bigger destination")
    {
        auto small = alpaka::allocBuf<Elem, Idx>(f.m_dev, subExtent);
        fillWithPositions(queue, small);
        alpaka::memcpy(queue, dst, small);
        CHECK(countWrong(memtest::toHost(queue, dst), extent, zeros, subExtent, subExtent, zeros) == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("memcpy of an empty extent changes nothing", "[mem][copy]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    Fixture f;
    auto& queue = f.m_queue;

    // Zero-sized buffers are valid buffers: copies, memset and fill of them are no-ops.
    auto emptyA = alpaka::allocBuf<Elem, int>(f.m_dev, Vec2{0, 4});
    auto emptyB = alpaka::allocBuf<Elem, int>(f.m_dev, Vec2{0, 4});
    CHECK(alpaka::getExtents(emptyA) == Vec2{0, 4});
    CHECK(alpaka::getExtents(emptyA).prod() == 0);
    alpaka::memcpy(queue, emptyA, emptyB);
    alpaka::memset(queue, emptyA, 0xffu);
    alpaka::fill(queue, emptyA, Elem{1});
    alpaka::wait(queue);

    auto full = alpaka::allocBuf<Elem, int>(f.m_dev, Vec2{3, 4});
    alpaka::fill(queue, full, sentinel);
    alpaka::memcpy(queue, full, emptyA);
    alpaka::memcpy(queue, full, emptyA, Vec2{0, 0});
    alpaka::memcpy(queue, full, alpaka::createSubView(full, Vec2{3, 0}), Vec2{3, 0});
    CHECK(memtest::toHost(queue, full) == std::vector<Elem>(12u, sentinel));
}
