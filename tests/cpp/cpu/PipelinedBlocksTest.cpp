// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Pipelined blocks (the std::thread and OpenMP threads back-ends without dynamic shared memory: a thread starts its
//! next block without waiting for the others, see BlockThreadsState): many blocks of more threads than cores, so that
//! threads drift apart by many blocks. Each block's static shared variables stay its own, barriers inside a block meet
//! in that block (also when only some blocks have them), a variable declared by one thread reaches the others, and
//! freeSharedVars works. Every back-end with blocks of several threads runs it; TSan runs it on the threaded ones.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/KernelIndices.hpp"

namespace
{
    using Idx = std::uint32_t;
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, Idx>;
    constexpr Idx maxThreads = 64;

    template<typename TAcc>
    inline constexpr bool pipelinedOnThreads
        = alpaka::isMultiThreadAcc<TAcc> && std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;

    //! What a block's thread t finds in its neighbour's slot of a shared array: the neighbour's value of this block.
    //! maybe_unused: a build without a multi-threaded CPU accelerator (hipcc -Werror) never instantiates the kernel.
    [[maybe_unused]] ALPAKA_FN_HOST_ACC constexpr auto tag(Idx block, Idx thread, Idx round) -> Idx
    {
        return block * 100000u + round * 1000u + thread;
    }

    //! Blocks whose index is a multiple of `sharedEvery` pass values between their threads through static shared
    //! arrays, twice, with barriers (and free the variables between); the others write their result directly.
    //! out[block * threads + t] ends as the number of correct reads (2) or 2 for blocks without shared memory.
    struct NeighbourKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, Idx* out, Idx sharedEvery) const
        {
            auto const block = static_cast<Idx>(alpaka_test::linearBlockIdx(acc));
            auto const thread = static_cast<Idx>(alpaka_test::linearThreadIdx(acc));
            auto const threads = static_cast<Idx>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0]);
            Idx const next = (thread + 1u) % threads;
            Idx correct = 0;
            if(block % sharedEvery == 0u)
            {
                for(Idx round = 0; round < 2u; ++round)
                {
                    auto& values = alpaka::declareSharedVar<Idx[maxThreads], __COUNTER__>(acc);
                    values[thread] = tag(block, thread, round);
                    alpaka::syncBlockThreads(acc);
                    correct += values[next] == tag(block, next, round) ? 1u : 0u;
                    alpaka::syncBlockThreads(acc);
                    alpaka::freeSharedVars(acc);
                }
            }
            else
                correct = 2u;
            out[block * threads + thread] = correct;
        }
    };

    //! Thread 0 alone declares a variable and stores the block's index; after a barrier every thread declares it too
    //! and reads it back.
    struct DeclaredByOneKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, Idx* out) const
        {
            auto const block = static_cast<Idx>(alpaka_test::linearBlockIdx(acc));
            auto const thread = static_cast<Idx>(alpaka_test::linearThreadIdx(acc));
            auto const threads = static_cast<Idx>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0]);
            constexpr std::size_t id = 4242;
            if(thread == 0u)
                alpaka::declareSharedVar<Idx, id>(acc) = block;
            alpaka::syncBlockThreads(acc);
            out[block * threads + thread] = alpaka::declareSharedVar<Idx, id>(acc);
        }
    };

    template<typename TAcc>
    auto makeWorkDiv(Idx blocks, Idx threads) -> alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>
    {
        using Vec = alpaka::Vec<alpaka::DimInt<1u>, Idx>;
        return {Vec{blocks}, Vec{threads}, Vec{1u}};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("many blocks of many threads keep their shared memory apart", "[cpu]", Accs1D)
{
    using Acc = TestType;
    if constexpr(pipelinedOnThreads<Acc>)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        Idx const threadsMax = alpaka::getAccDevProps<Acc>(dev).m_blockThreadCountMax;
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        for(Idx const threads : {Idx{2}, threadsMax < maxThreads ? threadsMax : maxThreads})
            for(Idx const sharedEvery : {Idx{1}, Idx{3}, Idx{1000}})
            {
                if(threads > threadsMax)
                    continue;
                Idx const blocks = 100;
                INFO(
                    alpaka::getAccName<Acc>() << ": " << blocks << " blocks of " << threads
                                              << " threads, shared memory in every " << sharedEvery << ". block");
                auto out = alpaka::allocBuf<Idx, Idx>(dev, blocks * threads);
                alpaka::memset(queue, out, 0);
                alpaka::exec<Acc>(
                    queue,
                    makeWorkDiv<Acc>(blocks, threads),
                    NeighbourKernel{},
                    alpaka::getPtrNative(out),
                    sharedEvery);
                CHECK(alpaka_test::toHost(queue, out) == std::vector<Idx>(blocks * threads, 2u));
            }
    }
}

TEMPLATE_LIST_TEST_CASE("a shared variable one thread declares reaches the block's other threads", "[cpu]", Accs1D)
{
    using Acc = TestType;
    if constexpr(pipelinedOnThreads<Acc>)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        Idx const threadsMax = alpaka::getAccDevProps<Acc>(dev).m_blockThreadCountMax;
        Idx const threads = threadsMax < 16u ? threadsMax : 16u;
        Idx const blocks = 200;
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto out = alpaka::allocBuf<Idx, Idx>(dev, blocks * threads);
        for(int repeat = 0; repeat < 5; ++repeat)
        {
            alpaka::memset(queue, out, 0xff);
            alpaka::exec<Acc>(
                queue, makeWorkDiv<Acc>(blocks, threads), DeclaredByOneKernel{}, alpaka::getPtrNative(out));
            std::vector<Idx> expected(blocks * threads);
            for(Idx i = 0; i < blocks * threads; ++i)
                expected[i] = i / threads;
            CHECK(alpaka_test::toHost(queue, out) == expected);
        }
    }
}

TEMPLATE_LIST_TEST_CASE("an element loop over many small blocks visits every index once", "[cpu]", Accs1D)
{
    using Acc = TestType;
    if constexpr(pipelinedOnThreads<Acc>)
    {
        struct Count
        {
            ALPAKA_FN_ACC void operator()(Acc const& acc, Idx* counts, Idx n) const
            {
                for(auto i : alpaka::uniformElements(acc, n))
                    ++counts[i]; // each index has one owner: no atomic needed
            }
        };
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        Idx const threadsMax = alpaka::getAccDevProps<Acc>(dev).m_blockThreadCountMax;
        Idx const threads = threadsMax < 16u ? threadsMax : 16u;
        Idx const n = 50000;
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto counts = alpaka::allocBuf<Idx, Idx>(dev, n);
        alpaka::memset(queue, counts, 0);
        using Vec = alpaka::Vec<alpaka::DimInt<1u>, Idx>;
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const workDiv{
            Vec{(n + threads * 7u - 1u) / (threads * 7u)}, Vec{threads}, Vec{7u}};
        alpaka::exec<Acc>(queue, workDiv, Count{}, alpaka::getPtrNative(counts), n);
        CHECK(alpaka_test::toHost(queue, counts) == std::vector<Idx>(n, 1u));
    }
}
