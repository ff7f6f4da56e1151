// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// An event can be enqueued again (into the same or another queue): it then stands for its latest enqueue.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/IsBlocking.hpp"

namespace
{
    using alpaka_test::isBlocking;
} // namespace

TEMPLATE_LIST_TEST_CASE("eventCanBeEnqueuedAgain", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    alpaka::Event<Queue> event(fixture.m_dev);

    std::atomic<int> done{0};
    for(int round = 1; round <= 5; ++round)
    {
        INFO("round " << round);
        if constexpr(isBlocking<Queue>)
        {
            alpaka::enqueue(queue, [&done] { ++done; });
            alpaka::enqueue(queue, event);
            CHECK(alpaka::isComplete(event));
        }
        else
        {
            // A fresh trigger each round holds the queue in front of the event's new enqueue.
            alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
            alpaka::enqueue(queue, trigger);
            alpaka::enqueue(queue, [&done] { ++done; });
            alpaka::enqueue(queue, event);
            CHECK_FALSE(alpaka::isComplete(event));
            trigger.trigger();
            alpaka::wait(event);
            CHECK(alpaka::isComplete(event));
        }
        CHECK(done == round);
    }
    alpaka::wait(queue);
}

TEMPLATE_LIST_TEST_CASE("eventStandsForItsLatestEnqueue", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    alpaka::Event<Queue> event(fixture.m_dev);

    if constexpr(isBlocking<Queue>)
    {
        alpaka::enqueue(queue, event);
        alpaka::enqueue(queue, event);
        CHECK(alpaka::isComplete(event));
    }
    else
    {
        // The queue can reach the first enqueue, but the second one is held: the event is not complete.
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::enqueue(queue, event);
        alpaka::enqueue(queue, trigger);
        std::atomic<bool> between{false};
        alpaka::enqueue(queue, [&between] { between = true; });
        alpaka::enqueue(queue, event);
        CHECK_FALSE(alpaka::isComplete(event));
        CHECK_FALSE(between);
        trigger.trigger();
        alpaka::wait(event);
        CHECK(alpaka::isComplete(event));
        CHECK(between);
    }
    alpaka::wait(queue);
}

TEMPLATE_LIST_TEST_CASE("eventMovesBetweenQueues", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    Queue first(fixture.m_dev);
    Queue second(fixture.m_dev);
    alpaka::Event<Queue> event(fixture.m_dev);

    std::atomic<int> inFirst{0};
    std::atomic<int> inSecond{0};
    alpaka::enqueue(first, [&inFirst] { ++inFirst; });
    alpaka::enqueue(first, event);
    alpaka::wait(event);
    CHECK(inFirst == 1);

    if constexpr(isBlocking<Queue>)
    {
        alpaka::enqueue(second, [&inSecond] { ++inSecond; });
        alpaka::enqueue(second, event);
        CHECK(alpaka::isComplete(event));
    }
    else
    {
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::enqueue(second, trigger);
        alpaka::enqueue(second, [&inSecond] { ++inSecond; });
        alpaka::enqueue(second, event);
        // Now it stands for the enqueue into the held queue.
        CHECK_FALSE(alpaka::isComplete(event));
        trigger.trigger();
        alpaka::wait(event);
    }
    CHECK(inSecond == 1);
    CHECK(alpaka::isComplete(event));
    alpaka::wait(first);
    alpaka::wait(second);
}
