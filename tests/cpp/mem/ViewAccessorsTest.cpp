// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Upstream 2.1's accessors of buffers and views: rank(), size(), extent(i), extents() on every kind of view and
// device; begin()/end()/cbegin()/cend(), range-for and the conversion to std::span for 1-D host views.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <numeric>
#include <span>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    template<typename T>
    concept HasBegin = requires(T& t) { t.begin(); };

    template<typename TView>
    void checkShape(TView const& view)
    {
        using Dim = alpaka::Dim<TView>;
        using Idx = alpaka::Idx<TView>;
        auto const extent = alpaka::getExtents(view);
        STATIC_REQUIRE(std::is_same_v<decltype(view.rank()), Idx>);
        CHECK(view.rank() == static_cast<Idx>(Dim::value));
        CHECK(view.extents() == extent);
        CHECK(view.size() == extent.prod());
        for(std::size_t i = 0; i != Dim::value; ++i)
            CHECK(view.extent(static_cast<Idx>(i)) == extent[i]);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("viewsReportTheirShape", "[mem][view]", alpaka::test::TestAccs)
{
    using Dim = alpaka::Dim<TestType>;
    using Idx = alpaka::Idx<TestType>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<alpaka::Dev<TestType>>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<float, Idx>(dev, extent);
    checkShape(buf);
    checkShape(alpaka::ViewConst(buf));
    if constexpr(Dim::value > 0)
        checkShape(alpaka::createSubView(buf, alpaka::test::extentSubView<Dim, Idx>, alpaka::test::offset<Dim, Idx>));
    checkShape(alpaka::createView(dev, alpaka::getPtrNative(buf), extent));
}

TEST_CASE("oneDimensionalHostViewsAreRanges", "[mem][view]")
{
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto buf = alpaka::allocBuf<int, std::size_t>(host, std::size_t{10});
    std::iota(buf.begin(), buf.end(), 1);
    int sum = 0;
    for(int const x : buf)
        sum += x;
    CHECK(sum == 55);
    CHECK(buf.end() - buf.begin() == 10);
    STATIC_REQUIRE(std::is_same_v<decltype(buf.cbegin()), int const*>);
    CHECK(buf.cend() - buf.cbegin() == 10);

    std::span<int> const span = buf;
    CHECK(span.size() == 10u);
    CHECK(span.data() == buf.data());
    span[3] = 40;
    CHECK(buf[3] == 40);

    auto const& constBuf = buf;
    std::span<int const> const constSpan = constBuf;
    CHECK(constSpan[3] == 40);
    STATIC_REQUIRE(std::is_convertible_v<decltype(buf), std::span<int const>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<decltype(constBuf), std::span<int>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<decltype(buf), std::span<float>>);

    // A sub-view is contiguous in 1-D: its range starts at its offset.
    auto sub = alpaka::createSubView(buf, std::size_t{4}, std::size_t{2});
    std::vector<int> const seen(sub.begin(), sub.end());
    CHECK(seen == std::vector<int>{3, 40, 5, 6});
    std::span<int> const subSpan = sub;
    CHECK(subSpan.data() == buf.data() + 2);

    // The elements of a ViewConst are const: only a span of const elements.
    auto const readOnly = alpaka::ViewConst(buf);
    STATIC_REQUIRE(std::is_convertible_v<decltype(readOnly), std::span<int const>>);
    STATIC_REQUIRE_FALSE(std::is_convertible_v<decltype(readOnly), std::span<int>>);

    // Views of more dimensions are not ranges (their rows may be padded).
    auto buf2 = alpaka::allocBuf<int, std::size_t>(host, alpaka::Vec<alpaka::DimInt<2>, std::size_t>{3u, 5u});
    STATIC_REQUIRE_FALSE(std::is_convertible_v<decltype(buf2), std::span<int>>);
    STATIC_REQUIRE_FALSE(HasBegin<decltype(buf2)>);
    CHECK(buf2.size() == 15u);
}
