// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! detail::cpu::FiberRing, the block threads of the fibers back-end: every thread runs once, control passes round the
//! ring in thread order at each yield, threads that return early leave the ring, stacks hold large local arrays and
//! come back to the pool, and many OS threads run rings of their own at once. Built with the fibers back-end.

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED)

#    include <alpaka/detail/cpu/launch/FiberRing.hpp>

#    include <array>
#    include <atomic>
#    include <cstdint>
#    include <thread>
#    include <utility>
#    include <vector>

#    include "alpaka_test/Catch.hpp"

namespace
{
    using alpaka::detail::cpu::FiberRing;
} // namespace

TEST_CASE("FiberRing runs every thread once, thread 0 on the calling context", "[cpu][fiberRing]")
{
    for(std::uint32_t const threads : {1u, 2u, 7u, 8u, 9u, 256u, 1024u})
    {
        std::vector<int> runs(threads, 0);
        std::thread::id thread0;
        std::atomic<bool> sameOsThread{true};
        auto const caller = std::this_thread::get_id();
        FiberRing::run(
            threads,
            [&](std::uint32_t thread) noexcept
            {
                ++runs[thread];
                if(thread == 0u)
                    thread0 = std::this_thread::get_id();
                else if(std::this_thread::get_id() != caller)
                    sameOsThread = false;
            });
        INFO("threads " << threads);
        CHECK(runs == std::vector<int>(threads, 1));
        CHECK(thread0 == caller);
        CHECK(sameOsThread);
    }
}

TEST_CASE("FiberRing passes control round the ring in thread order", "[cpu][fiberRing]")
{
    constexpr std::uint32_t threads = 5;
    constexpr int phases = 4;
    std::vector<std::pair<std::uint32_t, int>> order;
    FiberRing::run(
        threads,
        [&](std::uint32_t thread) noexcept
        {
            for(int phase = 0; phase < phases; ++phase)
            {
                order.emplace_back(thread, phase);
                FiberRing::yieldCurrent();
            }
        });
    std::vector<std::pair<std::uint32_t, int>> expected;
    for(int phase = 0; phase < phases; ++phase)
        for(std::uint32_t thread = 0; thread < threads; ++thread)
            expected.emplace_back(thread, phase);
    CHECK(order == expected);
}

TEST_CASE("FiberRing skips threads that returned, and thread 0 waits for the rest", "[cpu][fiberRing]")
{
    // Thread t yields t times: thread 0 returns first and must still wait for thread 9's nine yields.
    constexpr std::uint32_t threads = 10;
    std::vector<int> yields(threads, 0);
    std::atomic<int> finished{0};
    FiberRing::run(
        threads,
        [&](std::uint32_t thread) noexcept
        {
            for(std::uint32_t i = 0; i < thread; ++i)
            {
                FiberRing::yieldCurrent();
                ++yields[thread];
            }
            ++finished;
        });
    CHECK(finished == static_cast<int>(threads));
    for(std::uint32_t thread = 0; thread < threads; ++thread)
        CHECK(yields[thread] == static_cast<int>(thread));
}

TEST_CASE("FiberRing yields outside a ring return at once", "[cpu][fiberRing]")
{
    FiberRing::yieldCurrent();
    int runs = 0;
    FiberRing::run(
        1u,
        [&](std::uint32_t) noexcept
        {
            FiberRing::yieldCurrent(); // alone: nobody to pass control to
            ++runs;
        });
    CHECK(runs == 1);
}

TEST_CASE("FiberRing stacks hold large local arrays and are reused", "[cpu][fiberRing]")
{
    // 128 KiB of locals on each fiber's 256 KiB stack, written and read across yields, three rings in a row.
    for(int round = 0; round < 3; ++round)
    {
        std::vector<std::uint64_t> sums(8, 0);
        FiberRing::run(
            8u,
            [&](std::uint32_t thread) noexcept
            {
                std::array<std::uint64_t, 16 * 1024> local;
                for(std::size_t i = 0; i < local.size(); ++i)
                    local[i] = i * (thread + 1u);
                FiberRing::yieldCurrent();
                std::uint64_t sum = 0;
                for(auto const value : local)
                    sum += value;
                sums[thread] = sum;
            });
        std::uint64_t const base = std::uint64_t{16 * 1024} * (16 * 1024 - 1) / 2;
        for(std::uint32_t thread = 0; thread < 8u; ++thread)
            CHECK(sums[thread] == base * (thread + 1u));
    }
}

TEST_CASE("FiberRing rings of several OS threads run side by side", "[cpu][fiberRing]")
{
    constexpr int osThreads = 4;
    constexpr std::uint32_t fibers = 16;
    std::atomic<int> total{0};
    std::vector<std::thread> workers;
    for(int i = 0; i < osThreads; ++i)
        workers.emplace_back(
            [&]
            {
                for(int round = 0; round < 50; ++round)
                    FiberRing::run(
                        fibers,
                        [&](std::uint32_t) noexcept
                        {
                            FiberRing::yieldCurrent();
                            ++total;
                        });
            });
    for(auto& worker : workers)
        worker.join();
    CHECK(total == osThreads * 50 * static_cast<int>(fibers));
}

#endif
