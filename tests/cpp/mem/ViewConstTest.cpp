// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// ViewConst: the same memory, read-only. Reads and copies out of it work; that copies into it do not compile is
// checked by tests/cpp/compile_fail/memcpy_const_destination.cpp.

#include <alpaka/test/Extent.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "alpaka_test/Mem.hpp"

TEST_CASE("ViewConst makes the element type const and forwards everything else", "[mem][view][const]")
{
    auto const dev = memtest::devHost();
    using Dim = alpaka::DimInt<2u>;
    using Vec2 = alpaka::Vec<Dim, int>;
    auto buf = alpaka::allocBuf<float, int>(dev, Vec2{3, 4});
    for(int k = 0; k < 12; ++k)
        alpaka::getPtrNative(buf)[k] = static_cast<float>(k);

    alpaka::ViewConst view(buf); // CTAD
    using View = decltype(view);
    STATIC_REQUIRE(std::is_same_v<View, alpaka::ViewConst<alpaka::BufCpu<float, Dim, int>>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Elem<View>, float const>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<View>, Dim>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<View>, int>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<View>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::getPtrNative(view)), float const*>);
    STATIC_REQUIRE(std::is_same_v<decltype(view[Vec2{0, 0}]), float const&>);
    STATIC_REQUIRE(alpaka::isView<View>);

    CHECK(alpaka::getExtents(view) == Vec2{3, 4});
    CHECK(alpaka::getPitchesInBytes(view) == alpaka::getPitchesInBytes(buf));
    CHECK(alpaka::getDev(view) == dev);
    CHECK(alpaka::getPtrNative(view) == alpaka::getPtrNative(buf));
    CHECK(view.data() == alpaka::getPtrNative(buf));
    CHECK(view[Vec2{2, 3}] == 11.0f);
    CHECK(view.at(Vec2{1, 0}) == 4.0f);

    // Writes through the buffer are seen through the const view: it is the same memory, not a snapshot.
    buf[Vec2{0, 1}] = 100.0f;
    CHECK(view[Vec2{0, 1}] == 100.0f);

    // A const view of a temporary view (the rvalue constructor) and of a sub-view.
    alpaka::ViewConst fromTemporary(alpaka::createView(dev, alpaka::getPtrNative(buf), Vec2{3, 4}));
    CHECK(fromTemporary[Vec2{2, 2}] == 10.0f);
    auto sub = alpaka::createSubView(buf, Vec2{2, 2}, Vec2{1, 1});
    alpaka::ViewConst constSub(sub);
    CHECK(alpaka::getOffsets(constSub) == Vec2{1, 1});
    CHECK(constSub[Vec2{0, 0}] == 5.0f);
}

TEMPLATE_LIST_TEST_CASE("A ViewConst is a memcpy source", "[mem][view][const]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture f;
    using Vec1 = alpaka::Vec<alpaka::DimInt<1u>, std::size_t>;
    auto src = alpaka::allocBuf<double, std::size_t>(f.m_dev, Vec1{6u});
    alpaka::fill(f.m_queue, src, 2.5);
    auto dst = alpaka::allocBuf<double, std::size_t>(f.m_dev, Vec1{6u});

    alpaka::ViewConst const constSrc(src);
    alpaka::memcpy(f.m_queue, dst, constSrc);
    CHECK(memtest::toHost(f.m_queue, dst) == std::vector<double>(6u, 2.5));
}

namespace
{
    //! A read-only buffer holding values whose mutable handles are gone when it is returned.
    template<typename TConst, typename TQueue, typename TDev, typename TExtent>
    auto readOnlyBuffer(TQueue& queue, TDev const& dev, TExtent const& extent, std::vector<int>& values) -> TConst
    {
        auto buf = alpaka::allocBuf<int, alpaka::Idx<TExtent>>(dev, extent);
        memtest::fromHost(queue, buf, values);
        TConst const converted = buf; // implicitly, as upstream's buffers
        auto made = alpaka::makeConstBuf(std::move(buf));
        STATIC_REQUIRE(std::is_same_v<decltype(made), TConst>);
        STATIC_REQUIRE(std::is_same_v<decltype(alpaka::makeConstBuf(made)), TConst>);
        CHECK(alpaka::getPtrNative(converted) == alpaka::getPtrNative(made));
        return made;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "ConstBuf and makeConstBuf: read-only buffers sharing ownership", "[mem][const]", memtest::QueuesDimsIdxs)
{
    using Fixture = alpaka::test::QueueTestFixture<memtest::At<TestType, 0>>;
    using Dim = memtest::At<TestType, 1>;
    using Idx = memtest::At<TestType, 2>;
    using Dev = typename Fixture::Dev;
    Fixture f;
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    using Const = alpaka::ConstBuf<Dev, int, Dim, Idx>;
    STATIC_REQUIRE(std::is_same_v<alpaka::Elem<Const>, int const>);
    STATIC_REQUIRE(std::is_same_v<Const, alpaka::ViewConst<alpaka::Buf<Dev, int, Dim, Idx>>>);

    std::vector<int> values(static_cast<std::size_t>(extent.prod()));
    for(std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<int>(i) * 3 - 7;
    auto const readOnly = readOnlyBuffer<Const>(f.m_queue, f.m_dev, extent, values);
    // The mutable handles are gone: the read-only one keeps the memory alive.
    CHECK(memtest::toHost(f.m_queue, readOnly) == values);
    CHECK(readOnly.size() == extent.prod());
}
