// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! detail::sys::Parker, the wait of queues, events and pipelined blocks, on plain std::threads: no lost wake-up when
//! waiters sleep at once, many waiters on one parker, and the clock and processor count of Spin.hpp and SysInfo.hpp,
//! which stand in for <chrono> and <thread> on the kernel side.

#include <alpaka/detail/sys/Parker.hpp>
#include <alpaka/detail/sys/Spin.hpp>
#include <alpaka/detail/sys/SysInfo.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using alpaka::detail::sys::Parker;

    //! Two threads hand a token back and forth `rounds` times, each waiting on its own parker for its turn. Every
    //! `pauseEvery`-th hand-over comes late (after 30 µs), so that the waiter has gone to sleep by then.
    void pingPong(std::int64_t spinNs, std::int64_t yieldNs, int rounds, int pauseEvery = 64)
    {
        std::atomic<int> turn{0};
        Parker parkers[2]{Parker(spinNs, yieldNs), Parker(spinNs, yieldNs)};
        auto const play = [&](int self)
        {
            for(int round = 0; round < rounds; ++round)
            {
                int const mine = 2 * round + self;
                parkers[self].wait([&] { return turn.load(std::memory_order_seq_cst) == mine; });
                if(round % pauseEvery == 0)
                    std::this_thread::sleep_for(std::chrono::microseconds(30));
                turn.store(mine + 1, std::memory_order_seq_cst);
                parkers[1 - self].notify();
            }
        };
        std::thread other(play, 1);
        play(0);
        other.join();
        CHECK(turn.load() == 2 * rounds);
    }
} // namespace

TEST_CASE("Parker: a waiter that sleeps at once is always woken", "[cpu][parker]")
{
    // No spinning and no yielding: every wait that is not satisfied at once goes to sleep, so a lost wake-up
    // between the check and the sleep would hang this test.
    pingPong(0, 0, 20000);
}

TEST_CASE("Parker: spinning, yielding and sleeping waiters hand over in order", "[cpu][parker]")
{
    pingPong(Parker::spinNs, Parker::yieldNs, 2000);
    pingPong(2'000, 0, 2000);
}

TEST_CASE("Parker: one notify wakes every waiter whose condition holds", "[cpu][parker]")
{
    for(int const waiters : {1, 3, 16})
    {
        INFO(waiters << " waiters");
        Parker parker(0, 0);
        std::atomic<int> released{0};
        std::atomic<int> woken{0};
        std::vector<std::thread> threads;
        for(int w = 0; w < waiters; ++w)
            threads.emplace_back(
                [&, w]
                {
                    parker.wait([&] { return released.load(std::memory_order_seq_cst) > w; });
                    woken.fetch_add(1);
                });
        // Release the waiters one at a time: each notify wakes all sleepers, and those whose turn has not come go
        // back to sleep.
        for(int w = 0; w < waiters; ++w)
        {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            released.store(w + 1, std::memory_order_seq_cst);
            parker.notify();
        }
        for(auto& thread : threads)
            thread.join();
        CHECK(woken.load() == waiters);
    }
}

TEST_CASE("Parker: a condition that already holds returns without waiting", "[cpu][parker]")
{
    Parker parker;
    int checks = 0;
    parker.wait(
        [&]
        {
            ++checks;
            return true;
        });
    CHECK(checks == 1);
    parker.notify(); // nobody sleeps: nothing to wake
}

TEST_CASE("Spin.hpp: the monotonic clock advances with std::chrono::steady_clock", "[cpu][parker]")
{
    using alpaka::detail::sys::monotonicNanoseconds;
    auto const steadyStart = std::chrono::steady_clock::now();
    std::int64_t const start = monotonicNanoseconds();
    std::int64_t previous = start;
    for(int i = 0; i < 1000; ++i)
    {
        std::int64_t const now = monotonicNanoseconds();
        REQUIRE(now >= previous);
        previous = now;
        alpaka::detail::sys::cpuRelax();
        alpaka::detail::sys::cpuYield();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::int64_t const elapsed = monotonicNanoseconds() - start;
    auto const steadyElapsed
        = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - steadyStart).count();
    CHECK(elapsed >= 20'000'000);
    // Read within the same interval as the steady clock, give or take the two reads.
    CHECK(elapsed <= steadyElapsed + 1'000'000);
}

TEST_CASE("SysInfo: the hardware thread count is std::thread::hardware_concurrency", "[cpu][parker]")
{
    auto const expected = std::thread::hardware_concurrency();
    auto const count = alpaka::detail::sys::getHardwareThreadCount();
    CHECK(count >= 1u);
    if(expected != 0u)
        CHECK(count == expected);
}
