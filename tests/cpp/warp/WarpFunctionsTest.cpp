// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The warp functions in kernels over every test accelerator (all dimensionalities, so multi-dimensional blocks are
//! linearised into lanes like the hardware does): getSize is the device's warp size; activemask, all, any and ballot
//! give the bit patterns computed from the lanes; shfl, shfl_up, shfl_down and shfl_xor return the exact values of
//! the source lanes (the caller's own value where CUDA says so) for int, float and double and every width.
//!
//! Written for any warp size: on the CPU back-ends (warps of one thread) every result reduces to the caller's own
//! value and lane 0, and a GPU back-end runs the same checks with 32 or 64 lanes.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    //! The value lane `lane` of warp `warp` contributes to the shuffles: distinct for every lane of the block.
    template<typename T>
    ALPAKA_FN_ACC auto valueOf(std::int32_t warp, std::int32_t lane) -> T
    {
        T const value = static_cast<T>(warp * 1000 + lane * 3 + 1);
        if constexpr(std::is_floating_point_v<T>)
            return value + T{0.25};
        else
            return value;
    }

    //! Where the lanes of the block form warps of warpSize lanes, the last one possibly partial.
    struct Lanes
    {
        std::int32_t warpSize;
        std::int32_t lane;
        std::int32_t warp;
        std::int32_t activeCount; //!< the lanes of this warp that exist

        //! A shuffle may only read lanes that exist (elsewhere CUDA leaves the result undefined).
        ALPAKA_FN_ACC auto exists(std::int32_t srcLane) const -> bool
        {
            return srcLane >= 0 && srcLane < activeCount;
        }
    };

    //! Every shuffle of T with every width (powers of two up to the warp size) and the default width.
    template<typename T, typename TAcc>
    ALPAKA_FN_ACC auto checkShuffles(TAcc const& acc, bool* success, Lanes const& l) -> void
    {
        namespace warp = alpaka::warp;
        T const own = valueOf<T>(l.warp, l.lane);
        static_assert(std::is_same_v<decltype(warp::shfl(acc, own, 0)), T>);

        for(std::int32_t width = l.warpSize; width >= 1; width /= 2)
        {
            std::int32_t const groupStart = l.lane / width * width;
            std::int32_t const inGroup = l.lane % width;

            // shfl: lane srcLane modulo width of the caller's group.
            for(std::int32_t const srcLane : {0, 1, width - 1, width + 1, 2 * width + 1})
            {
                std::int32_t const source = groupStart + srcLane % width;
                T const got = warp::shfl(acc, own, srcLane, width);
                if(l.exists(source))
                    ALPAKA_CHECK(*success, got == valueOf<T>(l.warp, source));
            }
            for(std::int32_t delta = 0; delta <= width; ++delta)
            {
                auto const d = static_cast<std::uint32_t>(delta);
                // shfl_up: the lane delta below, or the caller's own value where that is below the group.
                T const up = warp::shfl_up(acc, own, d, width);
                std::int32_t const upSource = inGroup >= delta ? l.lane - delta : l.lane;
                if(l.exists(upSource))
                    ALPAKA_CHECK(*success, up == valueOf<T>(l.warp, upSource));
                // shfl_down: the lane delta above, or the caller's own value where that is beyond the group.
                T const down = warp::shfl_down(acc, own, d, width);
                std::int32_t const downSource = inGroup + delta < width ? l.lane + delta : l.lane;
                if(l.exists(downSource))
                    ALPAKA_CHECK(*success, down == valueOf<T>(l.warp, downSource));
            }
            // shfl_xor with masks below the width stays within the group.
            for(std::int32_t mask = 0; mask < width; ++mask)
            {
                T const got = warp::shfl_xor(acc, own, mask, width);
                std::int32_t const source = l.lane ^ mask;
                if(l.exists(source))
                    ALPAKA_CHECK(*success, got == valueOf<T>(l.warp, source));
            }
        }

        // Without a width: the whole warp.
        if(l.exists(0))
            ALPAKA_CHECK(*success, warp::shfl(acc, own, 0) == valueOf<T>(l.warp, 0));
        std::int32_t const upSource = l.lane >= 1 ? l.lane - 1 : l.lane;
        ALPAKA_CHECK(*success, warp::shfl_up(acc, own, 1u) == valueOf<T>(l.warp, upSource));
        std::int32_t const downSource = l.lane + 1 < l.warpSize ? l.lane + 1 : l.lane;
        T const down = warp::shfl_down(acc, own, 1u);
        if(l.exists(downSource))
            ALPAKA_CHECK(*success, down == valueOf<T>(l.warp, downSource));
        // A lane beyond the warp (lane 1 of a warp of one) gives the caller's own value.
        std::int32_t const xorSource = (l.lane ^ 1) < l.warpSize ? l.lane ^ 1 : l.lane;
        T const flipped = warp::shfl_xor(acc, own, 1);
        if(l.exists(xorSource))
            ALPAKA_CHECK(*success, flipped == valueOf<T>(l.warp, xorSource));
    }

    //! ballot, all and any of predicate(lane) against the bits computed from the existing lanes.
    template<typename TAcc, typename TPredicate>
    ALPAKA_FN_ACC auto checkVote(TAcc const& acc, bool* success, Lanes const& l, TPredicate const& predicate) -> void
    {
        std::uint64_t expectedBallot = 0;
        bool every = true;
        bool some = false;
        for(std::int32_t lane = 0; lane < l.activeCount; ++lane)
        {
            bool const p = predicate(lane);
            expectedBallot |= p ? std::uint64_t{1} << lane : std::uint64_t{0};
            every = every && p;
            some = some || p;
        }
        std::int32_t const mine = predicate(l.lane) ? 1 : 0;
        ALPAKA_CHECK(*success, static_cast<std::uint64_t>(alpaka::warp::ballot(acc, mine)) == expectedBallot);
        ALPAKA_CHECK(*success, alpaka::warp::all(acc, mine) == (every ? 1 : 0));
        ALPAKA_CHECK(*success, alpaka::warp::any(acc, mine) == (some ? 1 : 0));
    }

    struct WarpKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, std::int32_t expectedWarpSize) const -> void
        {
            namespace warp = alpaka::warp;
            std::int32_t const warpSize = warp::getSize(acc);
            ALPAKA_CHECK(*success, warpSize == expectedWarpSize);
            if(warpSize < 1 || warpSize > 64)
                return;

            // The lanes are the threads of the block in row-major order.
            auto const blockThreads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc);
            auto const thread = static_cast<std::int32_t>(
                alpaka::mapIdx<1u>(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc), blockThreads)[0]);
            auto const threadCount = static_cast<std::int32_t>(blockThreads.prod());
            Lanes l{warpSize, thread % warpSize, thread / warpSize, 0};
            l.activeCount = std::min(warpSize, threadCount - l.warp * warpSize);

            // Every existing lane of the warp is active here (no thread has diverged).
            std::uint64_t const allLanes
                = l.activeCount == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << l.activeCount) - 1u;
            ALPAKA_CHECK(*success, static_cast<std::uint64_t>(warp::activemask(acc)) == allLanes);

            std::int32_t const last = l.activeCount - 1;
            checkVote(acc, success, l, [](std::int32_t lane) { return lane % 2 == 0; });
            checkVote(acc, success, l, [](std::int32_t lane) { return lane % 3 == 1; });
            checkVote(acc, success, l, [](std::int32_t lane) { return lane == 0; });
            checkVote(acc, success, l, [last](std::int32_t lane) { return lane == last; });
            checkVote(acc, success, l, [](std::int32_t) { return true; });
            checkVote(acc, success, l, [](std::int32_t) { return false; });
            // Any non-zero predicate counts as true.
            ALPAKA_CHECK(*success, warp::all(acc, 42) == 1);
            ALPAKA_CHECK(*success, warp::any(acc, -7) == 1);
            ALPAKA_CHECK(*success, static_cast<std::uint64_t>(warp::ballot(acc, 5)) == allLanes);

            checkShuffles<int>(acc, success, l);
            checkShuffles<float>(acc, success, l);
            checkShuffles<double>(acc, success, l);
        }
    };

    //! Two warps' worth of threads per block where the accelerator allows (a multiple of the warp size, spread over
    //! the dimensions with 2 in each outer one), otherwise as many as it allows.
    template<typename TAcc>
    auto blockThreadExtent(alpaka::Idx<TAcc> warpSize) -> VecOf<TAcc>
    {
        using Idx = alpaka::Idx<TAcc>;
        constexpr std::size_t dim = alpaka::Dim<TAcc>::value;
        auto const props = alpaka::getAccDevProps<TAcc>(alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0));
        auto extent = VecOf<TAcc>::ones();
        if constexpr(dim > 0)
        {
            Idx total = std::min<Idx>(static_cast<Idx>(2 * warpSize), props.m_blockThreadCountMax);
            if(total >= warpSize)
                total = total / warpSize * warpSize;
            for(std::size_t i = 0; i + 1u < dim; ++i)
                if(total % 2 == 0 && props.m_blockThreadExtentMax[i] >= 2)
                {
                    extent[i] = 2;
                    total /= 2;
                }
            extent[dim - 1u] = std::min<Idx>(total, props.m_blockThreadExtentMax[dim - 1u]);
        }
        return extent;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("warp functions follow CUDA's semantics for any warp size", "[warp]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const warpSize = alpaka::getPreferredWarpSize(dev);
    auto const warpSizes = alpaka::getWarpSizes(dev);
    INFO(alpaka::getAccName<Acc>() << ", warp size " << warpSize);
    CHECK(std::find(warpSizes.begin(), warpSizes.end(), warpSize) != warpSizes.end());
    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
        CHECK(warpSize == 1u);

    auto const threads = blockThreadExtent<Acc>(static_cast<Idx>(warpSize));
    alpaka::WorkDivMembers<alpaka::Dim<Acc>, Idx> const workDiv(
        VecOf<Acc>::all(static_cast<Idx>(2)), threads, VecOf<Acc>::ones());
    INFO(workDiv);
    alpaka::test::KernelExecutionFixture<Acc> fixture(workDiv);
    CHECK(fixture(WarpKernel{}, static_cast<std::int32_t>(warpSize)));
}
