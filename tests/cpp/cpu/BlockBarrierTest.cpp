// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! detail::cpu::BlockBarrier on plain std::threads: phases, votes, threads that drop out, more threads than cores.

#include <alpaka/detail/cpu/launch/BlockBarrier.hpp>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Barrier = alpaka::detail::cpu::BlockBarrier<alpaka::detail::cpu::SpinThenYieldThread>;

    //! Runs body(thread) on n threads at once.
    template<typename TBody>
    void onThreads(std::uint32_t n, TBody body)
    {
        std::vector<std::thread> threads;
        for(std::uint32_t t = 0; t < n; ++t)
            threads.emplace_back([&body, t] { body(t); });
        for(auto& thread : threads)
            thread.join();
    }
} // namespace

TEST_CASE("BlockBarrier: nobody passes a phase before everybody arrived", "[cpu][barrier]")
{
    for(std::uint32_t const n : {1u, 2u, 3u, 8u, 33u})
    {
        INFO(n << " threads");
        Barrier barrier(n);
        constexpr int rounds = 200;
        std::vector<std::atomic<int>> progress(n);
        std::atomic<int> violations{0};
        onThreads(
            n,
            [&](std::uint32_t t)
            {
                for(int round = 0; round < rounds; ++round)
                {
                    progress[t].store(round + 1, std::memory_order_relaxed);
                    barrier.arriveAndWait();
                    for(std::uint32_t other = 0; other < n; ++other)
                        if(progress[other].load(std::memory_order_relaxed) < round + 1)
                            violations.fetch_add(1);
                    barrier.arriveAndWait();
                }
            });
        CHECK(violations == 0);
    }
}

TEST_CASE("BlockBarrier: votes count the non-zero predicates of their phase", "[cpu][barrier]")
{
    constexpr std::uint32_t n = 6;
    Barrier barrier(n);
    std::atomic<int> wrong{0};
    onThreads(
        n,
        [&](std::uint32_t t)
        {
            for(std::uint32_t round = 0; round < 100; ++round)
            {
                // In round r, the threads t < r % (n + 1) vote 1.
                auto const vote = barrier.arriveAndVote(t < round % (n + 1) ? 1 : 0);
                if(vote.arrived != n || vote.nonZero != round % (n + 1))
                    wrong.fetch_add(1);
            }
        });
    CHECK(wrong == 0);
}

TEST_CASE("BlockBarrier: a thread that drops out does not block the others", "[cpu][barrier]")
{
    constexpr std::uint32_t n = 4;
    Barrier barrier(n);
    std::atomic<int> phasesSeen{0};
    onThreads(
        n,
        [&](std::uint32_t t)
        {
            if(t == 2)
            {
                // Let the others arrive first, so the drop has to complete their phase.
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                barrier.drop();
                return;
            }
            for(int phase = 0; phase < 10; ++phase)
            {
                auto const vote = barrier.arriveAndVote(1);
                if(vote.arrived == n - 1 && vote.nonZero == n - 1)
                    phasesSeen.fetch_add(1);
            }
        });
    CHECK(phasesSeen == 10 * static_cast<int>(n - 1));
}

TEST_CASE("BlockBarrier: the last thread runs the completion alone", "[cpu][barrier]")
{
    constexpr std::uint32_t n = 5;
    Barrier barrier(n);
    int completions = 0; // written only by the completing thread, read after the barrier: no atomic needed
    std::atomic<int> wrong{0};
    onThreads(
        n,
        [&](std::uint32_t)
        {
            for(int phase = 1; phase <= 50; ++phase)
            {
                barrier.arriveAndWait(false, [&] { ++completions; });
                if(completions != phase)
                    wrong.fetch_add(1);
                barrier.arriveAndWait();
            }
        });
    CHECK(wrong == 0);
    CHECK(completions == 50);
}
