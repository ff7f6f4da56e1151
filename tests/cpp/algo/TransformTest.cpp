// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// alpaka::transform<TTag> (upstream 2.1's alpaka/algo/Transform.hpp) on every enabled back-end: the pointer-range form
// and the view form (pitched buffers, sub-views), fn taking an element or the accelerator and an element, element
// types that differ, empty ranges, and the errors for mismatched extents and reversed ranges.

#include <alpaka/algo/Transform.hpp>
#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <stdexcept>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace
{
    struct TwiceXPlusOne
    {
        ALPAKA_FN_HOST_ACC auto operator()(float x) const -> float
        {
            return 2.0f * x + 1.0f;
        }
    };

    //! The accelerator form: adds the dimensionality of the accelerator, so that the test sees which form ran.
    struct PlusDim
    {
        template<typename TAcc>
        ALPAKA_FN_HOST_ACC auto operator()(TAcc const&, int x) const -> double
        {
            return static_cast<double>(x) + static_cast<double>(alpaka::Dim<TAcc>::value) + 0.5;
        }
    };

    template<typename TAcc>
    using AccTag = alpaka::AccToTag<TAcc>;

    template<typename TAcc>
    using NonBlockingQueue = alpaka::Queue<alpaka::Dev<TAcc>, alpaka::NonBlocking>;

    template<typename TAcc>
    auto devOf() -> alpaka::Dev<TAcc>
    {
        return alpaka::getDevByIdx(alpaka::Platform<alpaka::Dev<TAcc>>{}, 0);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("transformOverAPointerRange", "[algo][transform]", alpaka::test::TestAccs)
{
    using Tag = AccTag<TestType>;
    auto const dev = devOf<TestType>();
    NonBlockingQueue<TestType> queue(dev);
    constexpr std::ptrdiff_t n = 1000;

    std::vector<float> host(n);
    for(std::ptrdiff_t i = 0; i < n; ++i)
        host[static_cast<std::size_t>(i)] = static_cast<float>(i) - 300.0f;
    auto in = alpaka::allocBuf<float, std::ptrdiff_t>(dev, n);
    auto out = alpaka::allocBuf<float, std::ptrdiff_t>(dev, n);
    memtest::fromHost(queue, in, host);
    alpaka::memset(queue, out, 0);

    float* const outPtr = alpaka::getPtrNative(out);
    alpaka::transform<Tag>(queue, outPtr, outPtr + n, TwiceXPlusOne{}, alpaka::getPtrNative(in));
    auto const result = memtest::toHost(queue, out);
    for(std::ptrdiff_t i = 0; i < n; ++i)
        CHECK(result[static_cast<std::size_t>(i)] == 2.0f * host[static_cast<std::size_t>(i)] + 1.0f);

    SECTION("a part of the range, in place, with a lambda")
    {
        alpaka::transform<Tag>(
            queue,
            outPtr + 10,
            outPtr + 20,
            [] ALPAKA_FN_HOST_ACC(float x) { return -x; },
            static_cast<float const*>(outPtr + 10));
        auto const partly = memtest::toHost(queue, out);
        for(std::ptrdiff_t i = 0; i < n; ++i)
        {
            float const twice = 2.0f * host[static_cast<std::size_t>(i)] + 1.0f;
            CHECK(partly[static_cast<std::size_t>(i)] == (i >= 10 && i < 20 ? -twice : twice));
        }
    }
    SECTION("an empty range runs nothing")
    {
        alpaka::transform<Tag>(queue, outPtr, outPtr, TwiceXPlusOne{}, alpaka::getPtrNative(in));
        alpaka::wait(queue);
        CHECK(memtest::toHost(queue, out) == result);
    }
    SECTION("a range that ends before it begins is an error")
    {
        CHECK_THROWS_AS(
            alpaka::transform<Tag>(queue, outPtr + 5, outPtr, TwiceXPlusOne{}, alpaka::getPtrNative(in)),
            std::runtime_error);
        CHECK_THROWS_WITH(
            alpaka::transform<Tag>(queue, outPtr + 5, outPtr, TwiceXPlusOne{}, alpaka::getPtrNative(in)),
            memtest::contains("alpaka::transform: the output range ends before it begins"));
    }
}

TEMPLATE_LIST_TEST_CASE("transformOverViews", "[algo][transform]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Tag = AccTag<Acc>;
    if constexpr(Dim::value >= 1)
    {
        using Vec = alpaka::Vec<Dim, Idx>;
        auto const dev = devOf<Acc>();
        NonBlockingQueue<Acc> queue(dev);
        auto const extent = alpaka::test::extentBuf<Dim, Idx>;

        std::vector<int> host(static_cast<std::size_t>(extent.prod()));
        for(std::size_t i = 0; i < host.size(); ++i)
            host[i] = static_cast<int>(i * 7 % 101) - 50;
        auto in = alpaka::allocBuf<int, Idx>(dev, extent);
        auto out = alpaka::allocBuf<double, Idx>(dev, extent);
        memtest::fromHost(queue, in, host);

        SECTION("every element of pitched buffers, fn taking the accelerator")
        {
            alpaka::transform<Tag>(queue, out, PlusDim{}, in);
            auto const result = memtest::toHost(queue, out);
            for(std::size_t i = 0; i < host.size(); ++i)
                CHECK(result[i] == static_cast<double>(host[i]) + static_cast<double>(Dim::value) + 0.5);
        }
        SECTION("a sub-view into a sub-view; the rest untouched")
        {
            alpaka::memset(queue, out, 0);
            auto const subExtent = alpaka::test::extentSubView<Dim, Idx>;
            auto const offset = alpaka::test::offset<Dim, Idx>;
            auto outSub = alpaka::createSubView(out, subExtent, offset);
            auto const inSub = alpaka::createSubView(in, subExtent, offset);
            alpaka::transform<Tag>(queue, outSub, PlusDim{}, inSub);
            auto const result = memtest::toHost(queue, out);
            memtest::forEachIndex(
                extent,
                [&](Vec const& index)
                {
                    auto const i = memtest::linearIndex(index, extent);
                    double const expected = memtest::isInside(index, offset, subExtent)
                                                ? static_cast<double>(host[i]) + static_cast<double>(Dim::value) + 0.5
                                                : 0.0;
                    CHECK(result[i] == expected);
                });
        }
        SECTION("views of different extents are an error")
        {
            auto smaller = Vec::ones();
            auto wrong = alpaka::createSubView(out, smaller, Vec::zeros());
            CHECK_THROWS_AS(alpaka::transform<Tag>(queue, wrong, PlusDim{}, in), std::runtime_error);
            CHECK_THROWS_WITH(
                alpaka::transform<Tag>(queue, wrong, PlusDim{}, in),
                memtest::contains("alpaka::transform: the output view's extent"));
        }
    }
}
