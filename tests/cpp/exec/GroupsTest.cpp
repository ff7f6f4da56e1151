// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! uniformGroups / uniformGroupElements and independentGroups / independentGroupElements on 1-D accelerators: each
//! element is visited once, global and local indices agree, a block takes the groups block-index + k * gridBlocks,
//! and all threads of a block run the same group iterations (they meet at barriers inside the group loop).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Exec.hpp"

namespace
{
    //! uniformGroups(acc, extent) with uniformGroupElements(acc, group, extent), or both without the extent.
    struct UniformGroupsKernel
    {
        template<typename TAcc, typename TIdx>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, unsigned* counts, TIdx extent, bool withExtent) const -> void
        {
            auto& sharedGroup = alpaka::declareSharedVar<TIdx, 0>(acc);
            TIdx const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            TIdx const gridBlocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc)[0];
            TIdx const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
            TIdx const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
            TIdx const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(acc)[0];
            TIdx const blockElems = alpaka::getWorkDiv<alpaka::Block, alpaka::Elems>(acc)[0];
            TIdx const end = withExtent ? extent : static_cast<TIdx>(gridBlocks * blockElems);

            auto const visit = [&](TIdx group, alpaka::ElementIndex<TIdx> const& element)
            {
                ALPAKA_CHECK(*success, element.global == group * blockElems + element.local);
                ALPAKA_CHECK(*success, element.local < blockElems);
                // A thread's elements of a group are its own run of `elems` local indices.
                ALPAKA_CHECK(*success, element.local / elems == thread);
                ALPAKA_CHECK(*success, element.global < end);
                if(element.global < end)
                    alpaka::atomicAdd(acc, &counts[element.global], 1u);
            };
            auto const body = [&](TIdx group)
            {
                ALPAKA_CHECK(*success, group % gridBlocks == block);
                // Every thread of the block is in this iteration: the barriers below are reached by all of them.
                if(thread == 0)
                    sharedGroup = group;
                alpaka::syncBlockThreads(acc);
                ALPAKA_CHECK(*success, sharedGroup == group);
                ALPAKA_CHECK(
                    *success,
                    alpaka::syncBlockThreadsPredicate<alpaka::BlockCount>(acc, 1) == static_cast<int>(threads));
                if(withExtent)
                    for(auto const element : alpaka::uniformGroupElements(acc, group, extent))
                        visit(group, element);
                else
                    for(auto const element : alpaka::uniformGroupElements(acc, group))
                        visit(group, element);
                alpaka::syncBlockThreads(acc);
            };
            if(withExtent)
                for(TIdx group : alpaka::uniformGroups(acc, extent))
                    body(group);
            else
                for(TIdx group : alpaka::uniformGroups(acc))
                    body(group);
        }
    };

    enum class IndependentForm : int
    {
        NoArguments, //!< independentGroups(acc) x independentGroupElements(acc)
        Extent,      //!< independentGroups(acc, groups) x independentGroupElements(acc, extent)
        FirstExtent  //!< independentGroups(acc, groups) x independentGroupElements(acc, first, extent)
    };

    //! Counts element i of group g at counts[g * stride + i].
    struct IndependentGroupsKernel
    {
        template<typename TAcc, typename TIdx>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* success,
            unsigned* counts,
            IndependentForm form,
            TIdx groups,
            TIdx first,
            TIdx extent,
            TIdx stride) const -> void
        {
            TIdx const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            TIdx const gridBlocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc)[0];
            TIdx const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
            TIdx const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
            TIdx const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(acc)[0];
            TIdx const groupCount = form == IndependentForm::NoArguments ? gridBlocks : groups;
            TIdx const begin = form == IndependentForm::FirstExtent ? first : TIdx{0};
            TIdx const end = form == IndependentForm::NoArguments ? static_cast<TIdx>(threads * elems) : extent;

            auto const visit = [&](TIdx group, TIdx i)
            {
                ALPAKA_CHECK(*success, group % gridBlocks == block);
                ALPAKA_CHECK(*success, group < groupCount);
                ALPAKA_CHECK(*success, i >= begin && i < end);
                ALPAKA_CHECK(*success, exectest::expectedOwner<TAcc>(i, begin, end, elems, threads) == thread);
                if(group < groupCount && i < end && i < stride)
                    alpaka::atomicAdd(acc, &counts[group * stride + i], 1u);
            };
            if(form == IndependentForm::NoArguments)
            {
                for(TIdx group : alpaka::independentGroups(acc))
                    for(TIdx i : alpaka::independentGroupElements(acc))
                        visit(group, i);
            }
            else if(form == IndependentForm::Extent)
            {
                for(TIdx group : alpaka::independentGroups(acc, groups))
                    for(TIdx i : alpaka::independentGroupElements(acc, extent))
                        visit(group, i);
            }
            else
            {
                for(TIdx group : alpaka::independentGroups(acc, groups))
                    for(TIdx i : alpaka::independentGroupElements(acc, first, extent))
                        visit(group, i);
            }
        }
    };

    //! Counts that are 1 exactly in [begin, end) of each of `groups` rows of `stride` entries.
    auto countWrong(
        std::vector<unsigned> const& counts, std::size_t groups, std::size_t stride, std::size_t begin, std::size_t end)
        -> std::size_t
    {
        std::size_t wrong = 0;
        for(std::size_t k = 0; k < counts.size(); ++k)
        {
            std::size_t const group = k / stride;
            std::size_t const i = k % stride;
            bool const inside = group < groups && i >= begin && i < end;
            if(counts[k] != (inside ? 1u : 0u))
                ++wrong;
        }
        return wrong;
    }
} // namespace

TEST_CASE("ElementIndex is an aggregate {global, local}", "[exec]")
{
    alpaka::ElementIndex<int> const index{3, 4};
    CHECK(index.global == 3);
    CHECK(index.local == 4);
    STATIC_REQUIRE(std::is_aggregate_v<alpaka::ElementIndex<std::size_t>>);
}

TEMPLATE_LIST_TEST_CASE("uniformGroups and uniformGroupElements visit every element once", "[exec]", exectest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    for(auto const& spec : exectest::workDivSpecs())
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(
            exectest::makeWorkDiv<Acc>(spec.blocks, spec.threads, spec.elems));
        auto& queue = fixture.getQueue();
        Idx const gridElems = alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(fixture.getWorkDiv())[0];
        auto const run = [&](Idx extent, bool withExtent)
        {
            Idx const end = withExtent ? extent : gridElems;
            std::size_t const size = static_cast<std::size_t>(end) + 64u;
            auto counts = exectest::zeroedBuf<unsigned, Acc>(queue, size);
            INFO(
                alpaka::getAccName<Acc>()
                << " " << fixture.getWorkDiv() << " extent " << extent << (withExtent ? "" : " (not passed)"));
            CHECK(fixture(UniformGroupsKernel{}, alpaka::getPtrNative(counts), extent, withExtent));
            CHECK(countWrong(exectest::toHost(queue, counts), 1u, size, 0u, static_cast<std::size_t>(end)) == 0u);
        };
        run(Idx{0}, false);
        for(Idx extent : {0, 1, 13, 100, 1000, 4099})
            run(extent, true);
    }
}

TEMPLATE_LIST_TEST_CASE(
    "independentGroups and independentGroupElements visit every element once", "[exec]", exectest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    for(auto const& spec : exectest::workDivSpecs())
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(
            exectest::makeWorkDiv<Acc>(spec.blocks, spec.threads, spec.elems));
        auto const& workDiv = fixture.getWorkDiv();
        auto& queue = fixture.getQueue();
        Idx const gridBlocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(workDiv)[0];
        Idx const blockElems = alpaka::getWorkDiv<alpaka::Block, alpaka::Elems>(workDiv)[0];
        auto const run = [&](IndependentForm form, Idx groups, Idx first, Idx extent)
        {
            Idx const groupCount = form == IndependentForm::NoArguments ? gridBlocks : groups;
            Idx const begin = form == IndependentForm::FirstExtent ? first : Idx{0};
            Idx const end = form == IndependentForm::NoArguments ? blockElems : extent;
            Idx const stride = static_cast<Idx>((end > begin ? end : begin) + 3);
            std::size_t const size = static_cast<std::size_t>((groupCount + 1) * stride);
            auto counts = exectest::zeroedBuf<unsigned, Acc>(queue, size);
            INFO(
                alpaka::getAccName<Acc>() << " " << workDiv << " form " << static_cast<int>(form) << " groups "
                                          << groups << " first " << first << " extent " << extent);
            CHECK(
                fixture(IndependentGroupsKernel{}, alpaka::getPtrNative(counts), form, groups, first, extent, stride));
            CHECK(
                countWrong(
                    exectest::toHost(queue, counts),
                    static_cast<std::size_t>(groupCount),
                    static_cast<std::size_t>(stride),
                    static_cast<std::size_t>(begin),
                    static_cast<std::size_t>(end))
                == 0u);
        };
        run(IndependentForm::NoArguments, Idx{0}, Idx{0}, Idx{0});
        for(Idx groups : {0, 1, 5, 37})
            for(Idx extent : {0, 1, 7, 64, 300})
            {
                run(IndependentForm::Extent, groups, Idx{0}, extent);
                run(IndependentForm::FirstExtent, groups, Idx{2}, extent);
            }
    }
}
