// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Dynamic block shared memory: a kernel asks for it by specializing trait::BlockSharedMemDynSizeBytes and uses it
// through getDynSharedMem<T>(acc); every block gets its own. Asking for more than the limit is an error that names
// the limit.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    //! Each thread fills its slotsPerThread slots with values unique to (block, slot); after a barrier each thread
    //! checks the slots of the next thread of its block.
    struct DynSharedKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success, std::uint32_t slotsPerThread) const
        {
            auto* const mem = alpaka::getDynSharedMem<std::uint32_t>(acc);
            ALPAKA_CHECK(*success, mem != nullptr);
            ALPAKA_CHECK(*success, reinterpret_cast<std::uintptr_t>(mem) % alignof(std::max_align_t) == 0u);

            auto const blockThreadExtent = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc);
            auto const blockThreads = static_cast<std::uint32_t>(blockThreadExtent.prod());
            auto const thread = static_cast<std::uint32_t>(
                alpaka::mapIdx<1u>(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc), blockThreadExtent)[0]);
            auto const block = static_cast<std::uint32_t>(alpaka::mapIdx<1u>(
                alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc),
                alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(acc))[0]);

            for(std::uint32_t k = 0; k < slotsPerThread; ++k)
                mem[thread * slotsPerThread + k] = block * 1000003u + thread * slotsPerThread + k;
            alpaka::syncBlockThreads(acc);
            std::uint32_t const other = (thread + 1u) % blockThreads;
            for(std::uint32_t k = 0; k < slotsPerThread; ++k)
                ALPAKA_CHECK(
                    *success, mem[other * slotsPerThread + k] == block * 1000003u + other * slotsPerThread + k);
            alpaka::syncBlockThreads(acc);
        }
    };

    //! Asks for `bytes` bytes; block thread 0 writes the first and the last one and reads them back.
    struct SizedDynSharedKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, std::uint32_t* failures, std::size_t bytes) const
        {
            auto* const mem = alpaka::getDynSharedMem<unsigned char>(acc);
            if(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)
               == alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>::zeros())
            {
                mem[bytes - 1u] = 0xa5;
                mem[0] = 0x5a;
                if(mem[0] != 0x5a || (bytes > 1u && mem[bytes - 1u] != 0xa5))
                    alpaka::atomicAdd(acc, failures, std::uint32_t{1});
            }
        }
    };
} // namespace

namespace alpaka::trait
{
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<DynSharedKernel, TAcc>
    {
        //! The arguments of the launch arrive here: (success, slotsPerThread).
        template<typename TDim>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            DynSharedKernel const&,
            Vec<TDim, Idx<TAcc>> const& blockThreadExtent,
            Vec<TDim, Idx<TAcc>> const& threadElemExtent,
            bool* const&,
            std::uint32_t const& slotsPerThread) -> std::size_t
        {
            return static_cast<std::size_t>(blockThreadExtent.prod())
                   * static_cast<std::size_t>(threadElemExtent.prod()) * slotsPerThread * sizeof(std::uint32_t);
        }
    };

    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<SizedDynSharedKernel, TAcc>
    {
        template<typename TDim>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            SizedDynSharedKernel const&,
            Vec<TDim, Idx<TAcc>> const&,
            Vec<TDim, Idx<TAcc>> const&,
            std::uint32_t* const&,
            std::size_t const& bytes) -> std::size_t
        {
            return bytes;
        }
    };
} // namespace alpaka::trait

namespace
{
    //! Several blocks of (where the accelerator allows) two threads per dimension.
    template<typename TAcc>
    auto blocksOfSeveralThreads(alpaka::Dev<TAcc> const& dev)
    {
        using Dim = alpaka::Dim<TAcc>;
        using Idx = alpaka::Idx<TAcc>;
        using Vec = alpaka::Vec<Dim, Idx>;
        auto const props = alpaka::getAccDevProps<TAcc>(dev);
        bool twoFit = static_cast<std::size_t>(props.m_blockThreadCountMax) >= (std::size_t{1} << Dim::value);
        for(std::size_t d = 0; d != Dim::value; ++d)
            twoFit = twoFit && props.m_blockThreadExtentMax[d] >= 2;
        return alpaka::WorkDivMembers<Dim, Idx>{Vec::all(Idx{3}), twoFit ? Vec::all(Idx{2}) : Vec::ones(), Vec::ones()};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("dynamicSharedMemoryPerBlock", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const workDiv = blocksOfSeveralThreads<Acc>(dev);
    alpaka::test::KernelExecutionFixture<Acc> fixture(workDiv);

    // 1000 words per block thread: far more than one cache line, well within the limit.
    CHECK(fixture(
        DynSharedKernel{}, std::uint32_t{1000} / static_cast<std::uint32_t>(workDiv.m_blockThreadExtent.prod())));
    CHECK(fixture(DynSharedKernel{}, std::uint32_t{1}));
}

TEMPLATE_LIST_TEST_CASE("dynamicSharedMemoryUpToTheLimit", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::WorkDivMembers<Dim, Idx> const workDiv{Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
    std::uint32_t* const noFailures = nullptr;
    auto const limit = static_cast<std::size_t>(
        alpaka::getFunctionAttributes<Acc>(dev, SizedDynSharedKernel{}, noFailures, std::size_t{1})
            .maxDynamicSharedSizeBytes);
    REQUIRE(limit > 0u);
    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
        CHECK(limit == ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB * 1024u);

    alpaka::Queue<Acc, alpaka::NonBlocking> queue(dev);
    auto failures = kerneltest::zeroedBuffer<std::uint32_t>(queue, Idx{1});
    for(std::size_t const bytes : {std::size_t{1}, std::size_t{4096}, limit - 1u, limit})
    {
        INFO(bytes << " bytes");
        alpaka::exec<Acc>(queue, workDiv, SizedDynSharedKernel{}, alpaka::getPtrNative(failures), bytes);
        CHECK(kerneltest::toHost(queue, failures)[0] == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("dynamicSharedMemoryAboveTheLimitIsAnError", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::WorkDivMembers<Dim, Idx> const workDiv{Vec::all(Idx{2}), Vec::ones(), Vec::ones()};
    std::uint32_t* const noFailures = nullptr;
    auto const limit = static_cast<std::size_t>(
        alpaka::getFunctionAttributes<Acc>(dev, SizedDynSharedKernel{}, noFailures, std::size_t{1})
            .maxDynamicSharedSizeBytes);

    auto const runOn = [&]<typename TQueue>()
    {
        TQueue queue(dev);
        auto failures = kerneltest::zeroedBuffer<std::uint32_t>(queue, Idx{1});
        for(std::size_t const bytes : {limit + 1u, 2u * limit, std::size_t{1} << 30})
        {
            INFO(bytes << " bytes");
            // Rejected when the launch is made, on every kind of queue.
            auto const message = kerneltest::runtimeErrorMessage(
                [&]
                { alpaka::exec<Acc>(queue, workDiv, SizedDynSharedKernel{}, alpaka::getPtrNative(failures), bytes); });
            INFO(message);
            CHECK_THAT(message, kerneltest::containsSubstring(std::to_string(limit)));
            CHECK_THAT(message, kerneltest::containsSubstring(std::to_string(bytes)));
            CHECK_THAT(message, kerneltest::containsSubstring("shared memory"));
            // A CPU task knows its device's limit when it is made; a GPU task learns its device when it is enqueued.
            if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
            {
                auto const taskMessage = kerneltest::runtimeErrorMessage(
                    [&]
                    {
                        std::ignore = alpaka::createTaskKernel<Acc>(
                            workDiv, SizedDynSharedKernel{}, alpaka::getPtrNative(failures), bytes);
                    });
                CHECK(taskMessage == message);
            }
        }
        // Nothing was enqueued, no error is pending, and the queue works.
        CHECK_NOTHROW(alpaka::wait(queue));
        alpaka::exec<Acc>(queue, workDiv, SizedDynSharedKernel{}, alpaka::getPtrNative(failures), limit);
        CHECK(kerneltest::toHost(queue, failures)[0] == 0u);
    };
    runOn.template operator()<alpaka::Queue<Acc, alpaka::Blocking>>();
    runOn.template operator()<alpaka::Queue<Acc, alpaka::NonBlocking>>();
}
