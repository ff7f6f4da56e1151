// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The CPU platform: one device, found by index; an index out of range is an error that names the index.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstddef>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

TEST_CASE("platformCpuHasOneDevice", "[dev]")
{
    alpaka::PlatformCpu const platform{};
    CHECK(alpaka::getDevCount(platform) == 1u);

    auto const dev = alpaka::getDevByIdx(platform, 0);
    auto const devs = alpaka::getDevs(platform);
    REQUIRE(devs.size() == 1u);
    CHECK(devs[0] == dev);

    // A second platform object describes the same hardware.
    alpaka::PlatformCpu const otherPlatform{};
    CHECK(otherPlatform == platform);
    CHECK(alpaka::getDevByIdx(otherPlatform, 0) == dev);
}

TEST_CASE("getDevByIdxOutOfRangeNamesTheIndex", "[dev]")
{
    alpaka::PlatformCpu const platform{};
    auto const count = alpaka::getDevCount(platform);

    for(std::size_t const idx : {count, count + 1u, std::size_t{42}, std::numeric_limits<std::size_t>::max()})
    {
        INFO("index " << idx);
        auto const message
            = alpaka_test::runtimeErrorMessage([&] { std::ignore = alpaka::getDevByIdx(platform, idx); });
        CHECK_THAT(message, alpaka_test::containsSubstring(std::to_string(idx)));
        CHECK_THAT(message, alpaka_test::containsSubstring("index"));
    }

    // The failed look-ups did not disturb the platform.
    CHECK(alpaka::getDevCount(platform) == count);
    CHECK_NOTHROW(std::ignore = alpaka::getDevByIdx(platform, 0));
}

TEST_CASE("devCpuHandlesAreEqual", "[dev]")
{
    alpaka::PlatformCpu const platform{};
    auto const dev0 = alpaka::getDevByIdx(platform, 0);
    auto const dev1 = alpaka::getDevByIdx(platform, 0);
    auto const copy = dev0;
    CHECK(dev0 == dev1);
    CHECK_FALSE(dev0 != dev1);
    CHECK(copy == dev0);

    auto moved = alpaka::DevCpu(copy);
    auto const movedTo = std::move(moved);
    CHECK(movedTo == dev0);
}

TEST_CASE("devCpuTypeTraits", "[dev]")
{
    STATIC_REQUIRE(alpaka::isPlatform<alpaka::PlatformCpu>);
    STATIC_REQUIRE(alpaka::isDevice<alpaka::DevCpu>);
    STATIC_REQUIRE_FALSE(alpaka::isDevice<alpaka::PlatformCpu>);
    STATIC_REQUIRE_FALSE(alpaka::isPlatform<alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::PlatformCpu>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::DevCpu>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Platform<alpaka::DevCpu>, alpaka::PlatformCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Platform<alpaka::PlatformCpu>, alpaka::PlatformCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::DevHost, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<alpaka::DevCpu, alpaka::Blocking>, alpaka::QueueCpuBlocking>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<alpaka::DevCpu, alpaka::NonBlocking>, alpaka::QueueCpuNonBlocking>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::QueueCpuBlocking>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::QueueCpuNonBlocking>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::EventCpu>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0)), alpaka::DevCpu>);
}

TEMPLATE_LIST_TEST_CASE("accDevAndPlatformTypeTraits", "[dev]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dev = alpaka::Dev<Acc>;
    using Platform = alpaka::Platform<Acc>;

    STATIC_REQUIRE(alpaka::isDevice<Dev>);
    STATIC_REQUIRE(alpaka::isPlatform<Platform>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Platform>, Dev>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Platform<Dev>, Platform>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::Queue<Acc, alpaka::Blocking>>, Dev>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<alpaka::Queue<Acc, alpaka::NonBlocking>>, Dev>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<Acc, alpaka::Blocking>, alpaka::Queue<Dev, alpaka::Blocking>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<Acc, alpaka::NonBlocking>, alpaka::Queue<Dev, alpaka::NonBlocking>>);

    Platform const platform{};
    REQUIRE(alpaka::getDevCount(platform) >= 1u);
    auto const dev = alpaka::getDevByIdx(platform, 0);
    STATIC_REQUIRE(std::is_same_v<std::remove_cvref_t<decltype(dev)>, Dev>);
    CHECK(alpaka::getDevs(platform).size() == alpaka::getDevCount(platform));
}

TEMPLATE_LIST_TEST_CASE("getDevOfQueuesEventsAndBuffers", "[dev]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto const& dev = fixture.m_dev;
    using Queue = typename alpaka::test::QueueTestFixture<TestType>::Queue;

    CHECK(alpaka::getDev(fixture.m_queue) == dev);
    alpaka::Event<Queue> const event(dev);
    CHECK(alpaka::getDev(event) == dev);
    auto const buf = alpaka::allocBuf<int, std::size_t>(dev, std::size_t{4});
    CHECK(alpaka::getDev(buf) == dev);
}
