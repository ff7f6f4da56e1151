// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Upstream's public core helpers, included by name as code written against upstream does: core::clipCast
// (core/ClipCast.hpp), core::CallbackThread (core/CallbackThread.hpp) and core::detail::ThreadPool
// (core/ThreadPool.hpp): results, order, futures, exceptions, and destruction that runs what is still queued.

#include <alpaka/core/CallbackThread.hpp>
#include <alpaka/core/ClipCast.hpp>
#include <alpaka/core/ThreadPool.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"

TEST_CASE("core::clipCast clamps to the target's range", "[core]")
{
    using alpaka::core::clipCast;
    static_assert(clipCast<std::uint8_t>(300) == 255);
    static_assert(clipCast<std::uint8_t>(-1) == 0);
    static_assert(clipCast<std::int8_t>(-1000) == -128);
    static_assert(clipCast<std::int32_t>(std::uint64_t{1} << 40) == std::numeric_limits<std::int32_t>::max());
    static_assert(clipCast<std::uint64_t>(std::int64_t{-5}) == 0u);
    static_assert(
        clipCast<std::int64_t>(std::numeric_limits<std::uint64_t>::max()) == std::numeric_limits<std::int64_t>::max());
    static_assert(clipCast<std::uint16_t>(1234) == 1234);
    CHECK(clipCast<int>(42L) == 42);
}

TEST_CASE("core::CallbackThread runs tasks in order, one at a time", "[core]")
{
    std::vector<int> order;
    std::future<void> last;
    {
        alpaka::core::CallbackThread thread;
        std::vector<std::future<void>> done;
        for(int i = 0; i < 50; ++i)
            done.push_back(thread.submit([&order, i] { order.push_back(i); })); // one worker: no lock needed
        done.back().wait();
        REQUIRE(order.size() == 50u);
        for(int i = 0; i < 50; ++i)
            CHECK(order[static_cast<std::size_t>(i)] == i);

        // An exception reaches the task's future, and the thread goes on.
        auto failed = thread.submit([] { throw std::runtime_error("task failed"); });
        CHECK_THROWS_WITH(failed.get(), "task failed");
        thread.submit(std::packaged_task<void()>([&order] { order.push_back(50); })).get();
        CHECK(order.back() == 50);

        // Destruction runs what is still queued.
        std::promise<void> gate;
        auto const opened = gate.get_future().share();
        thread.submit([opened] { opened.wait(); });
        last = thread.submit([&order] { order.push_back(51); });
        CHECK(thread.taskCount() <= 2u);
        gate.set_value();
    }
    CHECK(last.wait_for(std::chrono::seconds(0)) == std::future_status::ready);
    CHECK(order.back() == 51);
}

TEST_CASE("core::detail::ThreadPool runs every task on its workers", "[core]")
{
    std::atomic<int> sum{0};
    std::mutex mutex;
    std::vector<std::thread::id> workers;
    {
        alpaka::core::detail::ThreadPool pool(3);
        CHECK(pool.threadCount() == 3u);
        std::vector<std::future<void>> done;
        for(int i = 1; i <= 100; ++i)
            done.push_back(pool.enqueueTask(
                [&](int value)
                {
                    sum += value;
                    std::lock_guard<std::mutex> lock(mutex);
                    workers.push_back(std::this_thread::get_id());
                },
                i));
        for(auto& d : done)
            d.get();
        CHECK(sum == 5050);
        CHECK_THROWS_WITH(pool.enqueueTask([] { throw std::logic_error("bad"); }).get(), "bad");
        // Queued when the pool goes: still run.
        for(int i = 0; i < 10; ++i)
            pool.enqueueTask([&sum] { sum += 1; });
    }
    CHECK(sum == 5060);
    for(auto const& id : workers)
        CHECK(id != std::this_thread::get_id());
    CHECK_THROWS_AS(alpaka::core::detail::ThreadPool(0), std::invalid_argument);
}
