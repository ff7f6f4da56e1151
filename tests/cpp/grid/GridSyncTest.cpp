// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Grid synchronization on every accelerator: a two-phase reduction that needs the grid barrier (each thread sums
//! its elements, the grid meets, thread 0 adds the partial sums: no second launch), repeated barrier rounds over any
//! dimensionality (upstream's KernelExecutionFixture<TAcc, true>), getMaxActiveBlocks, and the errors: a grid larger
//! than getMaxActiveBlocks, syncGridThreads outside a cooperative launch, a block that throws while the others wait
//! at the grid barrier (CPU: an exception, never a hang).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"
#include "alpaka_test/KernelIndices.hpp"

namespace
{
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;

    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    template<typename TAcc>
    constexpr bool isCpu = std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;

    //! Sum of x into *out in one launch: per-thread sums into partial, the grid barrier, thread 0 adds them up; after
    //! a second barrier every thread checks that it sees the total.
    struct TwoPhaseSumKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, double const* x, double* partial, double* out, std::uint32_t n) const
            -> void
        {
            auto const thread = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)[0];
            auto const threads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc)[0];
            double sum = 0;
            for(auto i : alpaka::uniformElements(acc, n))
                sum += x[i];
            partial[thread] = sum;
            alpaka::syncGridThreads(acc);
            if(thread == 0)
            {
                double total = 0;
                for(std::uint32_t t = 0; t < threads; ++t)
                    total += partial[t];
                *out = total;
            }
            alpaka::syncGridThreads(acc);
            ALPAKA_CHECK(*success, *out == static_cast<double>(n) * (static_cast<double>(n) - 1) / 2);
        }
    };

    //! Rounds of: every thread writes its slot, grid barrier, every thread reads all slots, grid barrier.
    struct GridRoundsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, std::uint32_t* slots) const -> void
        {
            auto const idx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
            auto const extent = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc);
            auto const linear = static_cast<std::uint32_t>(alpaka::mapIdx<1u>(idx, extent)[0]);
            auto const count = static_cast<std::uint32_t>(extent.prod());
            for(std::uint32_t round = 0; round < 3u; ++round)
            {
                slots[linear] = linear + round * count;
                alpaka::syncGridThreads(acc);
                for(std::uint32_t t = 0; t < count; ++t)
                    ALPAKA_CHECK(*success, slots[t] == t + round * count);
                alpaka::syncGridThreads(acc);
            }
        }
    };

    //! The last block throws before the barrier; the others wait there. CPU only (a host function: device code
    //! cannot throw).
    struct ThrowingBlockKernel
    {
        template<typename TAcc>
        auto operator()(TAcc const& acc) const -> void
        {
            auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            if(block + 1 == alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc)[0])
                throw std::runtime_error("block failed before the grid barrier");
            alpaka::syncGridThreads(acc);
            alpaka::syncGridThreads(acc);
        }
    };

    //! Threads per block for the grid tests: up to 2 per dimension where the back-end has blocks of several threads,
    //! within its limit on the count.
    template<typename TAcc>
    auto smallBlock() -> VecOf<TAcc>
    {
        auto const props = alpaka::getAccDevProps<TAcc>(alpaka_test::firstDev<TAcc>());
        auto extent = alpaka::elementwise_min(props.m_blockThreadExtentMax, VecOf<TAcc>::all(2));
        for(std::size_t i = 0; i != alpaka::Dim<TAcc>::value && extent.prod() > props.m_blockThreadCountMax; ++i)
            extent[i] = 1;
        return extent;
    }

    template<typename TAcc>
    auto maxActiveBlocks(VecOf<TAcc> const& blockThreads) -> int
    {
        return alpaka::getMaxActiveBlocks<TAcc>(
            alpaka_test::firstDev<TAcc>(),
            GridRoundsKernel{},
            blockThreads,
            VecOf<TAcc>::ones(),
            static_cast<bool*>(nullptr),
            static_cast<std::uint32_t*>(nullptr));
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("twoPhaseReductionInOneLaunch", "[grid]", Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    auto const blockThreads = smallBlock<Acc>();
    int const maxBlocks = maxActiveBlocks<Acc>(blockThreads);
    INFO(alpaka::getAccName<Acc>() << ": " << blockThreads << " threads per block, at most " << maxBlocks << " blocks");
    REQUIRE(maxBlocks >= 1);
    for(int const blocks : {maxBlocks, (maxBlocks + 1) / 2})
    {
        INFO("blocks " << blocks << " of at most " << maxBlocks << ", threads " << blockThreads);
        std::uint32_t const n = 10007;
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const workDiv(
            static_cast<Idx>(blocks), blockThreads[0], static_cast<Idx>(4));
        auto const threads = static_cast<std::size_t>(blocks) * blockThreads[0];
        alpaka::test::KernelExecutionFixture<Acc, true> fixture(workDiv);
        std::vector<double> values(n);
        std::iota(values.begin(), values.end(), 0.0);
        auto const x = alpaka_test::toDevice<Acc>(fixture.getQueue(), values);
        auto partial = alpaka_test::deviceBuf<double, Acc>(threads);
        auto out = alpaka_test::deviceBuf<double, Acc>(1);
        CHECK(fixture(
            TwoPhaseSumKernel{}, alpaka::getPtrNative(x), alpaka::getPtrNative(partial), alpaka::getPtrNative(out), n));
        CHECK(alpaka_test::toHost(fixture.getQueue(), out)[0] == 10007.0 * 10006.0 / 2);
    }
}

TEMPLATE_LIST_TEST_CASE("gridBarrierRoundsInAnyDimensionality", "[grid]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    REQUIRE(alpaka::getAccDevProps<Acc>(alpaka_test::firstDev<Acc>()).m_cooperativeLaunch);
    auto const blockThreads = smallBlock<Acc>();
    int const maxBlocks = maxActiveBlocks<Acc>(blockThreads);
    INFO(alpaka::getAccName<Acc>() << ": " << blockThreads << " threads per block, at most " << maxBlocks << " blocks");
    REQUIRE(maxBlocks >= 1);
    auto blocks = VecOf<Acc>::ones();
    if constexpr(alpaka::Dim<Acc>::value > 0)
        blocks[0] = static_cast<Idx>(maxBlocks);
    auto const threads = static_cast<std::size_t>(blocks.prod() * blockThreads.prod());
    alpaka::test::KernelExecutionFixture<Acc, true> fixture(
        alpaka::WorkDivMembers<alpaka::Dim<Acc>, Idx>(blocks, blockThreads, VecOf<Acc>::ones()));
    auto slots = alpaka_test::deviceBuf<std::uint32_t, Acc>(threads);
    CHECK(fixture(GridRoundsKernel{}, alpaka::getPtrNative(slots)));
}

TEMPLATE_LIST_TEST_CASE("getMaxActiveBlocks", "[grid]", Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    auto const props = alpaka::getAccDevProps<Acc>(alpaka_test::firstDev<Acc>());
    CHECK(maxActiveBlocks<Acc>(VecOf<Acc>{Idx{1}}) >= 1);
    if constexpr(isCpu<Acc>)
    {
        // Blocks run side by side, one thread each, where the back-end's parallelism is its blocks; else one block.
        // OpenMP blocks: one team thread per block, as many as the team has (oneTBB does not promise that its tasks
        // run at the same time, so it runs grids of one block, like the back-ends whose blocks run one by one).
        int const expected = std::is_same_v<alpaka::AccToTag<Acc>, alpaka::TagCpuOmp2Blocks>
                                 ? static_cast<int>(props.m_multiProcessorCount)
                                 : 1;
        CHECK(maxActiveBlocks<Acc>(VecOf<Acc>{Idx{1}}) == expected);
    }
    // A block the back-end cannot run at all.
    CHECK(maxActiveBlocks<Acc>(VecOf<Acc>{std::numeric_limits<Idx>::max()}) == 0);
}

TEMPLATE_LIST_TEST_CASE("moreBlocksThanCanBeActiveThrow", "[grid]", Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    int const maxBlocks = maxActiveBlocks<Acc>(VecOf<Acc>{Idx{1}});
    alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const workDiv(static_cast<Idx>(maxBlocks + 1), Idx{1}, Idx{1});
    std::uint32_t* slots = nullptr;
    // Rejected before anything runs: by the task where it knows its device (CPU), else when it is enqueued (GPU).
    alpaka::Queue<Acc, alpaka::Blocking> queue(alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0));
    auto const message = alpaka_test::runtimeErrorMessage(
        [&]
        {
            auto const task = alpaka::createTaskCooperativeKernel<Acc>(workDiv, GridRoundsKernel{}, nullptr, slots);
            alpaka::enqueue(queue, task);
        });
    CHECK_THAT(message, alpaka_test::containsSubstring("at most " + std::to_string(maxBlocks)));
    CHECK_THAT(message, alpaka_test::containsSubstring(alpaka::getAccName<Acc>()));
}

TEMPLATE_LIST_TEST_CASE("gridSyncOutsideACooperativeLaunchThrows", "[grid]", Accs1D)
{
    using Acc = TestType;
    if constexpr(isCpu<Acc>)
    {
        using Idx = alpaka::Idx<Acc>;
        alpaka::test::QueueTestFixture<std::tuple<alpaka::DevCpu, alpaka::test::DefaultQueue<alpaka::DevCpu>>> fixture;
        auto slots = alpaka_test::deviceBuf<std::uint32_t, Acc>(1);
        bool success = true;
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const workDiv(Idx{1}, Idx{1}, Idx{1});
        auto const message = alpaka_test::runtimeErrorMessage(
            [&]
            {
                alpaka::exec<Acc>(fixture.m_queue, workDiv, GridRoundsKernel{}, &success, alpaka::getPtrNative(slots));
                alpaka::wait(fixture.m_queue);
            });
        CHECK_THAT(message, alpaka_test::containsSubstring("not launched cooperatively"));
    }
}

TEMPLATE_LIST_TEST_CASE("aBlockThatThrowsDoesNotHangTheGrid", "[grid]", Accs1D)
{
    using Acc = TestType;
    if constexpr(isCpu<Acc>)
    {
        using Idx = alpaka::Idx<Acc>;
        alpaka::test::QueueTestFixture<std::tuple<alpaka::DevCpu, alpaka::test::DefaultQueue<alpaka::DevCpu>>> fixture;
        auto const blockThreads = smallBlock<Acc>();
        int const maxBlocks = maxActiveBlocks<Acc>(blockThreads);
        alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const workDiv(
            static_cast<Idx>(maxBlocks), blockThreads[0], Idx{1});
        auto const message = alpaka_test::runtimeErrorMessage(
            [&]
            {
                alpaka::enqueue(
                    fixture.m_queue, alpaka::createTaskCooperativeKernel<Acc>(workDiv, ThrowingBlockKernel{}));
                alpaka::wait(fixture.m_queue);
            });
        CHECK_THAT(message, alpaka_test::containsSubstring("block failed before the grid barrier"));
    }
}
