// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// EventHostManualTrigger: a queue holds at the trigger until trigger() is called; the work behind it waits with it.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>
#include <alpaka/test/queue/QueueTestFixture.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "alpaka_test/Catch.hpp"

namespace
{
    template<typename TQueue>
    inline constexpr bool isBlocking = alpaka::test::IsBlockingQueue<TQueue>::value;

    //! Long enough for a queue that is not held to run a trivial task.
    void settle()
    {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }

    //! Calls trigger() from another thread once the trigger was enqueued (a blocking queue holds the enqueueing
    //! thread until then).
    template<typename TTrigger>
    auto triggerWhenEnqueued(TTrigger trigger, std::atomic<bool>& triggered) -> std::thread
    {
        return std::thread(
            [trigger, &triggered]() mutable
            {
                while(alpaka::isComplete(trigger))
                    std::this_thread::yield();
                settle();
                triggered = true;
                trigger.trigger();
            });
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "a manual trigger is complete until enqueued and again after trigger()", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture fixture;
    REQUIRE(alpaka::test::isEventHostManualTriggerSupported(fixture.m_dev));
    alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
    CHECK(alpaka::getDev(trigger) == fixture.m_dev);
    CHECK(alpaka::isComplete(trigger));

    if constexpr(isBlocking<typename Fixture::Queue>)
    {
        // As upstream: the enqueueing thread is held until someone else triggers.
        std::atomic<bool> triggered{false};
        auto helper = triggerWhenEnqueued(trigger, triggered);
        alpaka::enqueue(fixture.m_queue, trigger);
        CHECK(triggered);
        helper.join();
    }
    else
    {
        alpaka::enqueue(fixture.m_queue, trigger);
        settle();
        CHECK_FALSE(alpaka::isComplete(trigger));
        CHECK_FALSE(alpaka::empty(fixture.m_queue));
        trigger.trigger();
    }
    alpaka::wait(fixture.m_queue);
    CHECK(alpaka::isComplete(trigger));
    CHECK(alpaka::empty(fixture.m_queue));
}

TEMPLATE_LIST_TEST_CASE(
    "work enqueued after a manual trigger runs only after trigger()", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    if constexpr(!isBlocking<Queue>)
    {
        Fixture fixture;
        auto& queue = fixture.m_queue;
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::Event<Queue> event(fixture.m_dev);
        std::atomic<int> ran{0};

        alpaka::enqueue(queue, [&ran] { ++ran; });
        alpaka::enqueue(queue, trigger);
        alpaka::enqueue(queue, [&ran] { ++ran; });
        alpaka::enqueue(queue, event);
        settle();
        CHECK(ran == 1);
        CHECK_FALSE(alpaka::isComplete(event));

        trigger.trigger();
        alpaka::wait(event);
        CHECK(ran == 2);
        CHECK(alpaka::isComplete(trigger));
        CHECK(alpaka::isComplete(event));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "trigger() releases only the enqueues made before it", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    if constexpr(!isBlocking<typename Fixture::Queue>)
    {
        Fixture fixture;
        auto& queue = fixture.m_queue;
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        std::atomic<int> ran{0};

        // A trigger() with nothing enqueued is used up: the next enqueue holds the queue again.
        trigger.trigger();
        alpaka::enqueue(queue, trigger);
        alpaka::enqueue(queue, [&ran] { ++ran; });
        settle();
        CHECK(ran == 0);
        trigger.trigger();
        alpaka::wait(queue);
        CHECK(ran == 1);

        // Enqueued again: it holds the queue again.
        alpaka::enqueue(queue, trigger);
        alpaka::enqueue(queue, [&ran] { ++ran; });
        settle();
        CHECK(ran == 1);
        CHECK_FALSE(alpaka::isComplete(trigger));
        trigger.trigger();
        alpaka::wait(queue);
        CHECK(ran == 2);
    }
}

TEMPLATE_LIST_TEST_CASE(
    "a queue and a thread can wait for a manual trigger", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    if constexpr(!isBlocking<Queue>)
    {
        Fixture fixture;
        Queue other(fixture.m_dev);
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        std::atomic<int> ran{0};

        alpaka::enqueue(fixture.m_queue, trigger);
        alpaka::wait(other, trigger);
        alpaka::enqueue(other, [&ran] { ++ran; });
        settle();
        CHECK(ran == 0);

        std::atomic<bool> triggered{false};
        auto helper = triggerWhenEnqueued(trigger, triggered);
        alpaka::wait(trigger);
        CHECK(triggered);
        helper.join();
        alpaka::wait(other);
        CHECK(ran == 1);
        alpaka::wait(fixture.m_queue);
    }
}

TEMPLATE_LIST_TEST_CASE("copies of a manual trigger are the same event", "[test_helpers]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture fixture;
    alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
    alpaka::test::EventHostManualTrigger<typename Fixture::Dev> other(fixture.m_dev);
    auto copy = trigger;
    CHECK(copy == trigger);
    CHECK(other != trigger);
    if constexpr(!isBlocking<typename Fixture::Queue>)
    {
        alpaka::enqueue(fixture.m_queue, trigger);
        CHECK_FALSE(alpaka::isComplete(copy));
        copy.trigger();
        alpaka::wait(fixture.m_queue);
        CHECK(alpaka::isComplete(trigger));
    }
}
