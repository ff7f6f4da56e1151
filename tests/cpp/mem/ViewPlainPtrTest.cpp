// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Views over memory the caller owns: createView(dev, ptr, extent) is dense, createView(dev, ptr, extent, pitches)
// describes padded rows, and ViewPlainPtr's own constructors take the pointer first.

#include <alpaka/test/Extent.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "alpaka_test/Mem.hpp"

TEMPLATE_LIST_TEST_CASE("createView over a pointer is dense", "[mem][view]", memtest::DimsIdxs)
{
    using Dim = memtest::At<TestType, 0>;
    using Idx = memtest::At<TestType, 1>;
    auto const dev = memtest::devHost();
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    std::vector<double> storage(static_cast<std::size_t>(extent.prod()));

    auto view = alpaka::createView(dev, storage.data(), extent);
    STATIC_REQUIRE(std::is_same_v<decltype(view), alpaka::ViewPlainPtr<alpaka::DevCpu, double, Dim, Idx>>);
    STATIC_REQUIRE(alpaka::isView<decltype(view)>);
    CHECK(alpaka::getExtents(view) == extent);
    CHECK(alpaka::getOffsets(view) == alpaka::Vec<Dim, Idx>::zeros());
    CHECK(alpaka::getDev(view) == dev);
    CHECK(alpaka::getPtrNative(view) == storage.data());
    CHECK(view.data() == storage.data());

    // Dense: pitch of dimension i = product of the faster extents times the element size.
    auto const pitches = alpaka::getPitchesInBytes(view);
    std::size_t expected = sizeof(double);
    for(std::size_t i = Dim::value; i-- > 0;)
    {
        CHECK(static_cast<std::size_t>(pitches[i]) == expected);
        expected *= static_cast<std::size_t>(extent[i]);
    }

    // The view writes through to the caller's memory in row-major order.
    memtest::forEachIndex(
        extent, [&](auto const& index) { view[index] = static_cast<double>(memtest::linearIndex(index, extent)); });
    for(std::size_t k = 0; k < storage.size(); ++k)
        CHECK(storage[k] == static_cast<double>(k));
}

TEST_CASE("createView with pitches describes padded rows", "[mem][view]")
{
    auto const dev = memtest::devHost();
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    // 3 rows of 5 floats, each row padded to 8 floats (32 bytes).
    std::vector<float> storage(3u * 8u, -1.0f);
    Vec2 const extent{3, 5};
    Vec2 const pitches{32, 4};

    auto view = alpaka::createView(dev, storage.data(), extent, pitches);
    STATIC_REQUIRE(
        std::is_same_v<decltype(view), alpaka::ViewPlainPtr<alpaka::DevCpu, float, alpaka::DimInt<2u>, int>>);
    CHECK(alpaka::getExtents(view) == extent);
    CHECK(alpaka::getPitchesInBytes(view) == pitches);
    CHECK(alpaka::getPitchBytes<1>(view) == 32);
    CHECK(alpaka::getPitchBytes<2>(view) == 4);
    CHECK(alpaka::getPitchBytes<0>(view) == 96);

    for(int y = 0; y < 3; ++y)
        for(int x = 0; x < 5; ++x)
            view[Vec2{y, x}] = static_cast<float>(10 * y + x);
    for(int y = 0; y < 3; ++y)
        for(int x = 0; x < 8; ++x)
            CHECK(storage[static_cast<std::size_t>(8 * y + x)] == (x < 5 ? static_cast<float>(10 * y + x) : -1.0f));

    // Copying into a dense buffer drops the padding.
    alpaka::QueueCpuBlocking queue(dev);
    auto dense = alpaka::allocBuf<float, int>(dev, extent);
    alpaka::memcpy(queue, dense, view);
    for(int k = 0; k < 15; ++k)
        CHECK(alpaka::getPtrNative(dense)[k] == static_cast<float>(10 * (k / 5) + k % 5));
}

TEST_CASE("ViewPlainPtr's constructors take the pointer, the device, the extent and optional pitches", "[mem][view]")
{
    auto const dev = memtest::devHost();
    using Dim = alpaka::DimInt<2u>;
    using Vec2 = alpaka::Vec<Dim, std::size_t>;
    std::vector<std::int16_t> storage(4u * 6u);

    alpaka::ViewPlainPtr<alpaka::DevCpu, std::int16_t, Dim, std::size_t> dense(storage.data(), dev, Vec2{4u, 6u});
    CHECK(alpaka::getExtents(dense) == Vec2{4u, 6u});
    CHECK(alpaka::getPitchesInBytes(dense) == Vec2{12u, 2u});
    CHECK(alpaka::getPtrNative(dense) == storage.data());
    CHECK(alpaka::getDev(dense) == dev);

    // The same memory seen as 4 rows of 3 elements, every other row skipped.
    alpaka::ViewPlainPtr<alpaka::DevCpu, std::int16_t, Dim, std::size_t> pitched(
        storage.data(), dev, Vec2{2u, 3u}, Vec2{24u, 2u});
    CHECK(alpaka::getExtents(pitched) == Vec2{2u, 3u});
    CHECK(alpaka::getPitchesInBytes(pitched) == Vec2{24u, 2u});
    pitched[Vec2{1u, 2u}] = 77;
    CHECK(storage[2u * 6u + 2u] == 77);

    // Views are cheap handles: a copy refers to the same memory.
    auto copy = pitched;
    CHECK(alpaka::getPtrNative(copy) == storage.data());
    CHECK(copy[Vec2{1u, 2u}] == 77);
}

TEST_CASE("createView accepts a plain integer as a 1-D extent", "[mem][view]")
{
    auto const dev = memtest::devHost();
    int storage[7] = {};
    auto view = alpaka::createView(dev, storage, 7);
    STATIC_REQUIRE(std::is_same_v<decltype(view), alpaka::ViewPlainPtr<alpaka::DevCpu, int, alpaka::DimInt<1u>, int>>);
    CHECK(alpaka::getExtents(view)[0] == 7);
    view[6] = 5;
    CHECK(storage[6] == 5);
}
