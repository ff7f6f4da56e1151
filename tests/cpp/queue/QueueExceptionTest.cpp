// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// An exception thrown by a host task reaches the caller: at enqueue() on a blocking queue, at the next wait() on a
// non-blocking one. Later tasks still run, the error is reported once, and the queue stays usable.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"
#include "alpaka_test/IsBlocking.hpp"

namespace
{
    using alpaka_test::isBlocking;

    //! A user error type derived from std::runtime_error.
    struct UserError : std::runtime_error
    {
        using std::runtime_error::runtime_error;
        int code = 7;
    };

    //! Enqueues task, which throws, and returns the message of the std::runtime_error that reaches the caller at the
    //! point where the queue kind reports errors; enqueueAfter(queue) runs between enqueueing and waiting.
    template<typename TQueue, typename TTask, typename TAfter>
    auto errorOfFailingTask(TQueue& queue, TTask task, TAfter enqueueAfter) -> std::string
    {
        std::string message;
        if constexpr(isBlocking<TQueue>)
        {
            message = alpaka_test::runtimeErrorMessage([&] { alpaka::enqueue(queue, task); });
            enqueueAfter(queue);
            CHECK_NOTHROW(alpaka::wait(queue));
        }
        else
        {
            // Enqueueing does not run the task and does not throw.
            CHECK_NOTHROW(alpaka::enqueue(queue, task));
            enqueueAfter(queue);
            message = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(queue); });
        }
        return message;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("hostTaskExceptionReachesTheCaller", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    std::vector<int> sequence;
    auto const message = errorOfFailingTask(
        queue,
        [&sequence]
        {
            sequence.push_back(1);
            throw std::runtime_error("host task failed: code 42");
        },
        [&sequence](auto& q) { alpaka::enqueue(q, [&sequence] { sequence.push_back(2); }); });
    CHECK(message == "host task failed: code 42");
    // The task after the failing one still ran.
    CHECK(sequence == std::vector<int>{1, 2});

    // Reported once.
    CHECK_NOTHROW(alpaka::wait(queue));
    CHECK_NOTHROW(alpaka::wait(queue));
    CHECK(alpaka::empty(queue));

    // The queue stays usable.
    alpaka::enqueue(queue, [&sequence] { sequence.push_back(3); });
    CHECK_NOTHROW(alpaka::wait(queue));
    CHECK(sequence == std::vector<int>{1, 2, 3});
}

TEMPLATE_LIST_TEST_CASE("hostTaskExceptionKeepsItsType", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;
    using Queue = typename alpaka::test::QueueTestFixture<TestType>::Queue;

    auto const failing = [] { throw UserError("user error from a host task"); };
    auto const reportPoint = [&]
    {
        if constexpr(isBlocking<Queue>)
            alpaka::enqueue(queue, failing);
        else
        {
            alpaka::enqueue(queue, failing);
            alpaka::wait(queue);
        }
    };
    try
    {
        reportPoint();
        FAIL("the error was not reported");
    }
    catch(UserError const& e)
    {
        CHECK(std::string(e.what()) == "user error from a host task");
        CHECK(e.code == 7);
    }
    CHECK_NOTHROW(alpaka::wait(queue));

    // An exception that is not a std::runtime_error still reaches the caller with its message.
    auto const logicFailing = [] { throw std::logic_error("logic error from a host task"); };
    try
    {
        alpaka::enqueue(queue, logicFailing);
        alpaka::wait(queue);
        FAIL("the error was not reported");
    }
    catch(std::exception const& e)
    {
        CHECK_THAT(std::string(e.what()), alpaka_test::containsSubstring("logic error from a host task"));
    }
    CHECK_NOTHROW(alpaka::wait(queue));
}

TEMPLATE_LIST_TEST_CASE("severalFailingHostTasks", "[queue]", alpaka::test::TestQueues)
{
    using Queue = typename alpaka::test::QueueTestFixture<TestType>::Queue;
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    int ran = 0;
    if constexpr(isBlocking<Queue>)
    {
        // Each enqueue reports its own task's error.
        for(int i = 0; i < 3; ++i)
        {
            auto const message = alpaka_test::runtimeErrorMessage(
                [&]
                {
                    alpaka::enqueue(
                        queue,
                        [&ran, i]
                        {
                            ++ran;
                            throw std::runtime_error("failure " + std::to_string(i));
                        });
                });
            CHECK(message == "failure " + std::to_string(i));
        }
    }
    else
    {
        for(int i = 0; i < 3; ++i)
            alpaka::enqueue(
                queue,
                [&ran, i]
                {
                    ++ran;
                    throw std::runtime_error("failure " + std::to_string(i));
                });
        // The first error is reported first; after at most one wait per error the queue is clean.
        auto const first = alpaka_test::runtimeErrorMessage([&] { alpaka::wait(queue); });
        CHECK(first == "failure 0");
        int reports = 1;
        for(; reports <= 3; ++reports)
        {
            try
            {
                alpaka::wait(queue);
                break;
            }
            catch(std::runtime_error const&)
            {
            }
        }
        CHECK(reports <= 3);
    }
    CHECK(ran == 3);
    CHECK_NOTHROW(alpaka::wait(queue));

    int after = 0;
    alpaka::enqueue(queue, [&after] { ++after; });
    alpaka::wait(queue);
    CHECK(after == 1);
}

TEMPLATE_LIST_TEST_CASE("failingTaskDoesNotAffectOtherQueues", "[queue]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Queue = typename Fixture::Queue;
    Fixture fixture;
    Queue other(fixture.m_dev);

    std::vector<int> otherLog;
    auto const message = errorOfFailingTask(
        fixture.m_queue,
        [] { throw std::runtime_error("only this queue failed"); },
        [&](auto&) { alpaka::enqueue(other, [&otherLog] { otherLog.push_back(1); }); });
    CHECK(message == "only this queue failed");
    CHECK_NOTHROW(alpaka::wait(other));
    CHECK(otherLog == std::vector<int>{1});
}
