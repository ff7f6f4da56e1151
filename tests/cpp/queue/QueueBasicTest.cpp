// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Host tasks run in the order they were enqueued; wait(queue) returns after all of them; empty(queue) tells whether
// work is pending; copies of a queue handle are the same queue.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>
#include <chrono>
#include <thread>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    template<typename TQueue>
    inline constexpr bool isBlocking = alpaka::test::IsBlockingQueue<TQueue>::value;
} // namespace

TEMPLATE_LIST_TEST_CASE("queueTypeTraits", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    using Dev = typename Fixture::Dev;

    STATIC_REQUIRE(alpaka::isQueue<Queue>);
    STATIC_REQUIRE_FALSE(alpaka::isQueue<Dev>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Queue>, Dev>);
    using Property = std::conditional_t<isBlocking<Queue>, alpaka::Blocking, alpaka::NonBlocking>;
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<Dev, Property>, Queue>);
}

TEMPLATE_LIST_TEST_CASE("enqueueRunsHostTasksInOrder", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    constexpr int taskCount = 500;
    // Only the queue's tasks touch the vector, one after another; wait() publishes their writes.
    std::vector<int> sequence;
    for(int i = 0; i < taskCount; ++i)
        alpaka::enqueue(queue, [&sequence, i] { sequence.push_back(i); });
    alpaka::wait(queue);

    REQUIRE(sequence.size() == static_cast<std::size_t>(taskCount));
    for(int i = 0; i < taskCount; ++i)
        CHECK(sequence[static_cast<std::size_t>(i)] == i);
}

TEMPLATE_LIST_TEST_CASE("waitReturnsOnlyAfterAllWorkRan", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
    if constexpr(!isBlocking<Queue>)
        alpaka::enqueue(queue, trigger); // holds the queue until the releaser below triggers

    constexpr int taskCount = 100;
    int done = 0;
    for(int i = 0; i < taskCount; ++i)
        alpaka::enqueue(queue, [&done] { ++done; });

    // wait() is (most likely) already waiting when the queue is released; the sleep only makes that likely.
    std::thread releaser(
        [&trigger]
        {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            trigger.trigger();
        });
    alpaka::wait(queue);
    CHECK(done == taskCount);
    CHECK(alpaka::empty(queue));
    releaser.join();

    // Waiting again, and waiting for an idle queue, return at once.
    alpaka::wait(queue);
    alpaka::wait(queue);
    CHECK(done == taskCount);
}

TEMPLATE_LIST_TEST_CASE("emptyIsTrueForAnIdleQueue", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    CHECK(alpaka::empty(queue)); // new
    alpaka::wait(queue);
    CHECK(alpaka::empty(queue));

    int done = 0;
    for(int i = 0; i < 10; ++i)
        alpaka::enqueue(queue, [&done] { ++done; });
    alpaka::wait(queue);
    CHECK(done == 10);
    CHECK(alpaka::empty(queue));
}

TEMPLATE_LIST_TEST_CASE("emptyIsFalseWhileATaskRuns", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    // Seen from inside a task, the queue is busy.
    std::atomic<int> emptyInside{-1};
    alpaka::enqueue(queue, [&queue, &emptyInside] { emptyInside = alpaka::empty(queue) ? 1 : 0; });
    alpaka::wait(queue);
    CHECK(emptyInside == 0);
    CHECK(alpaka::empty(queue));
}

TEMPLATE_LIST_TEST_CASE("emptyIsFalseWhileANonBlockingQueueIsHeld", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    if constexpr(isBlocking<Queue>)
    {
        SUCCEED("a blocking queue cannot be held without blocking the caller");
    }
    else
    {
        Fixture fixture;
        auto& queue = fixture.m_queue;
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        REQUIRE(alpaka::test::isEventHostManualTriggerSupported(fixture.m_dev));

        std::atomic<int> done{0};
        alpaka::enqueue(queue, trigger);
        for(int i = 0; i < 5; ++i)
            alpaka::enqueue(queue, [&done] { ++done; });

        CHECK_FALSE(alpaka::empty(queue));
        CHECK_FALSE(alpaka::isComplete(trigger));
        CHECK(done == 0);
        // Still held a moment later: nothing but the trigger releases it.
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        CHECK_FALSE(alpaka::empty(queue));
        CHECK(done == 0);

        trigger.trigger();
        alpaka::wait(queue);
        CHECK(done == 5);
        CHECK(alpaka::empty(queue));
        CHECK(alpaka::isComplete(trigger));
    }
}

TEMPLATE_LIST_TEST_CASE("queueCopiesShareTheQueue", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    Queue copy = queue;
    CHECK(copy == queue);
    CHECK_FALSE(copy != queue);
    Queue other(fixture.m_dev);
    CHECK(other != queue);
    CHECK_FALSE(other == queue);
    CHECK(alpaka::getDev(copy) == alpaka::getDev(queue));

    Queue assigned = other;
    assigned = queue;
    CHECK(assigned == queue);
    Queue moved = std::move(assigned);
    CHECK(moved == queue);

    // Work enqueued through one handle is ordered with, and waited for through, every other handle.
    std::vector<int> sequence;
    alpaka::enqueue(queue, [&sequence] { sequence.push_back(0); });
    alpaka::enqueue(copy, [&sequence] { sequence.push_back(1); });
    alpaka::enqueue(moved, [&sequence] { sequence.push_back(2); });
    alpaka::wait(queue);
    CHECK(sequence == std::vector<int>{0, 1, 2});
    CHECK(alpaka::empty(copy));
}
