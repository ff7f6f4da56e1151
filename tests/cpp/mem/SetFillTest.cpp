// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// memset (bytes) and fill (values) on every queue kind for Dims 0..4: the whole view, a partial extent, an offset
// sub-view and the createTask forms, with the elements outside the region checked to be untouched; fill for several
// trivially copyable element types and for pitched views.

#include <alpaka/test/Extent.hpp>

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace
{
    //! Counts elements of host (a dense copy of a view of extent) that are not inside (value in [offset, offset +
    //! region)) or outside.
    template<typename TElem, typename TVec>
    auto countWrong(
        std::vector<TElem> const& host,
        TVec const& extent,
        TVec const& offset,
        TVec const& region,
        TElem const& inside,
        TElem const& outside) -> std::size_t
    {
        std::size_t wrong = 0;
        memtest::forEachIndex(
            extent,
            [&](TVec const& index)
            {
                TElem const& expected = memtest::isInside(index, offset, region) ? inside : outside;
                if(!(host[memtest::linearIndex(index, extent)] == expected))
                    ++wrong;
            });
        return wrong;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("memset sets every byte of the requested region", "[mem][memset]", memtest::QueuesDimsIdxs)
{
    using Fixture = alpaka::test::QueueTestFixture<memtest::At<TestType, 0>>;
    using Dim = memtest::At<TestType, 1>;
    using Idx = memtest::At<TestType, 2>;
    using Vec = alpaka::Vec<Dim, Idx>;
    Fixture f;
    auto& queue = f.m_queue;
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
    auto const offsets = alpaka::test::offset<Dim, Idx>;
    auto const zeros = Vec::zeros();

    auto buf = alpaka::allocBuf<std::uint32_t, Idx>(f.m_dev, extent);
    alpaka::memset(queue, buf, 0u);

    SECTION("the whole view")
    {
        alpaka::memset(queue, buf, 0xabu);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, zeros, extent, 0xababababu, 0u) == 0u);
    }
    SECTION("a partial extent")
    {
        alpaka::memset(queue, buf, 0x5au, subExtent);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, zeros, subExtent, 0x5a5a5a5au, 0u) == 0u);
    }
    SECTION("an offset sub-view")
    {
        alpaka::memset(queue, alpaka::createSubView(buf, subExtent, offsets), 0x11u);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, offsets, subExtent, 0x11111111u, 0u) == 0u);
    }
    SECTION("createTaskMemset and enqueue")
    {
        auto sub = alpaka::createSubView(buf, subExtent, offsets);
        auto const part = Vec([&](auto i) { return static_cast<Idx>(subExtent[i.value] - i.value % 2u); });
        alpaka::enqueue(queue, alpaka::createTaskMemset(sub, 0xffu, part));
        CHECK(countWrong(memtest::toHost(queue, buf), extent, offsets, part, 0xffffffffu, 0u) == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("fill assigns the value to the requested region", "[mem][fill]", memtest::QueuesDimsIdxs)
{
    using Fixture = alpaka::test::QueueTestFixture<memtest::At<TestType, 0>>;
    using Dim = memtest::At<TestType, 1>;
    using Idx = memtest::At<TestType, 2>;
    using Vec = alpaka::Vec<Dim, Idx>;
    Fixture f;
    auto& queue = f.m_queue;
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
    auto const offsets = alpaka::test::offset<Dim, Idx>;
    auto const zeros = Vec::zeros();

    auto buf = alpaka::allocBuf<float, Idx>(f.m_dev, extent);
    alpaka::fill(queue, buf, -1.0f);

    SECTION("the whole view")
    {
        alpaka::fill(queue, buf, 1.25f);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, zeros, extent, 1.25f, 1.25f) == 0u);
    }
    SECTION("a partial extent")
    {
        alpaka::fill(queue, buf, 2.5f, subExtent);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, zeros, subExtent, 2.5f, -1.0f) == 0u);
    }
    SECTION("an offset sub-view")
    {
        alpaka::fill(queue, alpaka::createSubView(buf, subExtent, offsets), 3.5f);
        CHECK(countWrong(memtest::toHost(queue, buf), extent, offsets, subExtent, 3.5f, -1.0f) == 0u);
    }
    SECTION("createTaskFill and enqueue")
    {
        auto sub = alpaka::createSubView(buf, subExtent, offsets);
        auto const part = Vec([&](auto i) { return static_cast<Idx>(subExtent[i.value] - i.value % 2u); });
        alpaka::enqueue(queue, alpaka::createTaskFill(sub, 4.5f, part));
        CHECK(countWrong(memtest::toHost(queue, buf), extent, offsets, part, 4.5f, -1.0f) == 0u);
    }
}

namespace
{
    //! A trivially copyable aggregate with members of different sizes.
    struct Particle
    {
        double position;
        float charge;
        std::int16_t species;

        auto operator==(Particle const&) const -> bool = default;
    };

    template<typename TElem>
    struct FillValues;

    template<>
    struct FillValues<float>
    {
        static constexpr float before = -1.0f;
        static constexpr float value = 0.1f;
    };

    template<>
    struct FillValues<double>
    {
        static constexpr double before = -1.0;
        static constexpr double value = 1e300;
    };

    template<>
    struct FillValues<int>
    {
        static constexpr int before = -1;
        static constexpr int value = 0x12345678;
    };

    template<>
    struct FillValues<Particle>
    {
        static constexpr Particle before{-1.0, -1.0f, -1};
        static constexpr Particle value{2.5, -0.5f, 7};
    };

    using FillElems = std::tuple<float, double, int, Particle>;
    using QueuesFillElems = alpaka::meta::CartesianProduct<std::tuple, alpaka::test::TestQueues, FillElems>;
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "fill works for trivially copyable element types and pitched views", "[mem][fill]", QueuesFillElems)
{
    using Fixture = alpaka::test::QueueTestFixture<memtest::At<TestType, 0>>;
    using Elem = memtest::At<TestType, 1>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, std::size_t>;
    Fixture f;
    auto& queue = f.m_queue;
    Vec2 const extent{4u, 7u};

    auto buf = alpaka::allocBuf<Elem, std::size_t>(f.m_dev, extent);
    alpaka::fill(queue, buf, FillValues<Elem>::before);
    alpaka::fill(queue, buf, FillValues<Elem>::value);
    CHECK(
        countWrong(
            memtest::toHost(queue, buf), extent, Vec2{0u, 0u}, extent, FillValues<Elem>::value, FillValues<Elem>::value)
        == 0u);

    // The left 5 columns as a pitched view: the two padding columns keep their value.
    alpaka::fill(queue, buf, FillValues<Elem>::before);
    Vec2 const region{4u, 5u};
    auto pitched = alpaka::createView(f.m_dev, alpaka::getPtrNative(buf), region, alpaka::getPitchesInBytes(buf));
    alpaka::fill(queue, pitched, FillValues<Elem>::value);
    CHECK(
        countWrong(
            memtest::toHost(queue, buf),
            extent,
            Vec2{0u, 0u},
            region,
            FillValues<Elem>::value,
            FillValues<Elem>::before)
        == 0u);
}
