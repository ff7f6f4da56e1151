// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Events: complete before they are enqueued, complete when their queue reaches them, wait(event) waits for that;
// copies are handles of the same event.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/IsBlocking.hpp"

namespace
{
    using alpaka_test::isBlocking;
} // namespace

TEMPLATE_LIST_TEST_CASE("eventTypeTraits", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    using Dev = typename Fixture::Dev;
    using Event = alpaka::Event<Queue>;

    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Event>, Dev>);
    if constexpr(std::is_same_v<Dev, alpaka::DevCpu>)
        STATIC_REQUIRE(std::is_same_v<Event, alpaka::EventCpu>);

    Fixture fixture;
    Event const event(fixture.m_dev);
    CHECK(alpaka::getDev(event) == fixture.m_dev);
}

TEMPLATE_LIST_TEST_CASE("eventNeverEnqueuedIsComplete", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture fixture;
    alpaka::Event<typename Fixture::Queue> const event(fixture.m_dev);

    CHECK(alpaka::isComplete(event));
    alpaka::wait(event); // returns at once
    CHECK(alpaka::isComplete(event));
}

TEMPLATE_LIST_TEST_CASE("eventCompletesWhenItsQueueReachesIt", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    alpaka::Event<typename Fixture::Queue> event(fixture.m_dev);

    int before = 0;
    for(int i = 0; i < 20; ++i)
        alpaka::enqueue(queue, [&before] { ++before; });
    alpaka::enqueue(queue, event);
    alpaka::wait(event);
    CHECK(alpaka::isComplete(event));
    // Everything enqueued before the event is done.
    CHECK(before == 20);
    alpaka::wait(queue);
}

TEMPLATE_LIST_TEST_CASE("eventIsNotCompleteWhileItsQueueIsHeld", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    alpaka::Event<Queue> event(fixture.m_dev);

    if constexpr(isBlocking<Queue>)
    {
        // Everything before the event is done when enqueue() returns: the event is complete at once.
        alpaka::enqueue(queue, event);
        CHECK(alpaka::isComplete(event));
    }
    else
    {
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::enqueue(queue, trigger);
        std::atomic<bool> before{false};
        alpaka::enqueue(queue, [&before] { before = true; });
        alpaka::enqueue(queue, event);
        CHECK_FALSE(alpaka::isComplete(event));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        CHECK_FALSE(alpaka::isComplete(event));
        CHECK_FALSE(before);

        // wait(event) returns once the queue got there: the releaser triggers while it waits (most likely).
        std::thread releaser(
            [&trigger]
            {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                trigger.trigger();
            });
        alpaka::wait(event);
        CHECK(alpaka::isComplete(event));
        CHECK(before);
        releaser.join();
        alpaka::wait(queue);
    }
}

TEMPLATE_LIST_TEST_CASE("eventCopiesAreTheSameEvent", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    using Event = alpaka::Event<Queue>;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    Event event(fixture.m_dev);
    Event copy = event;
    Event other(fixture.m_dev);
    CHECK(copy == event);
    CHECK_FALSE(copy != event);
    CHECK(other != event);
    CHECK_FALSE(other == event);
    Event assigned = other;
    assigned = event;
    CHECK(assigned == event);

    if constexpr(!isBlocking<Queue>)
    {
        // Enqueueing a copy is enqueueing the event: the original reports the copy's state.
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::enqueue(queue, trigger);
        alpaka::enqueue(queue, copy);
        CHECK_FALSE(alpaka::isComplete(event));
        CHECK(alpaka::isComplete(other));
        trigger.trigger();
        alpaka::wait(event);
        CHECK(alpaka::isComplete(copy));
    }
    else
    {
        alpaka::enqueue(queue, copy);
        CHECK(alpaka::isComplete(event));
    }
    alpaka::wait(queue);
}

TEMPLATE_LIST_TEST_CASE("eventsInSeveralQueues", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    Queue second(fixture.m_dev);
    alpaka::Event<Queue> event0(fixture.m_dev);
    alpaka::Event<Queue> event1(fixture.m_dev);

    std::atomic<int> done0{0};
    std::atomic<int> done1{0};
    for(int i = 0; i < 10; ++i)
    {
        alpaka::enqueue(fixture.m_queue, [&done0] { ++done0; });
        alpaka::enqueue(second, [&done1] { ++done1; });
    }
    alpaka::enqueue(fixture.m_queue, event0);
    alpaka::enqueue(second, event1);
    alpaka::wait(event1);
    CHECK(done1 == 10);
    alpaka::wait(event0);
    CHECK(done0 == 10);
    CHECK(alpaka::isComplete(event0));
    CHECK(alpaka::isComplete(event1));
}
