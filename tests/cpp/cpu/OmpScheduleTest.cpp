// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! AccCpuOmp2Blocks runs the blocks with the kernel's OpenMP schedule: trait::OmpSchedule, else the kernel members
//! ompScheduleKind / ompScheduleChunkSize, else static. The kernel sees it through omp_get_schedule() (the loop's
//! run-sched-var), and the launching thread's own schedule is the same afterwards.

#include <alpaka/alpaka.hpp>

#include "alpaka_test/Catch.hpp"

#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
#    include <cstdint>

#    include <omp.h>

namespace
{
    using Idx = std::uint32_t;
    using Dim1 = alpaka::DimInt<1u>;
    using Acc = alpaka::AccCpuOmp2Blocks<Dim1, Idx>;

    //! Writes the schedule the block loop runs with.
    template<typename TTag>
    struct ScheduleProbe
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, int* kinds, int* chunks) const
        {
            omp_sched_t kind;
            int chunk = 0;
            omp_get_schedule(&kind, &chunk);
            auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            kinds[block] = static_cast<int>(kind) & ~static_cast<int>(omp_sched_monotonic);
            chunks[block] = chunk;
        }
    };

    struct ByDefault;
    struct ByMembers;
    struct ByTrait;

    template<>
    struct ScheduleProbe<ByMembers> : ScheduleProbe<ByDefault>
    {
        static constexpr auto ompScheduleKind = alpaka::omp::Schedule::Dynamic;
        static constexpr int ompScheduleChunkSize = 3;
    };

    template<>
    struct ScheduleProbe<ByTrait> : ScheduleProbe<ByDefault>
    {
    };

    //! Launches the probe on 8 blocks; every block must report (kind, chunk).
    template<typename TKernel>
    void checkSchedule(int kind, int chunk)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        constexpr Idx blocks = 8;
        int kinds[blocks] = {};
        int chunks[blocks] = {};
        omp_sched_t callerKind;
        int callerChunk = 0;
        omp_set_schedule(omp_sched_guided, 5);
        omp_get_schedule(&callerKind, &callerChunk);

        alpaka::WorkDivMembers<Dim1, Idx> const workDiv{Idx{blocks}, Idx{1}, Idx{1}};
        alpaka::exec<Acc>(queue, workDiv, TKernel{}, &kinds[0], &chunks[0]);
        for(Idx block = 0; block < blocks; ++block)
        {
            INFO("block " << block);
            CHECK(kinds[block] == kind);
            CHECK(chunks[block] == chunk);
        }

        omp_sched_t afterKind;
        int afterChunk = 0;
        omp_get_schedule(&afterKind, &afterChunk);
        CHECK(afterKind == callerKind);
        CHECK(afterChunk == callerChunk);
    }
} // namespace

namespace alpaka::trait
{
    template<typename TAcc>
    struct OmpSchedule<ScheduleProbe<ByTrait>, TAcc>
    {
        template<typename TDim, typename... TArgs>
        static auto getOmpSchedule(
            ScheduleProbe<ByTrait> const&, Vec<TDim, Idx<TAcc>> const&, Vec<TDim, Idx<TAcc>> const&, TArgs const&...)
            -> omp::Schedule
        {
            return {omp::Schedule::Guided, 2};
        }
    };
} // namespace alpaka::trait

TEST_CASE("AccCpuOmp2Blocks: the default schedule is static", "[cpu][omp]")
{
    // A chunk of 0 leaves the chunk to the runtime, which reports it as its default (0 or 1, by runtime).
    int kinds[1] = {};
    int chunks[1] = {};
    alpaka::Queue<Acc, alpaka::Blocking> queue(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0));
    alpaka::exec<Acc>(
        queue,
        alpaka::WorkDivMembers<Dim1, Idx>{Idx{1}, Idx{1}, Idx{1}},
        ScheduleProbe<ByDefault>{},
        &kinds[0],
        &chunks[0]);
    CHECK(kinds[0] == static_cast<int>(omp_sched_static));
}

TEST_CASE("AccCpuOmp2Blocks: the kernel members choose the schedule", "[cpu][omp]")
{
    checkSchedule<ScheduleProbe<ByMembers>>(static_cast<int>(omp_sched_dynamic), 3);
}

TEST_CASE("AccCpuOmp2Blocks: trait::OmpSchedule chooses the schedule", "[cpu][omp]")
{
    checkSchedule<ScheduleProbe<ByTrait>>(static_cast<int>(omp_sched_guided), 2);
}
#endif
