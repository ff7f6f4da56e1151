// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! uniformElements on 1-D accelerators, in its three forms (no extent, extent, first and extent): the grid visits
//! every index of the range exactly once and nothing outside it, each thread in increasing order. On GPUs thread t owns
//! the runs of `elements per thread` indices that start at first + (t + k * gridThreads) * elementsPerThread; on CPUs
//! one contiguous run (see exectest::expectedOwner).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Exec.hpp"

namespace
{
    enum class Form : int
    {
        NoExtent,
        Extent,
        FirstExtent
    };

    //! Counts the visits of every index in counts and records its visitor in owners.
    struct UniformElementsKernel
    {
        template<typename TAcc, typename TIdx>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* success,
            unsigned* counts,
            TIdx* owners,
            TIdx size,
            Form form,
            TIdx first,
            TIdx extent) const -> void
        {
            TIdx const thread = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)[0];
            bool any = false;
            TIdx previous = 0;
            auto const visit = [&](TIdx i)
            {
                ALPAKA_CHECK(*success, i < size);
                ALPAKA_CHECK(*success, !any || previous < i);
                if(i < size)
                {
                    alpaka::atomicAdd(acc, &counts[i], 1u);
                    alpaka::atomicExch(acc, &owners[i], thread);
                }
                any = true;
                previous = i;
            };
            if(form == Form::NoExtent)
                for(auto i : alpaka::uniformElements(acc))
                    visit(i);
            else if(form == Form::Extent)
                for(auto i : alpaka::uniformElements(acc, extent))
                    visit(i);
            else
                for(auto i : alpaka::uniformElements(acc, first, extent))
                    visit(i);
        }
    };

    //! Runs one form and checks counts and owners against [first, end).
    template<typename TAcc>
    auto checkForm(
        alpaka::test::KernelExecutionFixture<TAcc>& fixture,
        Form form,
        alpaka::Idx<TAcc> first,
        alpaka::Idx<TAcc> extent) -> void
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const& workDiv = fixture.getWorkDiv();
        Idx const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(workDiv)[0];
        Idx const gridThreads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv)[0];
        Idx const gridElems = alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(workDiv)[0];
        Idx const begin = form == Form::FirstExtent ? first : Idx{0};
        Idx const end = form == Form::NoExtent ? gridElems : extent;
        // Room behind the range, so that a visit past the end is counted rather than written out of bounds.
        Idx const size = static_cast<Idx>((end > begin ? end : begin) + 2 * gridElems + 8);

        auto& queue = fixture.getQueue();
        auto counts = exectest::zeroedBuf<unsigned, TAcc>(queue, static_cast<std::size_t>(size));
        auto owners = exectest::zeroedBuf<Idx, TAcc>(queue, static_cast<std::size_t>(size));
        INFO(
            alpaka::getAccName<TAcc>() << " " << workDiv << " form " << static_cast<int>(form) << " first " << first
                                       << " extent " << extent);
        CHECK(fixture(
            UniformElementsKernel{},
            alpaka::getPtrNative(counts),
            alpaka::getPtrNative(owners),
            size,
            form,
            first,
            extent));

        auto const hostCounts = exectest::toHost(queue, counts);
        auto const hostOwners = exectest::toHost(queue, owners);
        std::size_t wrong = 0;
        std::size_t wrongOwner = 0;
        for(Idx i = 0; i < size; ++i)
        {
            bool const inside = i >= begin && i < end;
            auto const index = static_cast<std::size_t>(i);
            if(hostCounts[index] != (inside ? 1u : 0u))
                ++wrong;
            if(inside && hostOwners[index] != exectest::expectedOwner<TAcc>(i, begin, end, elems, gridThreads))
                ++wrongOwner;
        }
        CHECK(wrong == 0u);
        CHECK(wrongOwner == 0u);
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("uniformElements visits every index of the range once", "[exec]", exectest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    for(auto const& spec : exectest::workDivSpecs())
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(
            exectest::makeWorkDiv<Acc>(spec.blocks, spec.threads, spec.elems));
        checkForm(fixture, Form::NoExtent, Idx{0}, Idx{0});
        for(Idx extent : {0, 1, 13, 64, 100, 1000, 4099})
        {
            checkForm(fixture, Form::Extent, Idx{0}, extent);
            for(Idx first : {0, 3, 17})
                checkForm(fixture, Form::FirstExtent, first, extent);
        }
    }
}

TEMPLATE_LIST_TEST_CASE("uniformElements: a thread's indices, written out", "[exec]", exectest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using WorkDiv = alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>;
    // One block of one thread with three elements per thread: runs of three consecutive indices, the whole grid
    // (three elements) apart.
    alpaka::test::KernelExecutionFixture<Acc> fixture(WorkDiv(Idx{1}, Idx{1}, Idx{3}));
    auto& queue = fixture.getQueue();
    auto counts = exectest::zeroedBuf<unsigned, Acc>(queue, 16u);
    auto owners = exectest::zeroedBuf<Idx, Acc>(queue, 16u);
    CHECK(fixture(
        UniformElementsKernel{},
        alpaka::getPtrNative(counts),
        alpaka::getPtrNative(owners),
        Idx{16},
        Form::FirstExtent,
        Idx{2},
        Idx{10}));
    std::vector<unsigned> const expected{0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0};
    CHECK(exectest::toHost(queue, counts) == expected);
}

TEMPLATE_LIST_TEST_CASE("uniformElements: more indices than the grid's elements", "[exec]", exectest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using WorkDiv = alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>;
    // Three threads of two elements over [0, 20): on a GPU thread 0 takes 0-1, 6-7, 12-13, 18-19; on a CPU the range
    // is cut into runs of ceil(20 / 3) = 7 indices: 0-6, 7-13, 14-19.
    // One block of three threads where the accelerator allows it (OpenMP target on the host may allow only as many
    // threads per block as cores), else three blocks of one thread: the same three grid threads.
    bool const oneBlock = alpaka::getAccDevProps<Acc>(exectest::firstDev<Acc>()).m_blockThreadCountMax >= 3;
    Idx const blocks = oneBlock ? Idx{1} : Idx{3};
    Idx const threads = oneBlock ? Idx{3} : Idx{1};
    alpaka::test::KernelExecutionFixture<Acc> fixture(WorkDiv(blocks, threads, Idx{2}));
    auto& queue = fixture.getQueue();
    auto counts = exectest::zeroedBuf<unsigned, Acc>(queue, 20u);
    auto owners = exectest::zeroedBuf<Idx, Acc>(queue, 20u);
    CHECK(fixture(
        UniformElementsKernel{},
        alpaka::getPtrNative(counts),
        alpaka::getPtrNative(owners),
        Idx{20},
        Form::Extent,
        Idx{0},
        Idx{20}));
    std::vector<Idx> expected;
    if constexpr(alpaka::elementLoopsAreContiguous<Acc>)
        expected = {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2};
    else
        expected = {0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0};
    CHECK(exectest::toHost(queue, owners) == expected);
    CHECK(exectest::toHost(queue, counts) == std::vector<unsigned>(20u, 1u));
}
