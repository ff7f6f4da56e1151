// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Queue lifetime: dropping the last handle of a queue finishes its pending work first (no lost data); a host task may
// hold, or drop, the last handle of the queue that runs it.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/IsBlocking.hpp"

namespace
{
    using alpaka_test::isBlocking;

    //! Fulfils a promise when destroyed: tells the test that what owned it is gone.
    struct DestructionSignal
    {
        explicit DestructionSignal(std::promise<void>* promise)
            : m_promise(promise)
        {
        }

        DestructionSignal(DestructionSignal const&) = delete;
        auto operator=(DestructionSignal const&) -> DestructionSignal& = delete;

        ~DestructionSignal()
        {
            m_promise->set_value();
        }

        std::promise<void>* m_promise;
    };

    //! Waits (bounded, so that a broken library fails the test instead of hanging it) for a signal.
    auto signalled(std::future<void>& future) -> bool
    {
        return future.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("droppingTheLastHandleFinishesPendingWork", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto const dev = fixture.m_dev;

    constexpr int taskCount = 200;
    std::vector<int> sequence;
    alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(dev);
    std::thread releaser;
    {
        Queue queue(dev);
        if constexpr(!isBlocking<Queue>)
            alpaka::enqueue(queue, trigger);
        for(int i = 0; i < taskCount; ++i)
            alpaka::enqueue(queue, [&sequence, i] { sequence.push_back(i); });
        // Released while the handle is being destroyed (most likely; the sleep only makes that likely).
        releaser = std::thread(
            [&trigger]
            {
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
                trigger.trigger();
            });
    }
    // The destructor returned: every task ran, in order.
    REQUIRE(sequence.size() == static_cast<std::size_t>(taskCount));
    for(int i = 0; i < taskCount; ++i)
        CHECK(sequence[static_cast<std::size_t>(i)] == i);
    releaser.join();
}

TEMPLATE_LIST_TEST_CASE("droppingTheLastHandleFinishesPendingCopies", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto const dev = fixture.m_dev;

    constexpr std::size_t n = 4096;
    auto src = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, n);
    auto dst = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, n);
    for(std::size_t i = 0; i < n; ++i)
    {
        src[i] = static_cast<std::uint32_t>(i * 7u + 1u);
        dst[i] = 0u;
    }
    {
        Queue queue(dev);
        for(int round = 0; round < 8; ++round)
            alpaka::memcpy(queue, dst, src);
        alpaka::memset(queue, src, 0u);
    }
    bool copied = true;
    for(std::size_t i = 0; i < n; ++i)
        copied = copied && dst[i] == static_cast<std::uint32_t>(i * 7u + 1u);
    CHECK(copied);
    bool cleared = true;
    for(std::size_t i = 0; i < n; ++i)
        cleared = cleared && src[i] == 0u;
    CHECK(cleared);
}

TEMPLATE_LIST_TEST_CASE("queueWithoutWorkIsDestroyedAtOnce", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    for(int i = 0; i < 100; ++i)
    {
        Queue queue(fixture.m_dev);
        Queue copy = queue;
        if(i % 2 == 0)
            alpaka::enqueue(copy, [] {});
    }
    alpaka::wait(fixture.m_dev);
}

TEMPLATE_LIST_TEST_CASE("hostTaskHoldsTheLastHandleOfItsQueue", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto const dev = fixture.m_dev;

    // The task owns a handle of its queue and a signal; when the task is released after running, the queue's last
    // handle goes with it (on the queue's own worker for a non-blocking queue), then the signal fires.
    struct HoldingTask
    {
        void operator()() const
        {
            *m_ran = true;
        }

        std::shared_ptr<DestructionSignal> m_signal; // destroyed after m_queue (members go in reverse order)
        Queue m_queue;
        bool* m_ran;
    };

    for(int round = 0; round < 10; ++round)
    {
        std::promise<void> released;
        auto releasedFuture = released.get_future();
        bool ran = false;
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(dev);
        {
            Queue queue(dev);
            if constexpr(!isBlocking<Queue>)
                alpaka::enqueue(queue, trigger);
            alpaka::enqueue(queue, HoldingTask{std::make_shared<DestructionSignal>(&released), queue, &ran});
            // Some work after the holding task: it must still run although no handle is left outside the queue.
            alpaka::enqueue(queue, [] {});
        }
        trigger.trigger();
        REQUIRE(signalled(releasedFuture));
        CHECK(ran);
    }
}

TEMPLATE_LIST_TEST_CASE("hostTaskHoldingTheLastHandleIsFollowedByWork", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto const dev = fixture.m_dev;

    for(int round = 0; round < 10; ++round)
    {
        std::promise<void> lastTaskDone;
        auto lastTaskFuture = lastTaskDone.get_future();
        std::vector<int> sequence;
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(dev);
        {
            Queue queue(dev);
            if constexpr(!isBlocking<Queue>)
                alpaka::enqueue(queue, trigger);
            alpaka::enqueue(queue, [handle = queue, &sequence] { sequence.push_back(1); });
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(2); });
            alpaka::enqueue(
                queue,
                [&sequence, &lastTaskDone]
                {
                    sequence.push_back(3);
                    lastTaskDone.set_value();
                });
        }
        trigger.trigger();
        // After the first task released the last handle, the rest still ran, in order.
        REQUIRE(signalled(lastTaskFuture));
        CHECK(sequence == std::vector<int>{1, 2, 3});
    }
}

TEMPLATE_LIST_TEST_CASE("hostTaskDropsTheLastHandleOfItsQueueWhileRunning", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto const dev = fixture.m_dev;

    if constexpr(isBlocking<Queue>)
    {
        SUCCEED("a blocking queue's task runs inside enqueue(), whose caller holds a handle");
    }
    else
    {
        for(int round = 0; round < 10; ++round)
        {
            std::promise<void> done;
            auto doneFuture = done.get_future();
            std::vector<int> sequence;
            alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(dev);
            {
                auto handle = std::make_shared<std::optional<Queue>>(std::in_place, dev);
                Queue& queue = **handle;
                alpaka::enqueue(queue, trigger);
                alpaka::enqueue(
                    queue,
                    [handle, &sequence]
                    {
                        sequence.push_back(1);
                        handle->reset(); // the last handle of the running queue goes here
                        sequence.push_back(2);
                    });
                alpaka::enqueue(
                    queue,
                    [&sequence, &done]
                    {
                        sequence.push_back(3);
                        done.set_value();
                    });
            }
            trigger.trigger();
            REQUIRE(signalled(doneFuture));
            CHECK(sequence == std::vector<int>{1, 2, 3});
        }
    }
}
