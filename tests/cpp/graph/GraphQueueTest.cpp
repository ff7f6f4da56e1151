// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Graphs of host tasks and events on every (device, queue) pair: replays run the recorded work in capture order, in
// queue order with the work around them, any number of times; events recorded in a graph are reached at each replay;
// a graph launched while capturing becomes one node; arguments are captured by value.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <atomic>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Graph.hpp"

TEMPLATE_LIST_TEST_CASE("graphReplaysHostTasksInOrderManyTimes", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> sequence;
    alpaka::beginCapture(queue);
    CHECK(alpaka::isCapturing(queue));
    for(int i = 0; i < 3; ++i)
        alpaka::enqueue(queue, [&sequence, i] { sequence.push_back(i); });
    auto const graph = alpaka::endCapture(queue);
    CHECK_FALSE(alpaka::isCapturing(queue));
    CHECK(alpaka::getNodeCount(graph) == 3u);
    alpaka::wait(queue);
    CHECK(sequence.empty()); // capturing records, it does not run

    constexpr int replays = 1000;
    alpaka::enqueue(queue, [&sequence] { sequence.push_back(-1); });
    for(int r = 0; r < replays; ++r)
        alpaka::enqueue(queue, graph);
    alpaka::enqueue(queue, [&sequence] { sequence.push_back(-2); });
    alpaka::wait(queue);

    REQUIRE(sequence.size() == 3u * replays + 2u);
    CHECK(sequence.front() == -1);
    CHECK(sequence.back() == -2);
    for(std::size_t i = 0; i < 3u * replays; ++i)
        CHECK(sequence[i + 1] == static_cast<int>(i % 3));
}

TEMPLATE_LIST_TEST_CASE("graphCapturesArgumentsByValue", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> seen;
    int value = 1;
    auto const graph
        = alpaka::captureGraph(queue, [&] { alpaka::enqueue(queue, [&seen, value] { seen.push_back(value); }); });
    value = 2; // the recorded task keeps the value it was enqueued with
    alpaka::enqueue(queue, graph);
    alpaka::enqueue(queue, graph);
    alpaka::wait(queue);
    CHECK(seen == std::vector<int>{1, 1});
}

TEMPLATE_LIST_TEST_CASE("eventsInAGraphAreReachedAtEachReplay", "[graph]", graph_test::HostWorkQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    alpaka::Event<Queue> event(fixture.m_dev);

    std::atomic<int> runs{0};
    auto const graph = alpaka::captureGraph(
        queue,
        [&]
        {
            alpaka::enqueue(queue, [&runs] { runs.fetch_add(1); });
            alpaka::enqueue(queue, event);
        });
    CHECK(alpaka::getNodeCount(graph) == 2u);
    CHECK(alpaka::isComplete(event)); // never enqueued outside the capture

    for(int r = 1; r <= 3; ++r)
    {
        alpaka::enqueue(queue, graph);
        alpaka::wait(event);
        CHECK(runs.load() == r);
    }

    // A queue can wait for an event inside a graph: the wait refers to the event's enqueue current at each launch.
    Queue other(fixture.m_dev);
    std::vector<int> order;
    auto const waiting = alpaka::captureGraph(
        other,
        [&]
        {
            alpaka::wait(other, event);
            alpaka::enqueue(other, [&order, &runs] { order.push_back(runs.load()); });
        });
    alpaka::enqueue(queue, graph);
    alpaka::enqueue(other, waiting);
    alpaka::wait(other);
    alpaka::wait(queue);
    CHECK(order == std::vector<int>{4});
}

TEMPLATE_LIST_TEST_CASE("aGraphLaunchedWhileCapturingIsOneNode", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> sequence;
    auto const inner = alpaka::captureGraph(
        queue,
        [&]
        {
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(1); });
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(2); });
        });
    auto const outer = alpaka::captureGraph(
        queue,
        [&]
        {
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(0); });
            alpaka::enqueue(queue, inner);
            alpaka::enqueue(queue, inner);
        });
    CHECK(alpaka::getNodeCount(outer) == 3u);
    alpaka::enqueue(queue, outer);
    alpaka::wait(queue);
    CHECK(sequence == std::vector<int>{0, 1, 2, 1, 2});
}

TEMPLATE_LIST_TEST_CASE("anEmptyGraphReplaysAsNothing", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;
    auto const graph = alpaka::captureGraph(queue, [] {});
    CHECK(alpaka::getNodeCount(graph) == 0u);
    alpaka::enqueue(queue, graph);
    alpaka::wait(queue);
    CHECK(alpaka::empty(queue));
}
