// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! syncBlockThreads: what a thread writes before the barrier, every thread of its block reads after it.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>

#include "alpaka_test/Block.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    //! Rounds of: every thread writes its slot, barrier, every thread reads the other slots, barrier. A barrier that
    //! lets a thread through early shows up as a stale or a next-round value.
    struct BarrierRoundsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, int rounds) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            auto& slots = alpaka::declareSharedVar<int[blocktest::maxBlockThreads], 0>(acc);
            auto& total = alpaka::declareSharedVar<int, 1>(acc);
            Idx const thread = blocktest::linearThreadIdx(acc);
            Idx const threads = blocktest::blockThreadCount(acc);
            int const block = static_cast<int>(blocktest::linearBlockIdx(acc));
            auto const value = [&](Idx t, int round) { return block * 100000 + static_cast<int>(t) * 100 + round; };

            for(int round = 0; round < rounds; ++round)
            {
                slots[thread] = value(thread, round);
                alpaka::syncBlockThreads(acc);
                for(Idx t = 0; t < threads; ++t)
                    ALPAKA_CHECK(*success, slots[t] == value(t, round));
                alpaka::syncBlockThreads(acc);
            }

            // Thread 0 sums what the others wrote in the last round; everyone sees the sum after the barrier.
            if(thread == 0)
            {
                int sum = 0;
                for(Idx t = 0; t < threads; ++t)
                    sum += slots[t];
                total = sum;
            }
            alpaka::syncBlockThreads(acc);
            int expected = 0;
            for(Idx t = 0; t < threads; ++t)
                expected += value(t, rounds - 1);
            ALPAKA_CHECK(*success, total == expected);
        }
    };

    //! Barriers in a loop whose trip count differs between blocks (but not between the threads of a block).
    struct BarrierLoopKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            auto& counter = alpaka::declareSharedVar<Idx, 0>(acc);
            Idx const block = blocktest::linearBlockIdx(acc);
            Idx const iterations = static_cast<Idx>(block % 5 + 1);
            if(alpaka::oncePerBlock(acc))
                counter = 0;
            alpaka::syncBlockThreads(acc);
            for(Idx i = 0; i < iterations; ++i)
            {
                ALPAKA_CHECK(*success, counter == i);
                alpaka::syncBlockThreads(acc);
                if(alpaka::oncePerBlock(acc))
                    ++counter;
                alpaka::syncBlockThreads(acc);
            }
            ALPAKA_CHECK(*success, counter == iterations);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("syncBlockThreads orders writes before reads", "[block][sync]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    for(alpaka::Idx<Acc> threads : {1, 2, 4})
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(2, threads));
        INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
        CHECK(fixture(BarrierRoundsKernel{}, 1));
        CHECK(fixture(BarrierRoundsKernel{}, 20));
        CHECK(fixture(BarrierLoopKernel{}));
    }
}
