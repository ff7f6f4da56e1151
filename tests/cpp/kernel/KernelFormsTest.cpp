// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The ways to write and launch a kernel: exec() and createTaskKernel() + enqueue(); function objects with a template
// operator(), generic lambdas, lambdas for one accelerator type; on blocking and non-blocking queues.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/queue/Queue.hpp>

#include <cstdint>
#include <thread>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    //! Runs fn.template operator()<Queue>() for the blocking and the non-blocking queue of TAcc.
    template<typename TAcc, typename TFn>
    void forEachQueueKind(TFn&& fn)
    {
        fn.template operator()<alpaka::Queue<TAcc, alpaka::Blocking>>();
        fn.template operator()<alpaka::Queue<TAcc, alpaka::NonBlocking>>();
    }

    //! One thread per element of extent.
    template<typename TAcc>
    auto oneThreadPerElement(alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> const& extent)
    {
        using Vec = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;
        return alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>{extent, Vec::ones(), Vec::ones()};
    }

    //! Fails its ALPAKA_CHECK unless value is 1.
    struct ExpectOneKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&, bool* success, int value) const
        {
            ALPAKA_CHECK(*success, value == 1);
        }
    };

    //! Checks the work division the kernel sees.
    struct WorkDivKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, bool* success, alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> gridThreads) const
        {
            ALPAKA_CHECK(*success, (alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc) == gridThreads));
            auto const idx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
            for(std::size_t d = 0; d != alpaka::Dim<TAcc>::value; ++d)
                ALPAKA_CHECK(*success, idx[d] < gridThreads[d]);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("execRunsAFunctionObjectKernel", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    forEachQueueKind<Acc>(
        [&]<typename TQueue>()
        {
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
            auto const workDiv = alpaka::getValidWorkDiv<Acc>(
                dev, extent, Vec::ones(), false, alpaka::GridBlockExtentSubDivRestrictions::Unrestricted);
            alpaka::exec<Acc>(queue, workDiv, kerneltest::CountElementsKernel{}, alpaka::getPtrNative(counts), extent);
            CHECK(kerneltest::countMismatches(kerneltest::toHost(queue, counts), 1u) == 0u);
        });
}

TEMPLATE_LIST_TEST_CASE("createTaskKernelAndEnqueue", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    forEachQueueKind<Acc>(
        [&]<typename TQueue>()
        {
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
            auto const task = alpaka::createTaskKernel<Acc>(
                oneThreadPerElement<Acc>(extent),
                kerneltest::CountElementsKernel{},
                alpaka::getPtrNative(counts),
                extent);
            STATIC_REQUIRE(std::is_same_v<alpaka::Dim<std::remove_cvref_t<decltype(task)>>, Dim>);
            STATIC_REQUIRE(std::is_same_v<alpaka::Idx<std::remove_cvref_t<decltype(task)>>, Idx>);
            // A task can be enqueued more than once, as an lvalue and as an rvalue.
            alpaka::enqueue(queue, task);
            alpaka::enqueue(queue, task);
            auto copy = task;
            alpaka::enqueue(queue, std::move(copy));
            CHECK(kerneltest::countMismatches(kerneltest::toHost(queue, counts), 3u) == 0u);
        });
}

// nvcc rejects generic __host__ __device__ lambdas (an nvcc restriction on extended lambdas): this form of kernel
// is not available in CUDA translation units.
#if !(ALPAKA_COMP_NVCC && ALPAKA_GPU_LANG_ACTIVE)
TEMPLATE_LIST_TEST_CASE("genericLambdaKernel", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    auto const kernel = [] ALPAKA_FN_ACC(auto const& acc, std::uint32_t* counts, auto const& gridExtent) -> void
    {
        auto const idx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
        alpaka::atomicAdd(acc, &counts[alpaka::mapIdx<1u>(idx, gridExtent)[0]], std::uint32_t{1});
    };
    STATIC_REQUIRE(std::is_trivially_copyable_v<decltype(kernel)>);

    forEachQueueKind<Acc>(
        [&]<typename TQueue>()
        {
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
            alpaka::exec<Acc>(queue, oneThreadPerElement<Acc>(extent), kernel, alpaka::getPtrNative(counts), extent);
            alpaka::enqueue(
                queue, alpaka::createTaskKernel<Acc>(oneThreadPerElement<Acc>(extent), kernel, counts.data(), extent));
            CHECK(kerneltest::countMismatches(kerneltest::toHost(queue, counts), 2u) == 0u);
        });
}
#endif

TEMPLATE_LIST_TEST_CASE("lambdaKernelForOneAcceleratorType", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    auto const kernel = [] ALPAKA_FN_ACC(Acc const& acc, std::uint32_t* counts, Vec gridExtent) -> void
    {
        auto const idx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
        alpaka::atomicAdd(acc, &counts[alpaka::mapIdx<1u>(idx, gridExtent)[0]], std::uint32_t{1});
    };

    forEachQueueKind<Acc>(
        [&]<typename TQueue>()
        {
            TQueue queue(dev);
            auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
            alpaka::exec<Acc>(queue, oneThreadPerElement<Acc>(extent), kernel, alpaka::getPtrNative(counts), extent);
            CHECK(kerneltest::countMismatches(kerneltest::toHost(queue, counts), 1u) == 0u);
        });
}

TEMPLATE_LIST_TEST_CASE("kernelExecutionFixtureReportsAlpakaCheck", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;

    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(extent);
    CHECK(fixture(ExpectOneKernel{}, 1));
    CHECK(fixture(WorkDivKernel{}, alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(fixture.getWorkDiv())));

    // A failed ALPAKA_CHECK reaches the host (and prints a line per thread: use a one-thread grid).
    alpaka::test::KernelExecutionFixture<Acc> single(alpaka::Vec<Dim, Idx>::ones());
    CHECK_FALSE(single(ExpectOneKernel{}, 2));
    CHECK(single(ExpectOneKernel{}, 1));
}

TEMPLATE_LIST_TEST_CASE("blockingQueueHasRunTheKernelWhenExecReturns", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    if constexpr(!std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
    {
        SUCCEED("reads device memory from the host: CPU devices only");
    }
    else
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        auto const extent = alpaka::test::extentBuf<Dim, Idx>;
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
        alpaka::exec<Acc>(
            queue, oneThreadPerElement<Acc>(extent), kerneltest::CountElementsKernel{}, counts.data(), extent);
        // No wait: the memory is the host's, and the blocking queue ran the kernel inside exec().
        std::size_t mismatches = 0;
        for(Idx i = 0; i < extent.prod(); ++i)
            mismatches += counts[i] == 1u ? 0u : 1u;
        CHECK(mismatches == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("kernelsFromSeveralHostThreads", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;
    constexpr std::uint32_t launches = 10;
    constexpr std::size_t threadCount = 3;

    // Each host thread launches into its own queue; the launches of different queues run concurrently.
    std::vector<std::vector<std::uint32_t>> results(threadCount);
    std::vector<std::thread> threads;
    for(std::size_t t = 0; t < threadCount; ++t)
        threads.emplace_back(
            [&, t]
            {
                alpaka::Queue<Acc, alpaka::NonBlocking> queue(dev);
                auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
                for(std::uint32_t i = 0; i < launches; ++i)
                    alpaka::exec<Acc>(
                        queue,
                        oneThreadPerElement<Acc>(extent),
                        kerneltest::CountElementsKernel{},
                        counts.data(),
                        extent);
                results[t] = kerneltest::toHost(queue, counts);
            });
    for(auto& thread : threads)
        thread.join();
    for(std::size_t t = 0; t < threadCount; ++t)
    {
        CHECK(results[t].size() == static_cast<std::size_t>(extent.prod()));
        CHECK(kerneltest::countMismatches(results[t], launches) == 0u);
    }
}
