// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Several back-ends in one process: one after another and at the same time from different non-blocking queues,
//! each computing a block-shared-memory reduction with barriers and grid-wide atomics. And the std::thread
//! back-end's worker pool does not grow with the number of launches.

#include <alpaka/alpaka.hpp>
#include <alpaka/meta/ForEachType.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Idx = std::uint32_t;
    using Dim1 = alpaka::DimInt<1u>;
    using Vec1 = alpaka::Vec<Dim1, Idx>;
    using Accs1D = alpaka::test::EnabledAccs<Dim1, Idx>;

    //! Elements each reduction sums.
    constexpr Idx reduceCount = 100'000;

    //! Sums in[0, n) into *sum: a tree reduction per block in shared memory, then one atomic add per block.
    struct ReduceKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, std::uint64_t const* in, Idx n, std::uint64_t* sum) const
        {
            auto& partial = alpaka::declareSharedVar<std::uint64_t[64], 0>(acc);
            Idx const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
            Idx const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
            std::uint64_t mine = 0;
            for(Idx i : alpaka::uniformElements(acc, n))
                mine += in[i];
            partial[thread] = mine;
            alpaka::syncBlockThreads(acc);
            for(Idx stride = 1; stride < threads; stride *= 2)
            {
                if(thread % (2 * stride) == 0 && thread + stride < threads)
                    partial[thread] += partial[thread + stride];
                alpaka::syncBlockThreads(acc);
            }
            if(thread == 0)
                alpaka::atomicAdd(acc, sum, partial[0]);
        }
    };

    //! One back-end's share of the test: its queue, buffers and expected result.
    struct Job
    {
        virtual ~Job() = default;
        virtual void launch() = 0;
        virtual auto result() -> std::uint64_t = 0;
        virtual auto name() const -> std::string = 0;
    };

    template<typename TAcc>
    struct ReduceJob final : Job
    {
        static constexpr Idx n = reduceCount;

        ReduceJob()
            : dev(alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0))
            , queue(dev)
            , input(alpaka::allocBuf<std::uint64_t, Idx>(dev, n))
            , sum(alpaka::allocBuf<std::uint64_t, Idx>(dev, 1u))
        {
            for(Idx i = 0; i < n; ++i)
                alpaka::getPtrNative(input)[i] = i;
            alpaka::memset(queue, sum, 0);
            auto const props = alpaka::getAccDevProps<TAcc>(dev);
            Idx const threads = props.m_blockThreadCountMax < 8 ? props.m_blockThreadCountMax : 8;
            workDiv = alpaka::WorkDivMembers<Dim1, Idx>{Vec1{16u}, Vec1{threads}, Vec1{n / (16 * threads) + 1}};
        }

        void launch() override
        {
            alpaka::exec<TAcc>(
                queue,
                workDiv,
                ReduceKernel{},
                static_cast<std::uint64_t const*>(alpaka::getPtrNative(input)),
                n,
                alpaka::getPtrNative(sum));
        }

        auto result() -> std::uint64_t override
        {
            alpaka::wait(queue);
            return *alpaka::getPtrNative(sum);
        }

        auto name() const -> std::string override
        {
            return alpaka::getAccName<TAcc>();
        }

        alpaka::DevCpu dev;
        alpaka::Queue<TAcc, alpaka::NonBlocking> queue;
        alpaka::Buf<alpaka::DevCpu, std::uint64_t, Dim1, Idx> input;
        alpaka::Buf<alpaka::DevCpu, std::uint64_t, Dim1, Idx> sum;
        alpaka::WorkDivMembers<Dim1, Idx> workDiv{Vec1{1u}, Vec1{1u}, Vec1{1u}};
    };

    auto cpuJobs() -> std::vector<std::unique_ptr<Job>>
    {
        std::vector<std::unique_ptr<Job>> jobs;
        alpaka::meta::forEachType<Accs1D>(
            [&]<typename TAcc>()
            {
                if constexpr(std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>)
                    jobs.push_back(std::make_unique<ReduceJob<TAcc>>());
            });
        return jobs;
    }

    constexpr std::uint64_t expectedSum(std::uint64_t n)
    {
        return n * (n - 1) / 2;
    }
} // namespace

TEST_CASE("every CPU back-end at the same time, from its own non-blocking queue", "[cpu]")
{
    auto jobs = cpuJobs();
    constexpr int launches = 5;
    for(int i = 0; i < launches; ++i)
        for(auto& job : jobs)
            job->launch();
    for(auto& job : jobs)
    {
        INFO(job->name());
        CHECK(job->result() == launches * expectedSum(reduceCount));
    }
}

TEST_CASE("CPU back-ends one after another on one thread", "[cpu]")
{
    auto jobs = cpuJobs();
    for(auto& job : jobs)
    {
        INFO(job->name());
        job->launch();
        CHECK(job->result() == expectedSum(reduceCount));
    }
}

#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
TEST_CASE("AccCpuThreads reuses its workers launch after launch", "[cpu]")
{
    using Acc = alpaka::AccCpuThreads<Dim1, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
    alpaka::WorkDivMembers<Dim1, Idx> const workDiv{Vec1{3u}, Vec1{4u}, Vec1{1u}};
    auto const kernel = [] ALPAKA_FN_ACC(Acc const& acc) { alpaka::syncBlockThreads(acc); };
    alpaka::exec<Acc>(queue, workDiv, kernel);
    auto& pool = alpaka::detail::cpu::WorkerPool::instance();
    auto const workers = pool.size();
    CHECK(workers >= 3u);
    for(int i = 0; i < 200; ++i)
        alpaka::exec<Acc>(queue, workDiv, kernel);
    CHECK(pool.size() == workers);
}
#endif
