// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Atomics under contention: every thread of a grid of many blocks updates the same counters (hierarchy::Grids and
//! Blocks on global memory), and the threads of each block update per-block counters (hierarchy::Threads and Blocks,
//! on global and on shared memory). The totals must be exact.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "alpaka_test/Atomic.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    using Counter = unsigned long long;

    //! Where each grid-wide counter lives in the counters array.
    enum GridCounter : std::size_t
    {
        AddOne,
        AddIndex,
        MaxIndex,
        MinIndex,
        OrBit,
        XorIndex,
        SubOne,
        IncWrap,
        ExchIndex,
        CasLoop,
        AddBlocks,
        GridCounterCount
    };

    //! atomicInc's wrap value in the test: the counter runs 0, 1, ..., incWrap, 0, ...
    inline constexpr Counter incWrap = 9u;

    template<typename TAcc>
    ALPAKA_FN_ACC auto linearGridThreadIdx(TAcc const& acc) -> Counter
    {
        return static_cast<Counter>(alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc),
            alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc))[0]);
    }

    struct GridContentionKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, Counter* counters, Counter* perBlock, int reps) const -> void
        {
            Counter const index = linearGridThreadIdx(acc);
            auto const block = alpaka::mapIdx<1u>(
                alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc),
                alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc))[0];
            for(int rep = 0; rep < reps; ++rep)
            {
                alpaka::atomicAdd(acc, &counters[AddOne], Counter{1});
                alpaka::atomicSub(acc, &counters[SubOne], Counter{1}, alpaka::hierarchy::Grids{});
                // A copy: a namespace-scope constexpr bound to a reference is not accessible in CUDA device code.
                Counter const inc = alpaka::atomicInc(acc, &counters[IncWrap], Counter{incWrap});
                ALPAKA_CHECK(*success, inc <= incWrap);
                alpaka::atomicAdd(acc, &counters[AddBlocks], Counter{1}, alpaka::hierarchy::Blocks{});
                alpaka::atomicAdd(acc, &perBlock[block], Counter{1}, alpaka::hierarchy::Threads{});
            }
            alpaka::atomicAdd(acc, &counters[AddIndex], index);
            alpaka::atomicMax(acc, &counters[MaxIndex], index);
            alpaka::atomicMin(acc, &counters[MinIndex], index);
            alpaka::atomicOr(acc, &counters[OrBit], Counter{1} << (index % 64u));
            alpaka::atomicXor(acc, &counters[XorIndex], index * 2654435761u);
            Counter const exchanged = alpaka::atomicExch(acc, &counters[ExchIndex], index);
            ALPAKA_CHECK(*success, exchanged == std::numeric_limits<Counter>::max() || exchanged != index);
            // An increment built from compare-and-swap: retries until no other thread came in between.
            Counter old = alpaka::atomicAdd(acc, &counters[CasLoop], Counter{0});
            for(;;)
            {
                Counter const seen = alpaka::atomicCas(acc, &counters[CasLoop], old, old + 1u);
                if(seen == old)
                    break;
                old = seen;
            }
        }
    };

    //! Per-block counters in shared memory, updated by the block's threads; thread 0 stores them in out.
    struct SharedContentionKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, unsigned* out, int reps) const -> void
        {
            auto& counters = alpaka::declareSharedVar<unsigned[5], 0>(acc);
            auto& sum = alpaka::declareSharedVar<float, 1>(acc);
            auto const thread = static_cast<unsigned>(alpaka::mapIdx<1u>(
                alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc),
                alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc))[0]);
            auto const block = alpaka::mapIdx<1u>(
                alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc),
                alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc))[0];
            if(thread == 0)
            {
                for(unsigned& counter : counters)
                    counter = 0u;
                counters[4] = std::numeric_limits<unsigned>::max();
                sum = 0.0f;
            }
            alpaka::syncBlockThreads(acc);
            for(int rep = 0; rep < reps; ++rep)
            {
                alpaka::atomicAdd(acc, &counters[0], 1u, alpaka::hierarchy::Threads{});
                alpaka::atomicAdd(acc, &counters[1], 1u, alpaka::hierarchy::Blocks{});
                alpaka::atomicInc(acc, &counters[3], 6u, alpaka::hierarchy::Threads{});
                alpaka::atomicAdd(acc, &sum, 1.0f, alpaka::hierarchy::Threads{});
            }
            alpaka::atomicMax(acc, &counters[2], thread, alpaka::hierarchy::Threads{});
            alpaka::atomicMin(acc, &counters[4], thread, alpaka::hierarchy::Blocks{});
            alpaka::syncBlockThreads(acc);
            if(thread == 0)
            {
                for(std::size_t i = 0; i < 5u; ++i)
                    out[block * 6u + i] = counters[i];
                out[block * 6u + 5u] = static_cast<unsigned>(sum);
            }
            ALPAKA_CHECK(*success, counters[0] == counters[1]);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("all threads of a grid update the same counters", "[atomic]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    int const reps = 5;
    alpaka::test::KernelExecutionFixture<Acc> fixture(atomictest::makeWorkDiv<Acc>(4, 4));
    auto const& workDiv = fixture.getWorkDiv();
    auto const threads = static_cast<Counter>(alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv).prod());
    auto const blocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(workDiv).prod();
    auto const blockThreads = static_cast<Counter>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(workDiv).prod());
    INFO(alpaka::getAccName<Acc>() << " " << workDiv);

    auto& queue = fixture.getQueue();
    std::vector<Counter> init(GridCounterCount, 0u);
    init[MinIndex] = std::numeric_limits<Counter>::max();
    init[ExchIndex] = std::numeric_limits<Counter>::max();
    init[SubOne] = threads * reps;
    auto counters = atomictest::toDevice<Acc>(queue, init);
    auto perBlock = alpaka::allocBuf<Counter, Idx>(atomictest::firstDev<Acc>(), blocks);
    alpaka::memset(queue, perBlock, 0u);

    CHECK(fixture(GridContentionKernel{}, alpaka::getPtrNative(counters), alpaka::getPtrNative(perBlock), reps));

    Counter orBits = 0u;
    Counter xorAll = 0u;
    for(Counter i = 0; i < threads; ++i)
    {
        orBits |= Counter{1} << (i % 64u);
        xorAll ^= i * 2654435761u;
    }
    auto const result = atomictest::toHost(queue, counters);
    CHECK(result[AddOne] == threads * reps);
    CHECK(result[AddIndex] == threads * (threads - 1u) / 2u);
    CHECK(result[MaxIndex] == threads - 1u);
    CHECK(result[MinIndex] == 0u);
    CHECK(result[OrBit] == orBits);
    CHECK(result[XorIndex] == xorAll);
    CHECK(result[SubOne] == 0u);
    CHECK(result[IncWrap] == (threads * reps) % (incWrap + 1u));
    CHECK(result[ExchIndex] < threads);
    CHECK(result[CasLoop] == threads);
    CHECK(result[AddBlocks] == threads * reps);
    for(Counter const count : atomictest::toHost(queue, perBlock))
        CHECK(count == blockThreads * reps);
}

TEMPLATE_LIST_TEST_CASE("the threads of a block update shared counters", "[atomic]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    int const reps = 7;
    alpaka::test::KernelExecutionFixture<Acc> fixture(atomictest::makeWorkDiv<Acc>(3, 4));
    auto const& workDiv = fixture.getWorkDiv();
    auto const blocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(workDiv).prod();
    auto const blockThreads = static_cast<unsigned>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(workDiv).prod());
    INFO(alpaka::getAccName<Acc>() << " " << workDiv);

    auto& queue = fixture.getQueue();
    auto out = alpaka::allocBuf<unsigned, Idx>(atomictest::firstDev<Acc>(), static_cast<Idx>(blocks * 6));
    alpaka::memset(queue, out, 0xffu);
    CHECK(fixture(SharedContentionKernel{}, alpaka::getPtrNative(out), reps));

    auto const result = atomictest::toHost(queue, out);
    unsigned const total = blockThreads * static_cast<unsigned>(reps);
    for(Idx block = 0; block < blocks; ++block)
    {
        INFO("block " << block);
        auto const* r = &result[static_cast<std::size_t>(block) * 6u];
        CHECK(r[0] == total);
        CHECK(r[1] == total);
        CHECK(r[2] == blockThreads - 1u);
        CHECK(r[3] == total % 7u);
        CHECK(r[4] == 0u);
        CHECK(r[5] == total);
    }
}

// The contention tests above catch a missing atomic only when two threads happen to collide; this pins the mapping:
// a level may be a plain operation only where nobody else can be at that level at the same time.
TEMPLATE_LIST_TEST_CASE("atomics are real at every level where threads meet", "[atomic]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using ThreadAtomic = alpaka::concepts::ImplementationBase<alpaka::ConceptAtomicThreads, Acc>;
    using BlockAtomic = alpaka::concepts::ImplementationBase<alpaka::ConceptAtomicBlocks, Acc>;
    using GridAtomic = alpaka::concepts::ImplementationBase<alpaka::ConceptAtomicGrids, Acc>;
    INFO(alpaka::getAccName<Acc>());

    auto const props = alpaka::getAccDevProps<Acc>(atomictest::firstDev<Acc>());
    CHECK(!std::is_same_v<GridAtomic, alpaka::AtomicNoOp>);
    if(props.m_blockThreadCountMax > 1)
        CHECK(!std::is_same_v<ThreadAtomic, alpaka::AtomicNoOp>);
    // Only the serial back-end runs the blocks of a grid one after another on one thread.
    if constexpr(!std::is_same_v<alpaka::AccToTag<Acc>, alpaka::TagCpuSerial>)
        CHECK(!std::is_same_v<BlockAtomic, alpaka::AtomicNoOp>);
}
