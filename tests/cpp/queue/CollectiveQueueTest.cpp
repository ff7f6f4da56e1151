// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// QueueCpuOmp2Collective (upstream's alpaka/test/queue/QueueCpuOmp2Collective.hpp): inside an OpenMP parallel region
// every thread makes the same calls; an AccCpuOmp2Blocks kernel runs once with its blocks shared by the team, other
// tasks run once, events and wait() are barriers. Outside a region it is a blocking queue.

#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)

#    include <alpaka/alpaka.hpp>
#    include <alpaka/test/queue/QueueCpuOmp2Collective.hpp>

#    include <atomic>
#    include <cstddef>
#    include <stdexcept>
#    include <string>
#    include <vector>

#    include <omp.h>

#    include "alpaka_test/Catch.hpp"

namespace
{
    using Dim = alpaka::DimInt<1>;
    using Idx = std::size_t;
    using Acc = alpaka::AccCpuOmp2Blocks<Dim, Idx>;
    using Queue = alpaka::QueueCpuOmp2Collective;
    using WorkDiv = alpaka::WorkDivMembers<Dim, Idx>;

    constexpr int teamSize = 4;

    //! Adds one to the block's counter and remembers which team thread ran the block.
    struct CountBlocks
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, std::atomic<int>* counts, int* threadOfBlock) const
        {
            auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            counts[block].fetch_add(1, std::memory_order_relaxed);
            threadOfBlock[block] = omp_get_thread_num();
        }
    };

    struct ThrowInBlock
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, std::size_t failing) const
        {
            if(alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0] == failing)
                throw std::runtime_error("block failed on purpose");
        }
    };

    auto workDiv(std::size_t blocks) -> WorkDiv
    {
        return WorkDiv{Idx{blocks}, Idx{1}, Idx{1}};
    }

    auto cpu() -> alpaka::DevCpu
    {
        return alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    }
} // namespace

TEST_CASE("collectiveKernelRunsEachBlockOnceSharedByTheTeam", "[queue][collective]")
{
    Queue queue(cpu());
    constexpr std::size_t blocks = 37;
    std::vector<std::atomic<int>> counts(blocks);
    std::vector<int> threadOfBlock(blocks, -1);
    int teamThreads = 0;
#    pragma omp parallel num_threads(teamSize)
    {
#    pragma omp single
        teamThreads = omp_get_num_threads();
        alpaka::exec<Acc>(queue, workDiv(blocks), CountBlocks{}, counts.data(), threadOfBlock.data());
        alpaka::wait(queue);
    }
    for(std::size_t b = 0; b < blocks; ++b)
    {
        CHECK(counts[b].load() == 1);
        CHECK(threadOfBlock[b] >= 0);
        CHECK(threadOfBlock[b] < teamThreads);
    }
    // The static schedule gives each thread of the team a share (the team may be smaller than asked for).
    std::vector<int> blocksOfThread(static_cast<std::size_t>(teamThreads), 0);
    for(auto const thread : threadOfBlock)
        ++blocksOfThread[static_cast<std::size_t>(thread)];
    for(auto const n : blocksOfThread)
        CHECK(n > 0);
    CHECK(alpaka::empty(queue));
}

TEST_CASE("collectiveHostTasksAndCopiesRunOncePerTeam", "[queue][collective]")
{
    auto const dev = cpu();
    Queue queue(dev);
    std::atomic<int> runs{0};
    std::vector<int> results(teamSize, -1);
#    pragma omp parallel num_threads(teamSize)
    {
        alpaka::enqueue(queue, [&runs] { runs.fetch_add(1); });
        int const thread = omp_get_thread_num();
        auto const one = alpaka::Vec<Dim, Idx>{Idx{1}};
        auto dst = alpaka::createView(dev, results.data() + thread, one);
        auto src = alpaka::createView(dev, &thread, one);
        alpaka::memcpy(queue, dst, src, one);
        alpaka::wait(queue);
    }
    CHECK(runs.load() == 1);
    int copied = 0;
    for(int i = 0; i < teamSize; ++i)
        if(results[static_cast<std::size_t>(i)] != -1)
        {
            ++copied;
            CHECK(results[static_cast<std::size_t>(i)] == i);
        }
    CHECK(copied == 1);
}

TEST_CASE("collectiveEventsAndWaitAreBarriers", "[queue][collective]")
{
    auto const dev = cpu();
    Queue queue(dev);
    alpaka::Event<Queue> event(dev);
    std::vector<int> written(teamSize, 0);
    std::atomic<int> sawAll{0};
    std::atomic<int> sawComplete{0};
    int teamThreads = 0;
#    pragma omp parallel num_threads(teamSize)
    {
#    pragma omp single
        teamThreads = omp_get_num_threads();
        written[static_cast<std::size_t>(omp_get_thread_num())] = 1;
        alpaka::enqueue(queue, event);
        // Every thread passed the barrier: all wrote, and the event is complete for each of them.
        int sum = 0;
        for(int i = 0; i < teamThreads; ++i)
            sum += written[static_cast<std::size_t>(i)];
        if(sum == teamThreads)
            sawAll.fetch_add(1);
        if(alpaka::isComplete(event))
            sawComplete.fetch_add(1);
        alpaka::wait(queue, event);
        alpaka::wait(queue);
    }
    CHECK(sawAll.load() == teamThreads);
    CHECK(sawComplete.load() == teamThreads);
    CHECK(alpaka::isComplete(event));
}

TEST_CASE("collectiveKernelErrorReachesTheThreadOfTheBlock", "[queue][collective]")
{
    Queue queue(cpu());
    std::atomic<int> failures{0};
    std::string message;
#    pragma omp parallel num_threads(teamSize)
    {
        try
        {
            alpaka::exec<Acc>(queue, workDiv(16), ThrowInBlock{}, std::size_t{5});
        }
        catch(std::runtime_error const& e)
        {
            if(failures.fetch_add(1) == 0)
                message = e.what();
        }
        alpaka::wait(queue);
    }
    CHECK(failures.load() == 1);
    CHECK(message.find("block failed on purpose") != std::string::npos);

    // The queue stays usable, in and out of parallel regions.
    std::vector<std::atomic<int>> counts(8);
    std::vector<int> threadOfBlock(8, -1);
#    pragma omp parallel num_threads(teamSize)
    alpaka::exec<Acc>(queue, workDiv(8), CountBlocks{}, counts.data(), threadOfBlock.data());
    alpaka::exec<Acc>(queue, workDiv(8), CountBlocks{}, counts.data(), threadOfBlock.data());
    alpaka::wait(queue);
    for(auto const& count : counts)
        CHECK(count.load() == 2);
}

TEST_CASE("collectiveEmptyLaunchAndOtherAcceleratorsRunOnce", "[queue][collective]")
{
    Queue queue(cpu());
    std::vector<std::atomic<int>> counts(6);
    std::vector<int> threadOfBlock(6, -1);
#    pragma omp parallel num_threads(teamSize)
    {
        alpaka::exec<Acc>(queue, workDiv(0), CountBlocks{}, counts.data(), threadOfBlock.data());
#    if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
        // A kernel of another accelerator is a task like any other: one thread of the team runs all of it.
        alpaka::exec<alpaka::AccCpuSerial<Dim, Idx>>(
            queue, workDiv(6), CountBlocks{}, counts.data(), threadOfBlock.data());
#    endif
        alpaka::wait(queue);
    }
    int const expected =
#    if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
        1;
#    else
        0;
#    endif
    for(auto const& count : counts)
        CHECK(count.load() == expected);
}

TEST_CASE("collectiveQueueOutsideRegionsIsBlocking", "[queue][collective]")
{
    auto const dev = cpu();
    Queue queue(dev);
    STATIC_REQUIRE(alpaka::test::IsBlockingQueue<Queue>::value);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Queue>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Event<Queue>, alpaka::EventCpu>);
    CHECK(alpaka::empty(queue));
    CHECK(alpaka::getDev(queue) == dev);

    std::vector<int> order;
    for(int i = 0; i < 5; ++i)
        alpaka::enqueue(queue, [&order, i] { order.push_back(i); });
    CHECK(order == std::vector<int>{0, 1, 2, 3, 4});

    alpaka::Event<Queue> event(dev);
    alpaka::enqueue(queue, event);
    CHECK(alpaka::isComplete(event));
    alpaka::wait(queue, event);
    alpaka::wait(queue);
    CHECK(alpaka::empty(queue));

    Queue copy = queue;
    CHECK(copy == queue);
    CHECK(Queue(dev) != queue);
}

#endif
