// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// wait(dev) waits for the work of every queue of the device and reports an error a queue recorded, once.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

TEST_CASE("waitDevWaitsForAllQueues", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    // Queues made from other handles of the device belong to it too.
    auto const otherHandle = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);

    alpaka::QueueCpuNonBlocking queue0(dev);
    alpaka::QueueCpuNonBlocking queue1(otherHandle);
    alpaka::QueueCpuBlocking queueBlocking(dev);

    alpaka::test::EventHostManualTrigger<alpaka::DevCpu> trigger0(dev);
    alpaka::test::EventHostManualTrigger<alpaka::DevCpu> trigger1(dev);
    alpaka::enqueue(queue0, trigger0);
    alpaka::enqueue(queue1, trigger1);

    constexpr int tasksPerQueue = 50;
    int done0 = 0;
    int done1 = 0;
    int doneBlocking = 0;
    for(int i = 0; i < tasksPerQueue; ++i)
    {
        alpaka::enqueue(queue0, [&done0] { ++done0; });
        alpaka::enqueue(queue1, [&done1] { ++done1; });
        alpaka::enqueue(queueBlocking, [&doneBlocking] { ++doneBlocking; });
    }
    CHECK(doneBlocking == tasksPerQueue);
    CHECK_FALSE(alpaka::empty(queue0));
    CHECK_FALSE(alpaka::empty(queue1));

    // The queues are released while wait(dev) is (most likely) already waiting; the sleep only makes that likely.
    std::thread releaser(
        [&]
        {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            trigger0.trigger();
            trigger1.trigger();
        });
    alpaka::wait(dev);
    CHECK(done0 == tasksPerQueue);
    CHECK(done1 == tasksPerQueue);
    CHECK(alpaka::empty(queue0));
    CHECK(alpaka::empty(queue1));
    CHECK(alpaka::empty(queueBlocking));
    releaser.join();

    // Also through the other handle, with nothing to do.
    alpaka::wait(otherHandle);
}

TEST_CASE("waitDevWithoutQueuesReturns", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::wait(dev);
    {
        // A queue that is gone does not keep wait(dev) waiting.
        alpaka::QueueCpuNonBlocking queue(dev);
        alpaka::enqueue(queue, [] {});
    }
    alpaka::wait(dev);
}

TEST_CASE("waitDevRethrowsARecordedErrorOnce", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuNonBlocking failing(dev);
    alpaka::QueueCpuNonBlocking healthy(dev);

    std::atomic<bool> laterTaskRan{false};
    std::atomic<bool> healthyTaskRan{false};
    alpaka::enqueue(failing, [] { throw std::runtime_error("host task failed in queue 'failing'"); });
    alpaka::enqueue(failing, [&laterTaskRan] { laterTaskRan = true; });
    alpaka::enqueue(healthy, [&healthyTaskRan] { healthyTaskRan = true; });

    auto const message = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(dev); });
    CHECK(message == "host task failed in queue 'failing'");
    // wait(dev) still waited for everything: the later task of the failing queue and the other queue.
    CHECK(laterTaskRan);
    CHECK(healthyTaskRan);

    // Reported once: neither the device nor the queue reports it again.
    CHECK_NOTHROW(alpaka::wait(dev));
    CHECK_NOTHROW(alpaka::wait(failing));

    // The queue stays usable.
    bool ranAfter = false;
    alpaka::enqueue(failing, [&ranAfter] { ranAfter = true; });
    alpaka::wait(dev);
    CHECK(ranAfter);
}

TEST_CASE("waitQueueTakesTheErrorBeforeWaitDev", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuNonBlocking queue(dev);
    alpaka::enqueue(queue, [] { throw std::runtime_error("reported by wait(queue)"); });
    CHECK(alpaka_test::runtimeErrorMessage([&] { alpaka::wait(queue); }) == "reported by wait(queue)");
    CHECK_NOTHROW(alpaka::wait(dev));
}

TEST_CASE("waitDevWhileOtherThreadsEnqueue", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    constexpr int threadCount = 3;
    constexpr int tasksPerThread = 200;
    std::vector<int> done(threadCount, 0);
    std::vector<int> ok(threadCount, 0);
    std::atomic<bool> stop{false};

    // A thread that keeps waiting for the device while queues are created, fed and destroyed.
    std::thread waiter(
        [&]
        {
            while(!stop.load())
                alpaka::wait(dev);
        });
    std::vector<std::thread> producers;
    for(int t = 0; t < threadCount; ++t)
        producers.emplace_back(
            [&, t]
            {
                alpaka::QueueCpuNonBlocking queue(dev);
                for(int i = 0; i < tasksPerThread; ++i)
                    alpaka::enqueue(queue, [&done, t] { ++done[static_cast<std::size_t>(t)]; });
                alpaka::wait(queue);
                ok[static_cast<std::size_t>(t)] = done[static_cast<std::size_t>(t)] == tasksPerThread ? 1 : 0;
            });
    for(auto& producer : producers)
        producer.join();
    stop = true;
    waiter.join();
    for(int t = 0; t < threadCount; ++t)
        CHECK(ok[static_cast<std::size_t>(t)] == 1);
}
