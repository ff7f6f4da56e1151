// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Invalid work divisions are rejected when the launch is made (exec() or createTaskKernel(), on every kind of
// queue) with a std::runtime_error whose message names the offending extent and the limit; the queue stays usable.
// Empty work divisions (a component of 0) are no error: the launch runs nothing, as upstream's.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    //! counts[0] += 1 from every thread.
    struct TouchKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, std::uint32_t* counts) const
        {
            alpaka::atomicAdd(acc, counts, std::uint32_t{1});
        }
    };

    //! Expects the launch of TouchKernel with workDiv to be rejected on both queue kinds; returns the message and
    //! checks that createTaskKernel reports the same, that nothing ran and that the queue works afterwards.
    template<typename TAcc>
    auto rejectionMessage(alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> const& workDiv) -> std::string
    {
        using Dim = alpaka::Dim<TAcc>;
        using Idx = alpaka::Idx<TAcc>;
        using Vec = alpaka::Vec<Dim, Idx>;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        std::string message;

        auto const runOn = [&]<typename TQueue>()
        {
            INFO((kerneltest::isBlocking<TQueue> ? "blocking queue" : "non-blocking queue"));
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, Idx{1});
            auto const execMessage = kerneltest::runtimeErrorMessage(
                [&] { alpaka::exec<TAcc>(queue, workDiv, TouchKernel{}, alpaka::getPtrNative(counts)); });
            // A CPU task knows its device's limits when it is made; a GPU task learns its device when it is enqueued.
            if constexpr(std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>)
            {
                auto const taskMessage = kerneltest::runtimeErrorMessage(
                    [&] {
                        std::ignore
                            = alpaka::createTaskKernel<TAcc>(workDiv, TouchKernel{}, alpaka::getPtrNative(counts));
                    });
                CHECK(taskMessage == execMessage);
            }
            message = execMessage;

            // Nothing ran, no error is pending, and a valid launch works.
            CHECK_NOTHROW(alpaka::wait(queue));
            alpaka::WorkDivMembers<Dim, Idx> const valid{Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
            alpaka::exec<TAcc>(queue, valid, TouchKernel{}, alpaka::getPtrNative(counts));
            CHECK(kerneltest::toHost(queue, counts)[0] == static_cast<std::uint32_t>(Vec::all(Idx{2}).prod()));
        };
        runOn.template operator()<alpaka::Queue<TAcc, alpaka::Blocking>>();
        runOn.template operator()<alpaka::Queue<TAcc, alpaka::NonBlocking>>();
        return message;
    }

    //! True when message contains any of the texts.
    auto containsAny(std::string const& message, std::initializer_list<std::string> texts) -> bool
    {
        for(auto const& text : texts)
            if(message.find(text) != std::string::npos)
                return true;
        return false;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("emptyLaunchesRunNothing", "[kernel]", alpaka::test::TestAccs)
{
    // A component of 0 at any level (no blocks, no threads, no elements): nothing runs and nothing is reported, as on
    // upstream's back-ends (its CPU loops find no block, its GPU back-ends skip the launch). Code that launches over
    // an empty input relies on it.
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    if constexpr(Dim::value == 0)
    {
        SUCCEED("a 0-dimensional work division has no extent that could be zero");
    }
    else
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        auto const runOn = [&]<typename TQueue>()
        {
            INFO((kerneltest::isBlocking<TQueue> ? "blocking queue" : "non-blocking queue"));
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, Idx{1});
            for(std::size_t level = 0; level < 3; ++level)
                for(std::size_t d = 0; d != Dim::value; ++d)
                {
                    INFO("level " << level << ", component " << d << " = 0");
                    Vec extents[3] = {Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
                    extents[level][d] = Idx{0};
                    alpaka::WorkDivMembers<Dim, Idx> const empty{extents[0], extents[1], extents[2]};
                    CHECK_NOTHROW(alpaka::exec<Acc>(queue, empty, TouchKernel{}, alpaka::getPtrNative(counts)));
                }
            CHECK_NOTHROW(alpaka::wait(queue));
            CHECK(kerneltest::toHost(queue, counts)[0] == 0u);
            // The queue goes on as before.
            alpaka::WorkDivMembers<Dim, Idx> const valid{Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
            alpaka::exec<Acc>(queue, valid, TouchKernel{}, alpaka::getPtrNative(counts));
            CHECK(kerneltest::toHost(queue, counts)[0] == static_cast<std::uint32_t>(Vec::all(Idx{2}).prod()));
        };
        runOn.template operator()<alpaka::Queue<Acc, alpaka::Blocking>>();
        runOn.template operator()<alpaka::Queue<Acc, alpaka::NonBlocking>>();
    }
}

TEMPLATE_LIST_TEST_CASE("negativeExtentsAreRejected", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    if constexpr(Dim::value == 0 || !std::is_signed_v<Idx>)
    {
        SUCCEED("no extent that could be negative");
    }
    else
    {
        // A negative component, even next to a 0 elsewhere, is an error naming the extent, never an empty launch.
        Vec extents[3] = {Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
        extents[1][Dim::value - 1] = Idx{-3};
        extents[2][0] = Idx{0};
        auto const message
            = rejectionMessage<Acc>(alpaka::WorkDivMembers<Dim, Idx>{extents[0], extents[1], extents[2]});
        INFO(message);
        CHECK_THAT(message, kerneltest::containsSubstring("blockThreadExtent"));
        CHECK(containsAny(message, {"at least 1", ">= 1", "below 1"}));
    }
}

TEMPLATE_LIST_TEST_CASE("serialBackEndRejectsSeveralThreadsPerBlock", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial>)
        STATIC_REQUIRE(alpaka::isSingleThreadAcc<Acc>);
    if constexpr(!alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial> || Dim::value == 0)
    {
        SUCCEED("about the serial back-end with at least one dimension");
    }
    else
    {
        for(std::size_t d = 0; d != Dim::value; ++d)
        {
            for(Idx const threads : {Idx{2}, Idx{64}})
            {
                Vec blockThreads = Vec::ones();
                blockThreads[d] = threads;
                INFO("blockThreadExtent " << kerneltest::vecText(blockThreads));
                auto const message = rejectionMessage<Acc>(
                    alpaka::WorkDivMembers<Dim, Idx>{Vec::all(Idx{2}), blockThreads, Vec::ones()});
                INFO(message);
                CHECK_THAT(message, kerneltest::containsSubstring("blockThreadExtent"));
                CHECK_THAT(message, kerneltest::containsSubstring(kerneltest::vecText(blockThreads)));
                // The limit: one thread per block (as a maximum extent or a count).
                CHECK(containsAny(message, {kerneltest::vecText(Vec::ones()), "at most 1 "}));
                CHECK_THAT(message, kerneltest::containsSubstring("AccCpuSerial"));
            }
        }
    }
}

TEMPLATE_LIST_TEST_CASE("blockThreadExtentAboveTheMaximumIsRejected", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    if constexpr(Dim::value == 0)
    {
        SUCCEED("a 0-dimensional work division has one thread");
    }
    else
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        auto const props = alpaka::getAccDevProps<Acc>(dev);
        constexpr std::size_t last = Dim::value - 1u;
        // AccCpuThreads reports a few threads per core as its maximum (what getValidWorkDiv aims for) but, like
        // upstream's std::thread back-end, runs the blocks of GPU-shaped work divisions up to a GPU's 1024 threads.
        auto limit = static_cast<std::size_t>(props.m_blockThreadExtentMax[last]);
        // AccCpuOmp2Threads too, within the OpenMP thread limit.
        if constexpr(requires { alpaka::detail::cpu::CpuAccDescription<Acc>::launchBlockThreadCountMax(); })
            limit = std::max(limit, alpaka::detail::cpu::CpuAccDescription<Acc>::launchBlockThreadCountMax());
        REQUIRE(limit < std::numeric_limits<Idx>::max());
        Vec blockThreads = Vec::ones();
        blockThreads[last] = static_cast<Idx>(limit + 1u);
        auto const message
            = rejectionMessage<Acc>(alpaka::WorkDivMembers<Dim, Idx>{Vec::ones(), blockThreads, Vec::ones()});
        INFO(message);
        CHECK_THAT(message, kerneltest::containsSubstring("blockThreadExtent"));
        CHECK_THAT(message, kerneltest::containsSubstring(kerneltest::vecText(blockThreads)));
        CHECK_THAT(message, kerneltest::containsSubstring(std::to_string(limit)));
    }
}

TEMPLATE_LIST_TEST_CASE("isValidWorkDivAgreesWithTheLaunch", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::WorkDivMembers<Dim, Idx> const valid{Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
    CHECK(alpaka::isValidWorkDiv<Acc>(valid, dev));
    std::uint32_t* const counts = nullptr;
    CHECK(alpaka::isValidWorkDiv<Acc>(valid, dev, TouchKernel{}, counts));
    if constexpr(Dim::value > 0)
    {
        alpaka::WorkDivMembers<Dim, Idx> const zero{Vec::zeros(), Vec::ones(), Vec::ones()};
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(zero, dev));
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(zero, dev, TouchKernel{}, counts));
    }
}
