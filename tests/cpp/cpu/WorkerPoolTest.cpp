// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! The persistent pool behind AccCpuThreads and AccCpuFibers: run() keeps its shares concurrent (the threads of a
//! block), runShares() may take a late worker's share back to the caller (ranges of blocks); both run every share
//! exactly once, return only when all are done, and never grow the pool launch after launch.

#include <alpaka/detail/cpu/launch/WorkerPool.hpp>
#include <alpaka/detail/sys/CpuPlacement.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <latch>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using alpaka::detail::cpu::WorkerPool;

    //! How often each share ran, reset per call.
    struct ShareCounts
    {
        std::array<std::atomic<int>, 8> runs{};

        void reset()
        {
            for(auto& count : runs)
                count.store(0);
        }

        auto eachOnce(std::uint32_t n) const -> bool
        {
            for(std::uint32_t i = 0; i < runs.size(); ++i)
                if(runs[i].load() != (i < n ? 1 : 0))
                    return false;
            return true;
        }
    };
} // namespace

TEST_CASE("WorkerPool::run runs its shares at the same time", "[cpu][pool]")
{
    for(std::uint32_t n = 1; n <= 4; ++n)
    {
        // Every share waits for all the others: this returns only if all n run concurrently.
        std::latch together(n);
        ShareCounts counts;
        auto share = [&](std::uint32_t index) noexcept
        {
            together.arrive_and_wait();
            counts.runs[index].fetch_add(1);
        };
        WorkerPool::instance().run(n, share);
        CHECK(counts.eachOnce(n));
    }
}

TEST_CASE("WorkerPool::runShares runs every share once and returns after all of them", "[cpu][pool]")
{
    ShareCounts counts;
    for(std::uint32_t n = 1; n <= 8; ++n)
        for(int repeat = 0; repeat < 50; ++repeat)
        {
            counts.reset();
            auto share = [&](std::uint32_t index) noexcept
            {
                if(index % 3u == 2u) // some shares take long: the call must wait for them
                    std::this_thread::sleep_for(std::chrono::microseconds(50));
                counts.runs[index].fetch_add(1);
            };
            WorkerPool::instance().runShares(n, share);
            INFO("n = " << n << ", repeat " << repeat);
            REQUIRE(counts.eachOnce(n));
        }
}

TEST_CASE("WorkerPool::runShares takes a sleeping worker's share back to the caller", "[cpu][pool]")
{
    auto& pool = WorkerPool::instance();
    // The launcher does not wait for the worker to claim its share first (it would, 20 us, and mostly get it).
    pool.setClaimWaitNs(0);
    struct RestoreClaimWait
    {
        ~RestoreClaimWait()
        {
            WorkerPool::instance().setClaimWaitNs(WorkerPool::defaultClaimWaitNs);
        }
    } const restore;
    std::thread::id const caller = std::this_thread::get_id();
    std::atomic<int> onCaller{0};
    auto share = [&](std::uint32_t index) noexcept
    {
        if(index == 1u && std::this_thread::get_id() == caller)
            onCaller.fetch_add(1);
    };
    pool.runShares(2, share);
    auto const workers = pool.size();
    constexpr int attempts = 40;
    for(int attempt = 0; attempt < attempts; ++attempt)
    {
        // Long enough for the worker to stop spinning and sleep: waking it takes far longer than the caller's
        // empty share, so the caller takes share 1 back in (nearly) every attempt.
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        pool.runShares(2, share);
    }
    CHECK(onCaller.load() > 0);
    // A worker whose share was taken back is idle again at once: the pool does not grow.
    for(int launch = 0; launch < 2000; ++launch)
        pool.runShares(2, share);
    CHECK(pool.size() == workers);
}

TEST_CASE("WorkerPool::run and runShares from several threads at once", "[cpu][pool]")
{
    constexpr int launches = 300;
    std::atomic<long> total{0};
    std::atomic<int> incomplete{0}; // Catch2's assertions are not thread-safe: counted here, checked after the join
    auto launcher = [&](bool shares)
    {
        for(int launch = 0; launch < launches; ++launch)
        {
            std::array<int, 3> ran{}; // written by each share once, read after the call: races show under TSan
            auto share = [&](std::uint32_t index) noexcept
            {
                ran[index] = 1;
                total.fetch_add(1);
            };
            if(shares)
                WorkerPool::instance().runShares(3, share);
            else
                WorkerPool::instance().run(3, share);
            if(ran != std::array<int, 3>{1, 1, 1})
                incomplete.fetch_add(1);
        }
    };
    std::vector<std::thread> threads;
    for(int t = 0; t < 4; ++t)
        threads.emplace_back(launcher, t % 2 == 0);
    for(auto& thread : threads)
        thread.join();
    CHECK(incomplete.load() == 0);
    CHECK(total.load() == 4L * launches * 3);
}

#if defined(__linux__)
TEST_CASE("moveOffCpu moves the calling thread to another allowed CPU and keeps its affinity mask", "[cpu][pool]")
{
    using alpaka::detail::sys::currentCpu;
    using alpaka::detail::sys::moveOffCpu;
    cpu_set_t before;
    REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
    if(CPU_COUNT(&before) < 2)
    {
        WARN("one allowed CPU: nowhere to move");
        return;
    }
    std::thread(
        [&]
        {
            int const from = currentCpu();
            moveOffCpu(from);
            int const to = currentCpu();
            cpu_set_t after;
            REQUIRE(sched_getaffinity(0, sizeof after, &after) == 0);
            CHECK(to != from);
            CHECK(CPU_ISSET(to, &before));
            CHECK(CPU_EQUAL(&after, &before));
            // Not allowed or out of range: nothing happens, nothing fails.
            moveOffCpu(-1);
            moveOffCpu(CPU_SETSIZE);
        })
        .join();
}
#endif
