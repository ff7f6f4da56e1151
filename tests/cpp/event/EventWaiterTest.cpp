// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// wait(queue, event): work enqueued into the queue after the call runs only once the event's current enqueue was
// reached, which orders work across queues.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <utility>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/RunAsWaiter.hpp"

namespace
{
    using eventtest::isBlocking;
    using eventtest::runAsWaiter;
} // namespace

TEMPLATE_LIST_TEST_CASE("queueWaitsForAnEventOfAnotherQueue", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Waiter = typename Fixture::Queue;
    using Producer = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    auto& waiter = fixture.m_queue;
    Producer producer(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> trigger(fixture.m_dev);

    std::atomic<int> counter{0};
    std::atomic<int> seqA{-1};
    std::atomic<int> seqB{-1};

    // The producer is held in front of task A and the event.
    alpaka::enqueue(producer, trigger);
    alpaka::enqueue(producer, [&] { seqA = counter++; });
    alpaka::enqueue(producer, event);

    // The waiter must not run task B before the event.
    std::thread helper = runAsWaiter<Waiter>(
        [&]
        {
            alpaka::wait(waiter, event);
            alpaka::enqueue(waiter, [&] { seqB = counter++; });
        });
    std::this_thread::sleep_for(std::chrono::milliseconds(2)); // only makes a wrong early run of B likely to show
    CHECK(seqB == -1);
    CHECK(seqA == -1);
    if constexpr(!isBlocking<Waiter>)
        CHECK_FALSE(alpaka::empty(waiter));

    trigger.trigger();
    if(helper.joinable())
        helper.join();
    alpaka::wait(waiter);
    alpaka::wait(producer);
    CHECK(seqA == 0);
    CHECK(seqB == 1);
    CHECK(alpaka::isComplete(event));
    CHECK(alpaka::empty(waiter));
}

TEMPLATE_LIST_TEST_CASE("queueWaitsForAnEventOfAQueueOfThisKind", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Producer = typename Fixture::Queue;
    using Waiter = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    auto& producer = fixture.m_queue;
    Waiter waiter(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<Dev> trigger(fixture.m_dev);

    std::atomic<int> counter{0};
    std::atomic<int> seqA{-1};
    std::atomic<int> seqB{-1};

    if constexpr(!isBlocking<Producer>)
        alpaka::enqueue(producer, trigger);
    alpaka::enqueue(producer, [&] { seqA = counter++; });
    alpaka::enqueue(producer, event);
    alpaka::wait(waiter, event);
    alpaka::enqueue(waiter, [&] { seqB = counter++; });
    if constexpr(!isBlocking<Producer>)
    {
        CHECK_FALSE(alpaka::empty(waiter));
        CHECK(seqB == -1);
        trigger.trigger();
    }
    alpaka::wait(waiter);
    CHECK(seqA == 0);
    CHECK(seqB == 1);
    alpaka::wait(producer);
}

TEMPLATE_LIST_TEST_CASE("waitForACompleteEventDoesNotHoldTheQueue", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    // Never enqueued.
    alpaka::Event<Queue> fresh(fixture.m_dev);
    alpaka::wait(queue, fresh);
    // Enqueued and reached.
    alpaka::Event<Queue> reached(fixture.m_dev);
    alpaka::enqueue(queue, reached);
    alpaka::wait(reached);
    alpaka::wait(queue, reached);

    std::promise<void> ran;
    auto ranFuture = ran.get_future();
    alpaka::enqueue(queue, [&ran] { ran.set_value(); });
    REQUIRE(ranFuture.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    alpaka::wait(queue);
}

TEMPLATE_LIST_TEST_CASE("queueWaitsForTheEnqueueCurrentAtTheCall", "[event]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Waiter = typename Fixture::Queue;
    using Producer = alpaka::Queue<Dev, alpaka::NonBlocking>;
    Fixture fixture;
    auto& waiter = fixture.m_queue;
    Producer producer(fixture.m_dev);
    alpaka::Event<Producer> event(fixture.m_dev);

    // The waiter waits for the event's first enqueue.
    alpaka::test::EventHostManualTrigger<Dev> trigger1(fixture.m_dev);
    alpaka::enqueue(producer, trigger1);
    alpaka::enqueue(producer, event);
    std::promise<void> waiterRan;
    auto waiterRanFuture = waiterRan.get_future();
    std::thread helper = runAsWaiter<Waiter>(
        [&]
        {
            alpaka::wait(waiter, event);
            alpaka::enqueue(waiter, [&waiterRan] { waiterRan.set_value(); });
        });
    trigger1.trigger();
    if(helper.joinable())
        helper.join();
    alpaka::wait(producer);

    // A later enqueue of the event, held by a second trigger, does not concern the waiter. (Bounded wait: a waiter
    // that wrongly waits for the new enqueue fails the test instead of hanging it.)
    alpaka::test::EventHostManualTrigger<Dev> trigger2(fixture.m_dev);
    alpaka::enqueue(producer, trigger2);
    alpaka::enqueue(producer, event);
    CHECK_FALSE(alpaka::isComplete(event));
    bool const ranWhileHeld = waiterRanFuture.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
    CHECK_FALSE(alpaka::isComplete(event));
    trigger2.trigger();
    CHECK(ranWhileHeld);
    alpaka::wait(waiter);
    alpaka::wait(producer);
    CHECK(alpaka::isComplete(event));
}
