// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A queue used from several host threads at once, and host tasks that use their own queue.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>
#include <cstddef>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

// Catch's assertions are not thread-safe: the threads below record results, the test thread checks them.

TEMPLATE_LIST_TEST_CASE("manyThreadsEnqueueIntoOneQueue", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    constexpr std::size_t threadCount = 4;
    constexpr int tasksPerThread = 300;
    // Tasks of one queue run one after another, so they need no lock for these; wait() publishes their writes.
    std::vector<std::pair<std::size_t, int>> log;
    std::vector<int> donePerThread(threadCount, 0);
    std::vector<int> sawOwnWork(threadCount, 0);

    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for(std::size_t t = 0; t < threadCount; ++t)
        threads.emplace_back(
            [&, t]
            {
                while(!go.load())
                    std::this_thread::yield();
                for(int i = 0; i < tasksPerThread; ++i)
                    alpaka::enqueue(
                        queue,
                        [&log, &donePerThread, t, i]
                        {
                            log.emplace_back(t, i);
                            ++donePerThread[t];
                        });
                // The work this thread enqueued is done when its wait() returns, whatever the others still add.
                alpaka::wait(queue);
                sawOwnWork[t] = donePerThread[t] == tasksPerThread ? 1 : 0;
            });
    go = true;
    for(auto& thread : threads)
        thread.join();
    alpaka::wait(queue);

    for(std::size_t t = 0; t < threadCount; ++t)
    {
        INFO("thread " << t);
        CHECK(sawOwnWork[t] == 1);
        CHECK(donePerThread[t] == tasksPerThread);
    }
    // Every task ran exactly once, and the tasks of each thread in the order that thread enqueued them.
    REQUIRE(log.size() == threadCount * static_cast<std::size_t>(tasksPerThread));
    std::vector<int> next(threadCount, 0);
    bool inOrder = true;
    for(auto const& [t, i] : log)
    {
        if(i != next[t])
            inOrder = false;
        ++next[t];
    }
    CHECK(inOrder);
    for(std::size_t t = 0; t < threadCount; ++t)
        CHECK(next[t] == tasksPerThread);
    CHECK(alpaka::empty(queue));
}

TEMPLATE_LIST_TEST_CASE("waitAndEmptyWhileOtherThreadsEnqueue", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    // A fresh queue, so that its first task is enqueued while another thread already waits for it.
    for(int round = 0; round < 20; ++round)
    {
        Fixture fixture;
        auto& queue = fixture.m_queue;
        std::atomic<bool> stop{false};
        std::atomic<int> done{0};
        std::thread observer(
            [&]
            {
                while(!stop.load())
                {
                    alpaka::wait(queue);
                    std::ignore = alpaka::empty(queue);
                }
            });
        std::thread producer(
            [&]
            {
                for(int i = 0; i < 50; ++i)
                    alpaka::enqueue(queue, [&done] { ++done; });
            });
        producer.join();
        alpaka::wait(queue);
        stop = true;
        observer.join();
        CHECK(done == 50);
    }
}

TEMPLATE_LIST_TEST_CASE("hostTaskEnqueuesIntoItsOwnQueue", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> sequence;
    alpaka::enqueue(
        queue,
        [handle = queue, &sequence]() mutable
        {
            sequence.push_back(1);
            // Runs after this task (non-blocking queue) or right here (blocking queue), never concurrently.
            alpaka::enqueue(handle, [&sequence] { sequence.push_back(2); });
            sequence.push_back(3);
        });
    // The first wait returns after the outer task; the inner one was enqueued while the outer ran, so a second
    // wait covers it.
    alpaka::wait(queue);
    alpaka::wait(queue);
    REQUIRE(sequence.size() == 3u);
    if constexpr(alpaka::test::IsBlockingQueue<Queue>::value)
        CHECK(sequence == std::vector<int>{1, 2, 3});
    else
        CHECK(sequence == std::vector<int>{1, 3, 2});
    CHECK(alpaka::empty(queue));
}

TEMPLATE_LIST_TEST_CASE("hostTaskWaitsForItsOwnQueue", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    // Waiting for the queue that runs the task must not deadlock (the task cannot wait for itself).
    std::atomic<int> state{0};
    alpaka::enqueue(queue, [&state] { state = 1; });
    alpaka::enqueue(
        queue,
        [handle = queue, &state]
        {
            alpaka::wait(handle);
            state = state == 1 ? 2 : -1;
        });
    alpaka::enqueue(queue, [&state] { state = state == 2 ? 3 : -1; });
    alpaka::wait(queue);
    CHECK(state == 3);
}

TEMPLATE_LIST_TEST_CASE("independentQueuesRunConcurrently", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;

    // Several queues fed from several threads: each queue keeps its own order.
    constexpr std::size_t queueCount = 3;
    constexpr int tasksPerQueue = 200;
    std::vector<Queue> queues;
    for(std::size_t q = 0; q < queueCount; ++q)
        queues.emplace_back(fixture.m_dev);
    std::vector<std::vector<int>> logs(queueCount);
    std::vector<std::thread> threads;
    for(std::size_t q = 0; q < queueCount; ++q)
        threads.emplace_back(
            [&, q]
            {
                for(int i = 0; i < tasksPerQueue; ++i)
                    alpaka::enqueue(queues[q], [&logs, q, i] { logs[q].push_back(i); });
            });
    for(auto& thread : threads)
        thread.join();
    alpaka::wait(fixture.m_dev);
    for(std::size_t q = 0; q < queueCount; ++q)
    {
        REQUIRE(logs[q].size() == static_cast<std::size_t>(tasksPerQueue));
        bool inOrder = true;
        for(int i = 0; i < tasksPerQueue; ++i)
            inOrder = inOrder && logs[q][static_cast<std::size_t>(i)] == i;
        CHECK(inOrder);
        CHECK(alpaka::empty(queues[q]));
    }
}
