// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The errors of graphs, each a std::runtime_error naming what was wrong, after which the queue stays usable:
// capturing on a queue with work in flight, capturing twice, ending a capture that was not begun, waiting for a
// capturing queue, a node that throws during a replay, and a capture whose recording code throws.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"
#include "alpaka_test/Graph.hpp"

namespace
{
    using graph_test::isBlocking;

    template<typename TQueue>
    void checkUsable(TQueue& queue)
    {
        int ran = 0;
        auto const graph = alpaka::captureGraph(queue, [&] { alpaka::enqueue(queue, [&ran] { ++ran; }); });
        alpaka::enqueue(queue, graph);
        alpaka::wait(queue);
        CHECK(ran == 1);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("capturingABusyQueueThrows", "[graph]", graph_test::HostWorkQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;
    if constexpr(!isBlocking<Queue>)
    {
        // Work held back by a manually triggered event keeps the queue busy.
        alpaka::test::EventHostManualTrigger<typename Fixture::Dev> trigger(fixture.m_dev);
        alpaka::enqueue(queue, trigger);
        auto const message = alpaka_test::runtimeErrorMessage([&] { alpaka::beginCapture(queue); });
        CHECK_THAT(message, alpaka_test::containsSubstring("still has work in flight"));
        CHECK_FALSE(alpaka::isCapturing(queue));
        trigger.trigger();
        alpaka::wait(queue);
    }
    checkUsable(queue);
}

TEMPLATE_LIST_TEST_CASE("captureCallsOutOfOrderThrow", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    auto const notBegun = alpaka_test::runtimeErrorMessage([&] { static_cast<void>(alpaka::endCapture(queue)); });
    CHECK_THAT(notBegun, alpaka_test::containsSubstring("not capturing"));

    alpaka::beginCapture(queue);
    auto const twice = alpaka_test::runtimeErrorMessage([&] { alpaka::beginCapture(queue); });
    CHECK_THAT(twice, alpaka_test::containsSubstring("already capturing"));
    CHECK(alpaka::isCapturing(queue));
    static_cast<void>(alpaka::endCapture(queue));
    checkUsable(queue);
}

TEMPLATE_LIST_TEST_CASE("waitingForACapturingQueueThrows", "[graph]", graph_test::HostWorkQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    int ran = 0;
    alpaka::beginCapture(queue);
    alpaka::enqueue(queue, [&ran] { ++ran; });
    auto const onQueue = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(queue); });
    CHECK_THAT(onQueue, alpaka_test::containsSubstring("capturing a graph"));
    if constexpr(graph_test::isCpuQueue<Queue>)
    {
        // A GPU device does not know its queues: wait(dev) there is the runtime's, which refuses during a capture.
        auto const onDevice = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(fixture.m_dev); });
        CHECK_THAT(onDevice, alpaka_test::containsSubstring("capturing a graph"));
    }
    // The capture goes on after the error.
    alpaka::enqueue(queue, [&ran] { ++ran; });
    auto const graph = alpaka::endCapture(queue);
    CHECK(alpaka::getNodeCount(graph) == 2u);
    alpaka::enqueue(queue, graph);
    alpaka::wait(queue);
    CHECK(ran == 2);
}

TEMPLATE_LIST_TEST_CASE("aNodeThatThrowsEndsItsReplay", "[graph]", graph_test::HostWorkQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> sequence;
    bool fail = true;
    auto const graph = alpaka::captureGraph(
        queue,
        [&]
        {
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(1); });
            alpaka::enqueue(
                queue,
                [&fail]
                {
                    if(fail)
                        throw std::runtime_error("node failed");
                });
            alpaka::enqueue(queue, [&sequence] { sequence.push_back(3); });
        });

    std::string message;
    if constexpr(isBlocking<Queue>)
        message = alpaka_test::runtimeErrorMessage([&] { alpaka::enqueue(queue, graph); });
    else
    {
        alpaka::enqueue(queue, graph);
        message = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(queue); });
    }
    CHECK(message == "node failed");
    // A CPU replay stops at the failing node; a CUDA graph runs its other host nodes and reports the error after.
    if constexpr(graph_test::isCpuQueue<Queue>)
        CHECK(sequence == std::vector<int>{1});
    else
        CHECK(sequence == std::vector<int>{1, 3});
    sequence = {1};

    fail = false;
    alpaka::enqueue(queue, graph);
    alpaka::wait(queue);
    CHECK(sequence == std::vector<int>{1, 1, 3});
}

TEMPLATE_LIST_TEST_CASE("aThrowingRecordingEndsTheCapture", "[graph]", graph_test::HostWorkQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    auto const message = alpaka_test::runtimeErrorMessage(
        [&]
        {
            static_cast<void>(alpaka::captureGraph(
                queue,
                [&]
                {
                    alpaka::enqueue(queue, [] {});
                    throw std::runtime_error("recording failed");
                }));
        });
    CHECK(message == "recording failed");
    CHECK_FALSE(alpaka::isCapturing(queue));
    checkUsable(queue);
}
