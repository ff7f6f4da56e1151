// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// wait(queue, event) and wait(event) wait for the enqueue of the event that is current at the time of the call: an
// enqueue of the same event made after the call neither holds the waiter back (upstream alpaka's event test hung
// here) nor releases it early when the newer enqueue is reached first. Every wait is bounded: a wrong waiter fails
// the test instead of hanging it.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <chrono>
#include <future>
#include <thread>
#include <utility>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/RunAsWaiter.hpp"

namespace
{
    using eventtest::isBlocking;

    constexpr auto bound = std::chrono::seconds(20);
    //! How long a waiter that must stay held is watched.
    constexpr auto heldFor = std::chrono::milliseconds(100);
    //! How long a helper thread gets to enter its blocking wait before the event is enqueued again: generous, since a
    //! helper that is late takes the newer enqueue as the current one and the test fails (a loaded 2-core machine
    //! under ThreadSanitizer starts a thread in milliseconds, rarely in tens of them).
    constexpr auto helperEntersWait = std::chrono::milliseconds(500);

    //! wait(waiter, event), then a host task into the waiter that fulfils the returned future. On a blocking queue
    //! (whose wait blocks its caller) this runs on a helper thread, which it returns.
    template<typename TWaiter, typename TEvent>
    auto waitThenSignal(TWaiter& waiter, TEvent const& event, std::promise<void>& ran) -> std::thread
    {
        return eventtest::runAsWaiter<TWaiter>(
            [&waiter, &event, &ran]
            {
                alpaka::wait(waiter, event);
                alpaka::enqueue(waiter, [&ran] { ran.set_value(); });
            });
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("reEnqueueWhileAQueueWaitsDoesNotHoldTheWaiter", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Waiter = typename Fixture::Queue;
    using Producer = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    auto& waiter = fixture.m_queue;
    Producer producer(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> first(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> second(fixture.m_dev);

    // producer = [first, event#1, second, event#2]; the waiter waits for event#1, called before event#2 exists.
    alpaka::enqueue(producer, first);
    alpaka::enqueue(producer, event);
    alpaka::enqueue(producer, second);
    std::promise<void> ran;
    auto ranFuture = ran.get_future();
    std::thread helper = waitThenSignal(waiter, event, ran);
    // A blocking waiter must be inside its wait before the re-enqueue: give the helper time to get there (a helper
    // that is late waits for event#2 as the current enqueue, which the bounded wait below reports).
    if constexpr(isBlocking<Waiter>)
        std::this_thread::sleep_for(helperEntersWait);
    alpaka::enqueue(producer, event);

    CHECK(ranFuture.wait_for(heldFor) == std::future_status::timeout);
    first.trigger();
    // event#1 is reached: the waiter goes on although event#2 (behind `second`) is not.
    bool const released = ranFuture.wait_for(bound) == std::future_status::ready;
    CHECK(released);
    CHECK_FALSE(alpaka::isComplete(event));
    second.trigger();
    if(helper.joinable())
        helper.join();
    alpaka::wait(event);
    CHECK(alpaka::isComplete(event));
    alpaka::wait(waiter);
    alpaka::wait(producer);
}

TEMPLATE_LIST_TEST_CASE("newerEnqueueReachedFirstDoesNotReleaseTheWaiter", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Waiter = typename Fixture::Queue;
    using Producer = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    auto& waiter = fixture.m_queue;
    Producer older(fixture.m_dev);
    Producer newer(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> holdOlder(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> holdNewer(fixture.m_dev);

    // older = [holdOlder, event#1]; the waiter waits for event#1; newer = [holdNewer, event#2].
    alpaka::enqueue(older, holdOlder);
    alpaka::enqueue(older, event);
    std::promise<void> ran;
    auto ranFuture = ran.get_future();
    std::thread helper = waitThenSignal(waiter, event, ran);
    if constexpr(isBlocking<Waiter>)
        std::this_thread::sleep_for(helperEntersWait);
    alpaka::enqueue(newer, holdNewer);
    alpaka::enqueue(newer, event);

    // event#2 is reached first: the event is complete (it stands for its latest enqueue), the waiter stays held.
    holdNewer.trigger();
    alpaka::wait(newer);
    CHECK(alpaka::isComplete(event));
    CHECK(ranFuture.wait_for(heldFor) == std::future_status::timeout);
    holdOlder.trigger();
    CHECK(ranFuture.wait_for(bound) == std::future_status::ready);
    if(helper.joinable())
        helper.join();
    alpaka::wait(waiter);
    alpaka::wait(older);
}

TEMPLATE_LIST_TEST_CASE("hostWaitForAnEventWaitsForTheEnqueueCurrentAtTheCall", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Producer = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    Producer producer(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> first(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> second(fixture.m_dev);

    alpaka::enqueue(producer, first);
    alpaka::enqueue(producer, event);
    alpaka::enqueue(producer, second);
    // The host thread's wait starts before the re-enqueue (the sleep below lets it get there).
    auto waited = std::async(std::launch::async, [&event] { alpaka::wait(event); });
    std::this_thread::sleep_for(helperEntersWait);
    alpaka::enqueue(producer, event);
    CHECK(waited.wait_for(heldFor) == std::future_status::timeout);
    first.trigger();
    CHECK(waited.wait_for(bound) == std::future_status::ready);
    CHECK_FALSE(alpaka::isComplete(event));
    second.trigger();
    alpaka::wait(producer);
    CHECK(alpaka::isComplete(event));
}
