// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! AccCpuThreads (and AccCpuOmp2Threads) with more threads per block than the advisory maximum (8 per core): launches
//! of up to 1024 threads run, as upstream alpaka's std::thread back-end runs them, and give correct results with block
//! barriers; a block of 64 threads that meets at a barrier thousands of times finishes in bounded time while other
//! threads keep the cores busy (waiters park instead of yielding without end).

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)

namespace
{
    using Dim1 = alpaka::DimInt<1u>;
    using ThreadsAcc = alpaka::AccCpuThreads<Dim1, int>;
    using WorkDiv = alpaka::WorkDivMembers<Dim1, int>;

    //! Reverses each block's part of `data` through shared memory, `rounds` times (two barriers per round): an even
    //! number of rounds gives the input back, an odd one the reversal within each block.
    struct ReverseInBlocks
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, int* data, int rounds) const
        {
            auto& tile = alpaka::declareSharedVar<int[1024], __COUNTER__>(acc);
            int const threads = static_cast<int>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0]);
            int const t = static_cast<int>(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0]);
            int const base = static_cast<int>(alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0]) * threads;
            for(int round = 0; round < rounds; ++round)
            {
                tile[t] = data[base + t];
                alpaka::syncBlockThreads(acc);
                data[base + t] = tile[threads - 1 - t];
                alpaka::syncBlockThreads(acc);
            }
        }
    };

    auto reversedWithinBlocks(std::vector<int> const& in, int threads) -> std::vector<int>
    {
        std::vector<int> out(in.size());
        for(std::size_t i = 0; i < in.size(); ++i)
        {
            auto const block = i / static_cast<std::size_t>(threads);
            auto const t = i % static_cast<std::size_t>(threads);
            out[i] = in[block * static_cast<std::size_t>(threads) + static_cast<std::size_t>(threads) - 1u - t];
        }
        return out;
    }

    template<typename TAcc = ThreadsAcc>
    auto runReverse(int blocks, int threads, int rounds) -> std::vector<int>
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<alpaka::DevCpu, alpaka::Blocking> queue(dev);
        std::vector<int> data(static_cast<std::size_t>(blocks * threads));
        for(std::size_t i = 0; i < data.size(); ++i)
            data[i] = static_cast<int>(i * 7u + 3u);
        alpaka::exec<TAcc>(queue, WorkDiv(blocks, threads, 1), ReverseInBlocks{}, data.data(), rounds);
        return data;
    }
} // namespace

TEST_CASE("AccCpuThreads runs blocks beyond its advisory thread maximum", "[cpu][threads]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<ThreadsAcc>{}, 0);
    auto const props = alpaka::getAccDevProps<ThreadsAcc>(dev);
    // The advisory maximum (what getValidWorkDiv aims for) is upstream's: 8 threads per hardware thread.
    CHECK(props.m_blockThreadCountMax == static_cast<int>(8u * std::max(1u, std::thread::hardware_concurrency())));

    for(int const threads : {32, 64, 1024})
    {
        INFO(threads << " threads per block");
        std::vector<int> input(static_cast<std::size_t>(3 * threads));
        for(std::size_t i = 0; i < input.size(); ++i)
            input[i] = static_cast<int>(i * 7u + 3u);
        CHECK(runReverse(3, threads, 1) == reversedWithinBlocks(input, threads));
        CHECK(runReverse(3, threads, 4) == input);
    }
}

#    if defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)
TEST_CASE("AccCpuOmp2Threads runs blocks beyond its advisory thread maximum", "[cpu][threads]")
{
    // An OpenMP team of more threads than cores, as upstream's back-end runs it (its launch does not check the
    // advisory maximum): up to 1024 within OpenMP's thread limit.
    using Omp2Threads = alpaka::AccCpuOmp2Threads<Dim1, int>;
    CHECK(alpaka::detail::cpu::cpuLaunchLimits<Omp2Threads>().m_blockThreadCountMax >= 64);
    for(int const threads : {32, 64})
    {
        INFO(threads << " threads per block");
        std::vector<int> input(static_cast<std::size_t>(3 * threads));
        for(std::size_t i = 0; i < input.size(); ++i)
            input[i] = static_cast<int>(i * 7u + 3u);
        CHECK(runReverse<Omp2Threads>(3, threads, 1) == reversedWithinBlocks(input, threads));
        CHECK(runReverse<Omp2Threads>(3, threads, 4) == input);
    }
}
#    endif

TEST_CASE("AccCpuThreads refuses more than 1024 threads per block", "[cpu][threads]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<ThreadsAcc>{}, 0);
    alpaka::Queue<alpaka::DevCpu, alpaka::Blocking> queue(dev);
    int dummy = 0;
    auto launch = [&] { alpaka::exec<ThreadsAcc>(queue, WorkDiv(1, 1025, 1), ReverseInBlocks{}, &dummy, 0); };
    CHECK_THROWS_AS(launch(), std::runtime_error);
    CHECK_THROWS_WITH(
        launch(),
        Catch::Contains("invalid work division for AccCpuThreads") && Catch::Contains("blockThreadExtent (1025)")
            && Catch::Contains("exceeds the maximum (1024)"));
}

TEST_CASE("AccCpuThreads: 64 threads meet at a barrier 4000 times on busy cores", "[cpu][threads]")
{
    // Busy threads on every core (and then some), like other processes on a loaded machine.
    std::atomic<bool> stop{false};
    std::vector<std::thread> busy;
    for(unsigned i = 0; i < std::max(2u, std::thread::hardware_concurrency()); ++i)
        busy.emplace_back(
            [&stop]
            {
                while(!stop.load(std::memory_order_relaxed))
                {
                }
            });
    auto const start = std::chrono::steady_clock::now();
    auto const result = runReverse(1, 64, 2000);
    auto const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    stop = true;
    for(auto& thread : busy)
        thread.join();

    std::vector<int> input(64);
    for(std::size_t i = 0; i < input.size(); ++i)
        input[i] = static_cast<int>(i * 7u + 3u);
    CHECK(result == input);
    INFO("took " << seconds << " s");
    // A liveness bound, not a speed target: well above what this takes on an idle or a loaded machine and under
    // ThreadSanitizer, below the stall of waiters that yield without end
    // (docs/dev/measurements.md#blocks-of-many-threads).
    CHECK(seconds < 120.0);
}

#endif
