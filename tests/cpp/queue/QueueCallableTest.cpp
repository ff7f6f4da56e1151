// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Any nullary callable is a host task: move-only and copy-only function objects, lvalues and rvalues, mutable
// lambdas, function pointers, std::function, callables that return a value.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    //! Can only be moved: owns its payload.
    class MoveOnlyTask
    {
    public:
        MoveOnlyTask(std::unique_ptr<int> payload, std::vector<int>* out)
            : m_payload(std::move(payload))
            , m_out(out)
        {
        }

        MoveOnlyTask(MoveOnlyTask&&) noexcept = default;
        auto operator=(MoveOnlyTask&&) noexcept -> MoveOnlyTask& = default;
        MoveOnlyTask(MoveOnlyTask const&) = delete;
        auto operator=(MoveOnlyTask const&) -> MoveOnlyTask& = delete;

        void operator()() const
        {
            m_out->push_back(*m_payload);
        }

    private:
        std::unique_ptr<int> m_payload;
        std::vector<int>* m_out;
    };

    //! Has a copy constructor and no move constructor (moving it copies), like pre-C++11 function objects.
    class CopyOnlyTask
    {
    public:
        CopyOnlyTask(int value, std::vector<int>* out)
            : m_value(value)
            , m_out(out)
        {
        }

        CopyOnlyTask(CopyOnlyTask const& other)
            : m_value(other.m_value)
            , m_out(other.m_out)
        {
        }

        auto operator=(CopyOnlyTask const& other) -> CopyOnlyTask&
        {
            m_value = other.m_value;
            m_out = other.m_out;
            return *this;
        }

        ~CopyOnlyTask() = default;

        void operator()() const
        {
            m_out->push_back(m_value);
        }

    private:
        int m_value;
        std::vector<int>* m_out;
    };

    static_assert(!std::is_copy_constructible_v<MoveOnlyTask>);
    static_assert(std::is_copy_constructible_v<CopyOnlyTask>);

    std::vector<int>* freeFunctionOut = nullptr;

    void freeFunctionTask()
    {
        freeFunctionOut->push_back(77);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("enqueueMoveOnlyCallables", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;
    std::vector<int> out;

    alpaka::enqueue(queue, MoveOnlyTask(std::make_unique<int>(1), &out));
    MoveOnlyTask named(std::make_unique<int>(2), &out);
    alpaka::enqueue(queue, std::move(named));
    alpaka::enqueue(queue, [payload = std::make_unique<int>(3), &out] { out.push_back(*payload); });
    alpaka::wait(queue);
    CHECK(out == std::vector<int>{1, 2, 3});
}

TEMPLATE_LIST_TEST_CASE("enqueueCopyOnlyCallables", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;
    std::vector<int> out;

    CopyOnlyTask task(5, &out);
    CopyOnlyTask const constTask(6, &out);
    alpaka::enqueue(queue, task); // lvalue: the queue copies it, the caller keeps it
    alpaka::enqueue(queue, task);
    alpaka::enqueue(queue, constTask);
    alpaka::enqueue(queue, CopyOnlyTask(7, &out));
    alpaka::enqueue(queue, std::move(task)); // "moving" copies
    alpaka::wait(queue);
    CHECK(out == std::vector<int>{5, 5, 6, 7, 5});
}

TEMPLATE_LIST_TEST_CASE("enqueueOtherCallables", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;
    std::vector<int> out;
    freeFunctionOut = &out;

    // A mutable lambda: its state lives in the task.
    alpaka::enqueue(
        queue,
        [count = 10, &out]() mutable
        {
            ++count;
            out.push_back(count);
        });
    // A function pointer and a function.
    alpaka::enqueue(queue, &freeFunctionTask);
    alpaka::enqueue(queue, freeFunctionTask);
    // std::function.
    std::function<void()> const function = [&out] { out.push_back(20); };
    alpaka::enqueue(queue, function);
    // A callable whose result is ignored.
    alpaka::enqueue(
        queue,
        [&out]
        {
            out.push_back(30);
            return 31;
        });
    // A named lambda enqueued twice.
    auto const lambda = [&out] { out.push_back(40); };
    alpaka::enqueue(queue, lambda);
    alpaka::enqueue(queue, lambda);
    alpaka::wait(queue);

    CHECK(out == std::vector<int>{11, 77, 77, 20, 30, 40, 40});
    freeFunctionOut = nullptr;
}

TEMPLATE_LIST_TEST_CASE("taskStateIsReleasedByWait", "[queue]", alpaka::test::TestQueues)
{
    alpaka::test::QueueTestFixture<TestType> fixture;
    auto& queue = fixture.m_queue;

    // What a task captured is released once it ran: when wait() returns, the queue no longer holds it.
    auto resource = std::make_shared<int>(42);
    std::weak_ptr<int> const watch = resource;
    alpaka::enqueue(queue, [held = std::move(resource)] { *held += 1; });
    alpaka::wait(queue);
    CHECK(watch.expired());
}
