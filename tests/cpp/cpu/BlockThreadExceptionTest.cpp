// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! An exception in one thread of a block while the others wait at barriers: the launch ends (no deadlock), the
//! exception reaches the caller with its message, later blocks are skipped, and the queue stays usable.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"
#include "alpaka_test/KernelIndices.hpp"

namespace
{
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;

    //! Thread `failingThread` of block `failingBlock` throws in the middle; every thread passes barriers before and
    //! after that point and counts the blocks it finished.
    struct ThrowBetweenBarriersKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(
            TAcc const& acc,
            std::uint32_t failingBlock,
            std::uint32_t failingThread,
            std::uint32_t* blocksFinished) const
        {
            auto const block = static_cast<std::uint32_t>(alpaka_test::linearBlockIdx(acc));
            auto const thread = static_cast<std::uint32_t>(alpaka_test::linearThreadIdx(acc));
            for(int round = 0; round < 3; ++round)
            {
                alpaka::syncBlockThreads(acc);
                if(round == 1 && block == failingBlock && thread == failingThread)
                    throw std::runtime_error("thread " + std::to_string(thread) + " of block " + std::to_string(block));
                (void)alpaka::syncBlockThreadsPredicate<alpaka::BlockCount>(acc, 1);
            }
            if(thread == 0)
                alpaka::atomicAdd(acc, blocksFinished, 1u);
        }
    };

    template<typename TAcc>
    inline constexpr bool multiThreadCpu
        = alpaka::isMultiThreadAcc<TAcc> && std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;
} // namespace

TEMPLATE_LIST_TEST_CASE("an exception in one block thread ends the launch without deadlock", "[cpu]", Accs1D)
{
    using Acc = TestType;
    if constexpr(multiThreadCpu<Acc>)
    {
        using Vec = alpaka::Vec<alpaka::DimInt<1u>, std::uint32_t>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        auto const threadsMax = alpaka::getAccDevProps<Acc>(dev).m_blockThreadCountMax;
        if(threadsMax < 2)
        {
            WARN(alpaka::getAccName<Acc>() << " has one thread per block here: nothing to check");
            return;
        }
        std::uint32_t const threads = threadsMax < 4 ? threadsMax : 4u;
        constexpr std::uint32_t blocks = 6;
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, std::uint32_t> const workDiv{Vec{blocks}, Vec{threads}, Vec{1u}};

        for(std::uint32_t const failingThread : {0u, threads - 1u})
        {
            INFO(alpaka::getAccName<Acc>() << ", thread " << failingThread << " of block 2 throws");
            alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
            auto finished = alpaka::allocBuf<std::uint32_t, std::uint32_t>(dev, 1u);
            alpaka::memset(queue, finished, 0);

            std::string const expected = "thread " + std::to_string(failingThread) + " of block 2";
            CHECK_THROWS_WITH(
                alpaka::exec<Acc>(
                    queue, workDiv, ThrowBetweenBarriersKernel{}, 2u, failingThread, alpaka::getPtrNative(finished)),
                alpaka_test::containsSubstring(expected));
            // Blocks after the failing one do not start on the back-ends that run blocks one after another (others
            // may have run them already). Thread 0 counts a finished block, so the failing block counts itself unless
            // its thread 0 threw.
            auto const finishedBlocks = alpaka_test::toHost(queue, finished)[0];
            if(alpaka::getAccDevProps<Acc>(dev).m_multiProcessorCount == 1u)
                CHECK(finishedBlocks == (failingThread == 0u ? 2u : 3u));
            else if(failingThread == 0u)
                CHECK(finishedBlocks <= blocks - 1u);

            // The queue still runs kernels with barriers correctly.
            alpaka::memset(queue, finished, 0);
            alpaka::exec<Acc>(queue, workDiv, ThrowBetweenBarriersKernel{}, blocks, 0u, alpaka::getPtrNative(finished));
            CHECK(alpaka_test::toHost(queue, finished)[0] == blocks);
        }
    }
}

// Back-ends that run blocks of several threads at the same time (fibers, OpenMP target): a block failing on one core
// while the blocks on the other cores are between barriers must stop them all, at a block boundary, without leaving
// one thread of a block waiting for another that saw the failure earlier.
TEMPLATE_LIST_TEST_CASE("a failing block stops the blocks running beside it", "[cpu]", Accs1D)
{
    using Acc = TestType;
    if constexpr(multiThreadCpu<Acc>)
    {
        using Vec = alpaka::Vec<alpaka::DimInt<1u>, std::uint32_t>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        auto const props = alpaka::getAccDevProps<Acc>(dev);
        if(props.m_blockThreadCountMax < 2 || props.m_multiProcessorCount < 2)
        {
            WARN(alpaka::getAccName<Acc>() << " does not run blocks of several threads side by side here");
            return;
        }
        std::uint32_t const threads = props.m_blockThreadCountMax < 4 ? props.m_blockThreadCountMax : 4u;
        std::uint32_t const blocks = 16u * static_cast<std::uint32_t>(props.m_multiProcessorCount);
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, std::uint32_t> const workDiv{Vec{blocks}, Vec{threads}, Vec{1u}};
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto finished = alpaka::allocBuf<std::uint32_t, std::uint32_t>(dev, 1u);
        for(std::uint32_t attempt = 0; attempt < 40u; ++attempt)
        {
            std::uint32_t const failingBlock = (attempt * 7u) % blocks;
            std::uint32_t const failingThread = attempt % threads;
            INFO(
                alpaka::getAccName<Acc>() << ", thread " << failingThread << " of block " << failingBlock << " throws");
            alpaka::memset(queue, finished, 0);
            CHECK_THROWS_WITH(
                alpaka::exec<Acc>(
                    queue,
                    workDiv,
                    ThrowBetweenBarriersKernel{},
                    failingBlock,
                    failingThread,
                    alpaka::getPtrNative(finished)),
                alpaka_test::containsSubstring("of block " + std::to_string(failingBlock)));
            // Thread 0 counts a finished block: the failing block counts itself unless its thread 0 threw.
            if(failingThread == 0u)
                CHECK(alpaka_test::toHost(queue, finished)[0] <= blocks - 1u);
        }
        alpaka::memset(queue, finished, 0);
        alpaka::exec<Acc>(queue, workDiv, ThrowBetweenBarriersKernel{}, blocks, 0u, alpaka::getPtrNative(finished));
        CHECK(alpaka_test::toHost(queue, finished)[0] == blocks);
    }
}
