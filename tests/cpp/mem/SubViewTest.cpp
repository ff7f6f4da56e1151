// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// createSubView: the native pointer moves by offsets . pitches, the pitches stay the parent's, offsets are relative
// to the parent, sub-views nest, and a sub-view of a buffer keeps the buffer's memory alive.

#include <alpaka/test/Extent.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace
{
    //! The address of the element at offsets in view, computed from the view's pointer and pitches.
    template<typename TView, typename TVec>
    auto addressAt(TView& view, TVec const& offsets)
    {
        auto const pitches = alpaka::getPitchesInBytes(view);
        std::size_t bytes = 0;
        for(std::size_t i = 0; i != alpaka::Dim<TView>::value; ++i)
            bytes += static_cast<std::size_t>(offsets[i]) * static_cast<std::size_t>(pitches[i]);
        using Byte = std::conditional_t<std::is_const_v<alpaka::Elem<TView>>, std::byte const, std::byte>;
        return reinterpret_cast<alpaka::Elem<TView>*>(reinterpret_cast<Byte*>(alpaka::getPtrNative(view)) + bytes);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "createSubView points into the parent with the parent's pitches", "[mem][subview]", memtest::DimsIdxs)
{
    using Dim = memtest::At<TestType, 0>;
    using Idx = memtest::At<TestType, 1>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = memtest::devHost();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
    auto const offsets = alpaka::test::offset<Dim, Idx>;
    auto buf = alpaka::allocBuf<std::uint32_t, Idx>(dev, extent);
    memtest::forEachIndex(
        extent,
        [&](Vec const& index) { buf[index] = static_cast<std::uint32_t>(memtest::linearIndex(index, extent)); });

    auto sub = alpaka::createSubView(buf, subExtent, offsets);
    using Sub = decltype(sub);
    STATIC_REQUIRE(std::is_same_v<Sub, alpaka::ViewSubView<alpaka::DevCpu, std::uint32_t, Dim, Idx>>);
    STATIC_REQUIRE(alpaka::isView<Sub>);
    CHECK(alpaka::getExtents(sub) == subExtent);
    CHECK(alpaka::getOffsets(sub) == offsets);
    CHECK(alpaka::getPitchesInBytes(sub) == alpaka::getPitchesInBytes(buf));
    CHECK(alpaka::getDev(sub) == dev);
    CHECK(alpaka::getPtrNative(sub) == addressAt(buf, offsets));

    // Element index of the sub-view is element index + offsets of the buffer.
    std::size_t mismatches = 0;
    memtest::forEachIndex(
        subExtent,
        [&](Vec const& index)
        {
            if(&sub[index] != &buf[index + offsets] || &sub.at(index) != &buf[index + offsets])
                ++mismatches;
        });
    CHECK(mismatches == 0u);

    // Nested: offsets are relative to the immediate parent, the pitches are still the buffer's.
    auto const ones = Vec::ones();
    auto subSub = alpaka::createSubView(sub, subExtent - ones, ones);
    CHECK(alpaka::getOffsets(subSub) == ones);
    CHECK(alpaka::getExtents(subSub) == subExtent - ones);
    CHECK(alpaka::getPitchesInBytes(subSub) == alpaka::getPitchesInBytes(buf));
    CHECK(alpaka::getPtrNative(subSub) == addressAt(buf, offsets + ones));

    // Without offsets the sub-view starts at the origin.
    auto front = alpaka::createSubView(buf, subExtent);
    CHECK(alpaka::getOffsets(front) == Vec::zeros());
    CHECK(alpaka::getPtrNative(front) == alpaka::getPtrNative(buf));
}

TEST_CASE("A sub-view of a const buffer handle refers to the same, writable memory", "[mem][subview]")
{
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    auto buf = alpaka::allocBuf<int, int>(memtest::devHost(), Vec2{4, 4});
    auto const& constBuf = buf;
    auto sub = alpaka::createSubView(constBuf, Vec2{2, 2}, Vec2{2, 1});
    // Views are handles like std::span: constness of the handle does not make the memory read-only.
    sub[Vec2{1, 1}] = 33;
    CHECK(buf[Vec2{3, 2}] == 33);
    CHECK(alpaka::getPtrNative(sub) == &buf[Vec2{2, 1}]);
}

TEST_CASE("A sub-view keeps its buffer's memory alive", "[mem][subview]")
{
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, std::size_t>;
    alpaka::QueueCpuBlocking queue(memtest::devHost());

    auto sub = []
    {
        auto buf = alpaka::allocBuf<double, std::size_t>(memtest::devHost(), Vec2{5u, 6u});
        for(std::size_t k = 0; k < 30u; ++k)
            alpaka::getPtrNative(buf)[k] = static_cast<double>(k);
        return alpaka::createSubView(buf, Vec2{2u, 3u}, Vec2{3u, 2u});
    }(); // every handle of the buffer is gone; ASan reports a use-after-free below if the memory went with them

    CHECK(sub[Vec2{0u, 0u}] == 20.0);
    CHECK(sub[Vec2{1u, 2u}] == 28.0);
    auto nested = alpaka::createSubView(sub, Vec2{1u, 1u}, Vec2{1u, 1u});
    alpaka::fill(queue, sub, -1.0);
    CHECK(nested[Vec2{0u, 0u}] == -1.0);

    // A nested sub-view alone also holds the memory.
    auto onlyNested = [&]
    {
        auto parent = std::move(sub);
        return alpaka::createSubView(parent, Vec2{1u, 2u}, Vec2{1u, 0u});
    }();
    std::vector<double> host(2u);
    alpaka::memcpy(queue, alpaka::createView(memtest::devHost(), host, Vec2{1u, 2u}), onlyNested);
    CHECK(host == std::vector<double>{-1.0, -1.0});
}

TEST_CASE("Sub-views of views over caller-owned memory", "[mem][subview]")
{
    auto const dev = memtest::devHost();
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;

    // A pitched plain-pointer view: rows of 4 elements, 6 elements apart.
    std::vector<std::int16_t> storage(3u * 6u);
    for(std::size_t k = 0; k < storage.size(); ++k)
        storage[k] = static_cast<std::int16_t>(k);
    auto pitched = alpaka::createView(dev, storage.data(), Vec2{3, 4}, Vec2{12, 2});
    auto sub = alpaka::createSubView(pitched, Vec2{2, 2}, Vec2{1, 2});
    CHECK(alpaka::getPitchesInBytes(sub) == Vec2{12, 2});
    CHECK(alpaka::getPtrNative(sub) == storage.data() + 6 + 2);
    CHECK(sub[Vec2{1, 1}] == 15);

    // std::vector is a 1-D view, so it has sub-views too.
    std::vector<float> vec{0.0f, 1.0f, 2.0f, 3.0f, 4.0f};
    auto vecSub = alpaka::createSubView(
        vec, alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{2u}, alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{3u});
    CHECK(alpaka::getPtrNative(vecSub) == vec.data() + 3);
    CHECK(vecSub[std::size_t{1}] == 4.0f);
}
