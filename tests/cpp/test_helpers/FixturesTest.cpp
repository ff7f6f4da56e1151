// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// KernelExecutionFixture brings ALPAKA_CHECK with it (this file includes no Check.hpp), QueueTestFixture,
// measureRunTimeMs/measureTaskRunTimeMs, NonZeroTestDims, EnabledAccs and upstream's CreateVecWithIdx generators.

#include <alpaka/test/Extent.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/MeasureKernelRunTime.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/dim/TestDims.hpp>
#include <alpaka/test/idx/TestIdxs.hpp>
#include <alpaka/test/queue/QueueTestFixture.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    //! Checks that the thread index lies inside the grid, and that value equals expected.
    struct CheckingKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success, std::int32_t value, std::int32_t expected) const
        {
            auto const gridThreadIdx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
            auto const gridThreadExtent = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc);
            for(std::size_t i = 0; i != alpaka::Dim<TAcc>::value; ++i)
                ALPAKA_CHECK(*success, gridThreadIdx[i] < gridThreadExtent[i]);
            ALPAKA_CHECK(*success, value == expected);
        }
    };

    //! Sets *flag to 1.
    struct SetFlagKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& /* acc */, std::int32_t* flag) const
        {
            *flag = 1;
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("KernelExecutionFixture reports ALPAKA_CHECK", "[test_helpers]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, alpaka::Idx<Acc>>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::all(2));
    CHECK(fixture(CheckingKernel{}, 3, 3));
    // One thread: the failed check prints once.
    alpaka::test::KernelExecutionFixture<Acc> single(Vec::ones());
    CHECK_FALSE(single(CheckingKernel{}, 3, 4));
}

TEMPLATE_LIST_TEST_CASE("measureTaskRunTimeMs runs the task and times it", "[test_helpers]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::test::DefaultQueue<alpaka::Dev<Acc>> queue(dev);
    auto flag = alpaka::allocBuf<std::int32_t, Idx>(dev, Idx{1});
    alpaka::memset(queue, flag, std::uint8_t{0});
    auto const workDiv = alpaka::WorkDivMembers<alpaka::Dim<Acc>, Idx>(Vec::ones(), Vec::ones(), Vec::ones());
    auto const task = alpaka::createTaskKernel<Acc>(workDiv, SetFlagKernel{}, alpaka::getPtrNative(flag));

    auto const ms = alpaka::test::integ::measureTaskRunTimeMs(queue, task);
    CHECK(ms >= 0);
    CHECK(alpaka::empty(queue));
    auto host = alpaka::allocBuf<std::int32_t, Idx>(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), Idx{1});
    alpaka::memcpy(queue, host, flag);
    alpaka::wait(queue);
    CHECK(*alpaka::getPtrNative(host) == 1);
}

TEST_CASE("measureRunTimeMs and measureTaskRunTimeMs measure wall-clock milliseconds", "[test_helpers]")
{
    using namespace std::chrono_literals;
    CHECK(alpaka::test::integ::measureRunTimeMs([] { std::this_thread::sleep_for(30ms); }) >= 30);

    alpaka::test::QueueTestFixture<std::tuple<alpaka::DevCpu, alpaka::QueueCpuNonBlocking>> fixture;
    CHECK(alpaka::test::integ::measureTaskRunTimeMs(fixture.m_queue, [] { std::this_thread::sleep_for(30ms); }) >= 30);

    // Work enqueued before the task is waited for first and not counted.
    std::atomic<bool> earlierDone{false};
    alpaka::enqueue(
        fixture.m_queue,
        [&earlierDone]
        {
            std::this_thread::sleep_for(300ms);
            earlierDone = true;
        });
    auto const ms = alpaka::test::integ::measureTaskRunTimeMs(fixture.m_queue, [] {});
    CHECK(earlierDone);
    CHECK(ms < 300);
}

TEMPLATE_LIST_TEST_CASE(
    "QueueTestFixture holds the first device and a queue on it", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    static_assert(std::is_same_v<typename Fixture::Dev, std::tuple_element_t<0, TestType>>);
    static_assert(std::is_same_v<typename Fixture::Queue, std::tuple_element_t<1, TestType>>);
    static_assert(std::is_same_v<typename Fixture::Platform, alpaka::Platform<typename Fixture::Dev>>);
    Fixture fixture;
    CHECK(fixture.m_dev == alpaka::getDevByIdx(fixture.m_platform, 0));
    CHECK(alpaka::getDev(fixture.m_queue) == fixture.m_dev);
}

TEST_CASE("NonZeroTestDims is TestDims without DimInt<0>", "[test_helpers]")
{
    using alpaka::DimInt;
    static_assert(std::is_same_v<alpaka::test::NonZeroTestDims, std::tuple<DimInt<1u>, DimInt<2u>, DimInt<3u>>>);
    static_assert(!alpaka::meta::NonZero<DimInt<0u>>::value);
    static_assert(alpaka::meta::NonZero<std::integral_constant<int, -1>>::value);
    static_assert(!alpaka::meta::NonZero<int>::value);
    static_assert(std::tuple_size_v<alpaka::test::TestAccs> > 0);
    static_assert(std::tuple_size_v<alpaka::test::EnabledAccs<DimInt<1u>, std::int32_t>> > 0);
    SUCCEED();
}

TEST_CASE("CreateVecWithIdx yields upstream's test extents and offsets", "[test_helpers]")
{
    using Gen = alpaka::test::CreateVecWithIdx<std::size_t>;
    static_assert(Gen::ForExtentBuf<0>::create() == 11u && Gen::ForExtentBuf<2>::create() == 9u);
    static_assert(Gen::ForExtentSubView<0>::create() == 8u && Gen::ForExtentSubView<2>::create() == 4u);
    static_assert(Gen::ForOffset<0>::create() == 2u && Gen::ForOffset<2>::create() == 4u);
    // The sub-view fits into the buffer at the offsets in every dimension.
    static_assert(Gen::ForOffset<3>::create() + Gen::ForExtentSubView<3>::create() <= Gen::ForExtentBuf<3>::create());
    SUCCEED();
}
