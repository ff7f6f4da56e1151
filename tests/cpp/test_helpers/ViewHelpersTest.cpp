// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// test::begin/end iterate a view in row-major order through its pitches; testViewImmutable/testViewMutable,
// verifyBytesSet and verifyViewsEqual pass on correct views and their kernels detect a wrong byte or element.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/mem/view/Iterator.hpp>
#include <alpaka/test/mem/view/ViewTest.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Elem = float;

    //! The row-major index of every element of a sub-view of extent subExtent at offsets in a parent of extent
    //! parentExtent whose elements hold their own parent row-major index.
    template<typename TVec>
    auto expectedSubViewValues(TVec const& parentExtent, TVec const& subExtent, TVec const& offsets)
    {
        constexpr std::size_t dim = alpaka::Dim<TVec>::value;
        std::vector<Elem> expected;
        std::size_t const count = static_cast<std::size_t>(subExtent.prod());
        for(std::size_t linear = 0; linear < count; ++linear)
        {
            std::size_t rest = linear;
            std::size_t parentLinear = 0;
            std::size_t stride = 1;
            for(std::size_t d = dim; d-- > 0;)
            {
                auto const coord = rest % static_cast<std::size_t>(subExtent[d]);
                rest /= static_cast<std::size_t>(subExtent[d]);
                parentLinear += (coord + static_cast<std::size_t>(offsets[d])) * stride;
                stride *= static_cast<std::size_t>(parentExtent[d]);
            }
            expected.push_back(static_cast<Elem>(parentLinear));
        }
        return expected;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "test::begin/end iterate a host view through its pitches", "[test_helpers]", alpaka::test::TestAccs)
{
    using Dim = alpaka::Dim<TestType>;
    using Idx = alpaka::Idx<TestType>;
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuBlocking queue(devHost);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<Elem, Idx>(devHost, extent);
    alpaka::test::iotaFillView(queue, buf);

    std::vector<Elem> const all(alpaka::test::begin(buf), alpaka::test::end(buf));
    REQUIRE(all.size() == static_cast<std::size_t>(extent.prod()));
    for(std::size_t i = 0; i < all.size(); ++i)
        CHECK(all[i] == static_cast<Elem>(i));

    // Through a const view the elements are const.
    auto const& constBuf = buf;
    static_assert(std::is_same_v<decltype(*alpaka::test::begin(constBuf)), Elem const&>);
    CHECK(
        static_cast<std::size_t>(std::distance(alpaka::test::begin(constBuf), alpaka::test::end(constBuf)))
        == all.size());

    if constexpr(Dim::value > 0)
    {
        // A sub-view's rows are not contiguous: the iterator must step over the gaps.
        auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
        auto const offsets = alpaka::test::offset<Dim, Idx>;
        auto sub = alpaka::createSubView(buf, subExtent, offsets);
        std::vector<Elem> const inSub(alpaka::test::begin(sub), alpaka::test::end(sub));
        CHECK(inSub == expectedSubViewValues(extent, subExtent, offsets));

        // Writing through the iterator writes the view.
        for(auto it = alpaka::test::begin(sub); it != alpaka::test::end(sub); ++it)
            *it = Elem{-1};
        std::size_t minusOnes = 0;
        for(auto it = alpaka::test::begin(buf); it != alpaka::test::end(buf); it++)
            minusOnes += (*it == Elem{-1}) ? 1u : 0u;
        CHECK(minusOnes == static_cast<std::size_t>(subExtent.prod()));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "testViewImmutable and testViewMutable pass for buffers and sub-views", "[test_helpers]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::test::DefaultQueue<alpaka::Dev<Acc>> queue(dev);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    auto buf = alpaka::allocBuf<Elem, Idx>(dev, extent);

    auto const& constBuf = buf;
    alpaka::test::testViewImmutable<Elem>(constBuf, dev, extent, Vec::zeros());
    alpaka::test::testViewMutable<Acc>(queue, buf);

    if constexpr(Dim::value > 0)
    {
        auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
        auto const offsets = alpaka::test::offset<Dim, Idx>;
        auto sub = alpaka::createSubView(buf, subExtent, offsets);
        auto const& constSub = sub;
        alpaka::test::testViewImmutable<Elem>(constSub, dev, subExtent, offsets);
        alpaka::test::testViewMutable<Acc>(queue, sub);
    }
}

TEMPLATE_LIST_TEST_CASE(
    "the verify kernels detect a wrong byte and a wrong element", "[test_helpers]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::test::DefaultQueue<alpaka::Dev<Acc>> queue(dev);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    // All bytes 42 but those of the first element.
    auto bytes = alpaka::allocBuf<Elem, Idx>(dev, extent);
    alpaka::memset(queue, bytes, std::uint8_t{42});
    alpaka::memset(queue, bytes, std::uint8_t{7}, Vec::ones());
    alpaka::wait(queue);
    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::ones());
    CHECK_FALSE(fixture(
        alpaka::test::VerifyBytesSetKernel{}, alpaka::test::begin(bytes), alpaka::test::end(bytes), std::uint8_t{42}));
    CHECK(alpaka::test::bytesAllEqual(queue, bytes, 42) == false);

    // Equal but for the last element.
    auto a = alpaka::allocBuf<Elem, Idx>(dev, extent);
    auto b = alpaka::allocBuf<Elem, Idx>(dev, extent);
    alpaka::test::iotaFillView(queue, a);
    alpaka::memcpy(queue, b, a);
    alpaka::wait(queue);
    alpaka::test::verifyViewsEqual<Acc>(a, b);
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
    for(std::size_t i = 0; i < host.size(); ++i)
        host[i] = static_cast<Elem>(i);
    host.back() = Elem{-1};
    alpaka::memcpy(queue, b, alpaka::createView(devHost, host.data(), extent));
    alpaka::wait(queue);
    CHECK_FALSE(fixture(
        alpaka::test::VerifyViewsEqualKernel{},
        alpaka::test::begin(std::as_const(a)),
        alpaka::test::end(std::as_const(a)),
        alpaka::test::begin(std::as_const(b))));
    CHECK_FALSE(alpaka::test::viewsEqual(queue, a, b));
}
