// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! syncBlockThreadsPredicate: BlockCount counts the threads with a non-zero predicate, BlockAnd and BlockOr return
//! exactly 0 or 1, whatever non-zero values the predicates have; every thread gets the block's result.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <initializer_list>

#include "alpaka_test/Block.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    //! Checks Count, And and Or of the block's predicates: the first `active` threads of the block pass `value`, the
    //! others 0.
    template<typename TAcc>
    ALPAKA_FN_ACC auto checkPredicates(
        TAcc const& acc,
        bool* success,
        alpaka::Idx<TAcc> thread,
        alpaka::Idx<TAcc> threads,
        alpaka::Idx<TAcc> active,
        int value) -> void
    {
        int const predicate = thread < active ? value : 0;
        int const expectedCount = value == 0 ? 0 : static_cast<int>(active);
        int const count = alpaka::syncBlockThreadsPredicate<alpaka::BlockCount>(acc, predicate);
        ALPAKA_CHECK(*success, count == expectedCount);
        int const all = alpaka::syncBlockThreadsPredicate<alpaka::BlockAnd>(acc, predicate);
        ALPAKA_CHECK(*success, all == (expectedCount == static_cast<int>(threads) ? 1 : 0));
        int const any = alpaka::syncBlockThreadsPredicate<alpaka::BlockOr>(acc, predicate);
        ALPAKA_CHECK(*success, any == (expectedCount > 0 ? 1 : 0));
    }

    struct PredicateKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            Idx const thread = blocktest::linearThreadIdx(acc);
            Idx const threads = blocktest::blockThreadCount(acc);
            Idx const block = blocktest::linearBlockIdx(acc);

            // All true, with predicates that are not 1.
            for(int value : {1, 5, -3, 0x40000000})
                checkPredicates(acc, success, thread, threads, threads, value);
            // All false.
            checkPredicates(acc, success, thread, threads, threads, 0);
            checkPredicates(acc, success, thread, threads, Idx{0}, 7);
            // Mixed, and different in every block: the first (block % (threads + 1)) threads.
            checkPredicates(acc, success, thread, threads, static_cast<Idx>(block % (threads + 1)), 5);
            // Mixed: the even threads.
            int const even = thread % 2 == 0 ? 2 : 0;
            int const evenCount = static_cast<int>((threads + 1) / 2);
            ALPAKA_CHECK(*success, alpaka::syncBlockThreadsPredicate<alpaka::BlockCount>(acc, even) == evenCount);
            ALPAKA_CHECK(
                *success,
                alpaka::syncBlockThreadsPredicate<alpaka::BlockAnd>(acc, even)
                    == (evenCount == static_cast<int>(threads) ? 1 : 0));
            ALPAKA_CHECK(*success, alpaka::syncBlockThreadsPredicate<alpaka::BlockOr>(acc, even) == 1);
        }
    };

    //! The reduction objects themselves: initial values and the combine step.
    template<typename TOp>
    auto reduce(std::initializer_list<int> values) -> int
    {
        int result = static_cast<int>(TOp::InitialValue);
        for(int value : values)
            result = TOp{}(result, value);
        return result;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "syncBlockThreadsPredicate counts and returns normalised And/Or", "[block][sync]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    for(alpaka::Idx<Acc> threads : {1, 3, 4})
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(3, threads));
        INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
        CHECK(fixture(PredicateKernel{}));
    }
}

TEST_CASE("BlockCount, BlockAnd and BlockOr reduce like the block does", "[block][sync]")
{
    CHECK(static_cast<int>(alpaka::BlockCount::InitialValue) == 0);
    CHECK(static_cast<int>(alpaka::BlockAnd::InitialValue) == 1);
    CHECK(static_cast<int>(alpaka::BlockOr::InitialValue) == 0);

    CHECK(reduce<alpaka::BlockCount>({}) == 0);
    CHECK(reduce<alpaka::BlockCount>({0, 5, -1, 0, 1}) == 3);
    CHECK(reduce<alpaka::BlockAnd>({}) == 1);
    CHECK(reduce<alpaka::BlockAnd>({5, -1, 2}) == 1);
    CHECK(reduce<alpaka::BlockAnd>({5, 0, 2}) == 0);
    CHECK(reduce<alpaka::BlockOr>({}) == 0);
    CHECK(reduce<alpaka::BlockOr>({0, 0, 0}) == 0);
    CHECK(reduce<alpaka::BlockOr>({0, 6, 0}) == 1);
}
