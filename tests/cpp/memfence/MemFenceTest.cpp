// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! mem_fence with block, grid and device scope: it compiles and runs in kernels of every accelerator, and the
//! producer/consumer pattern of upstream alpaka's manual ("Library Interface", "Memory fences") only ever shows allowed
//! outcomes: a consumer that sees the producer's second store also sees its first.
//!
//! The shared values are read and written with relaxed atomics (atomicExch to store, atomicAdd of 0 to load) rather
//! than through volatile pointers as in the manual's example: on CPU back-ends with several threads, plain concurrent
//! accesses are data races, while with atomics the fences give exactly the ordering the manual promises (no LoadLoad
//! and no StoreStore reordering).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <set>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::size_t>;

    template<typename TAcc>
    ALPAKA_FN_ACC auto store(TAcc const& acc, int* addr, int value) -> void
    {
        alpaka::atomicExch(acc, addr, value);
    }

    template<typename TAcc>
    ALPAKA_FN_ACC auto load(TAcc const& acc, int* addr) -> int
    {
        return alpaka::atomicAdd(acc, addr, 0);
    }

    //! Every scope, called by every thread; the thread's own stores stay visible to itself across them.
    struct AllScopesKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            auto& shared = alpaka::declareSharedVar<int, 0>(acc);
            int local = 1;
            alpaka::mem_fence(acc, alpaka::memory_scope::Block{});
            local += 1;
            alpaka::mem_fence(acc, alpaka::memory_scope::Grid{});
            local += 1;
            alpaka::mem_fence(acc, alpaka::memory_scope::Device{});
            ALPAKA_CHECK(*success, local == 3);
            if(alpaka::oncePerBlock(acc))
                shared = 7;
            alpaka::mem_fence(acc, alpaka::memory_scope::Block{});
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, shared == 7);
        }
    };

    //! The manual's example: vars = {1, 2}; the producer stores 10 then, after a fence, 20; the consumer loads vars[1]
    //! then, after a fence, vars[0]. It records (a, b) = (vars[0], vars[1]) as it saw them.
    template<typename TAcc, typename TScope>
    ALPAKA_FN_ACC auto produce(TAcc const& acc, int* vars) -> void
    {
        store(acc, &vars[0], 10);
        alpaka::mem_fence(acc, TScope{});
        store(acc, &vars[1], 20);
    }

    template<typename TAcc, typename TScope>
    ALPAKA_FN_ACC auto consume(TAcc const& acc, int* vars, int* seen) -> void
    {
        int const b = load(acc, &vars[1]);
        alpaka::mem_fence(acc, TScope{});
        int const a = load(acc, &vars[0]);
        seen[0] = a;
        seen[1] = b;
    }

    //! Message passing in a loop: the producer stores i into x, fences, stores i into y; the consumer loads y, fences,
    //! loads x and must find x >= y every time.
    template<typename TAcc, typename TScope>
    ALPAKA_FN_ACC auto produceLoop(TAcc const& acc, int* x, int* y, int iterations) -> void
    {
        for(int i = 1; i <= iterations; ++i)
        {
            store(acc, x, i);
            alpaka::mem_fence(acc, TScope{});
            store(acc, y, i);
        }
    }

    template<typename TAcc, typename TScope>
    ALPAKA_FN_ACC auto consumeLoop(TAcc const& acc, bool* success, int* x, int* y, int iterations) -> void
    {
        for(int i = 0; i < iterations; ++i)
        {
            int const seenY = load(acc, y);
            alpaka::mem_fence(acc, TScope{});
            int const seenX = load(acc, x);
            ALPAKA_CHECK(*success, seenX >= seenY);
        }
    }

    //! Block scope: producer and consumer are threads 0 and 1 of each block (the same thread where blocks have one),
    //! the values live in shared memory. seen gets two ints per block.
    struct BlockScopeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, int* seen, int iterations) const -> void
        {
            using Scope = alpaka::memory_scope::Block;
            auto& vars = alpaka::declareSharedVar<int[2], 0>(acc);
            auto& loop = alpaka::declareSharedVar<int[2], 1>(acc);
            auto const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
            auto const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
            auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            if(thread == 0)
            {
                vars[0] = 1;
                vars[1] = 2;
                loop[0] = 0;
                loop[1] = 0;
            }
            alpaka::syncBlockThreads(acc);
            bool const producer = thread == 0;
            bool const consumer = threads == 1 ? thread == 0 : thread == 1;
            if(producer)
            {
                produce<TAcc, Scope>(acc, vars);
                produceLoop<TAcc, Scope>(acc, &loop[0], &loop[1], iterations);
            }
            if(consumer)
            {
                consume<TAcc, Scope>(acc, vars, &seen[2u * block]);
                consumeLoop<TAcc, Scope>(acc, success, &loop[0], &loop[1], iterations);
            }
        }
    };

    //! Grid or device scope: block 0 produces, block 1 consumes (one thread each), in global memory. vars holds the
    //! manual's two values followed by the loop's x and y.
    template<typename TScope>
    struct GridScopeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, int* vars, int* seen, int iterations) const -> void
        {
            if(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0] != 0)
                return;
            auto const block = alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0];
            if(block == 0)
            {
                produce<TAcc, TScope>(acc, vars);
                produceLoop<TAcc, TScope>(acc, &vars[2], &vars[3], iterations);
            }
            else if(block == 1)
            {
                consume<TAcc, TScope>(acc, vars, seen);
                consumeLoop<TAcc, TScope>(acc, success, &vars[2], &vars[3], iterations);
            }
        }
    };

    //! Device scope across kernels: the producer and the consumer are kernels on two queues that run at the same time.
    struct DeviceProducerKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, int* vars, int iterations) const -> void
        {
            produce<TAcc, alpaka::memory_scope::Device>(acc, vars);
            produceLoop<TAcc, alpaka::memory_scope::Device>(acc, &vars[2], &vars[3], iterations);
        }
    };

    struct DeviceConsumerKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, int* vars, int* seen, int iterations) const -> void
        {
            consume<TAcc, alpaka::memory_scope::Device>(acc, vars, seen);
            consumeLoop<TAcc, alpaka::memory_scope::Device>(acc, success, &vars[2], &vars[3], iterations);
        }
    };

    //! The outcomes the manual allows: (a, b) = (1, 2), (10, 2) or (10, 20), never (1, 20).
    auto allowed(int a, int b) -> bool
    {
        return (a == 1 && b == 2) || (a == 10 && b == 2) || (a == 10 && b == 20);
    }

    template<typename TAcc>
    auto blockThreadsUpTo(alpaka::Idx<TAcc> wanted) -> alpaka::Idx<TAcc>
    {
        auto const props = alpaka::getAccDevProps<TAcc>(alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0));
        auto const limit = props.m_blockThreadExtentMax[0] < props.m_blockThreadCountMax
                               ? props.m_blockThreadExtentMax[0]
                               : props.m_blockThreadCountMax;
        return wanted < limit ? wanted : limit;
    }

    template<typename TAcc, typename TBuf>
    auto readBack(alpaka::test::KernelExecutionFixture<TAcc>& fixture, TBuf const& buf) -> std::vector<int>
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const count = static_cast<std::size_t>(alpaka::getExtentProduct(buf));
        std::vector<int> host(count);
        auto view = alpaka::createView(
            alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0),
            host.data(),
            alpaka::Vec<alpaka::DimInt<1u>, Idx>{static_cast<Idx>(count)});
        alpaka::memcpy(fixture.getQueue(), view, buf);
        alpaka::wait(fixture.getQueue());
        return host;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("mem_fence runs with every scope", "[memfence]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, alpaka::Idx<Acc>>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec::all(4));
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
    CHECK(fixture(AllScopesKernel{}));
}

TEMPLATE_LIST_TEST_CASE("mem_fence: block-scope producer/consumer sees only allowed outcomes", "[memfence]", Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using WorkDiv = alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>;
    Idx const blocks = 16;
    alpaka::test::KernelExecutionFixture<Acc> fixture(WorkDiv(blocks, blockThreadsUpTo<Acc>(2), Idx{1}));
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
    auto seen
        = alpaka::allocBuf<int, Idx>(alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0), static_cast<Idx>(2 * blocks));
    std::set<std::pair<int, int>> outcomes;
    for(int run = 0; run < 20; ++run)
    {
        CHECK(fixture(BlockScopeKernel{}, alpaka::getPtrNative(seen), 200));
        auto const result = readBack(fixture, seen);
        for(Idx block = 0; block < blocks; ++block)
            outcomes.emplace(result[2u * block], result[2u * block + 1u]);
    }
    for(auto const& [a, b] : outcomes)
    {
        INFO("a = " << a << ", b = " << b);
        CHECK(allowed(a, b));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "mem_fence: grid- and device-scope producer/consumer sees only allowed outcomes", "[memfence]", Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using WorkDiv = alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(WorkDiv(Idx{2}, Idx{1}, Idx{1}));
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto vars = alpaka::allocBuf<int, Idx>(dev, Idx{4});
    auto seen = alpaka::allocBuf<int, Idx>(dev, Idx{2});
    std::vector<int> initial{1, 2, 0, 0};
    auto initialView = alpaka::createView(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), initial.data(), Idx{4});
    std::set<std::pair<int, int>> outcomes;
    for(int run = 0; run < 40; ++run)
    {
        alpaka::memcpy(fixture.getQueue(), vars, initialView);
        if(run % 2 == 0)
            CHECK(fixture(
                GridScopeKernel<alpaka::memory_scope::Grid>{},
                alpaka::getPtrNative(vars),
                alpaka::getPtrNative(seen),
                200));
        else
            CHECK(fixture(
                GridScopeKernel<alpaka::memory_scope::Device>{},
                alpaka::getPtrNative(vars),
                alpaka::getPtrNative(seen),
                200));
        auto const result = readBack(fixture, seen);
        outcomes.emplace(result[0], result[1]);
    }
    for(auto const& [a, b] : outcomes)
    {
        INFO("a = " << a << ", b = " << b);
        CHECK(allowed(a, b));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "mem_fence: device-scope producer and consumer kernels on two queues see only allowed outcomes",
    "[memfence]",
    Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using WorkDiv = alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx>;
    using Queue = alpaka::Queue<Acc, alpaka::NonBlocking>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    WorkDiv const workDiv(Idx{1}, Idx{1}, Idx{1});
    INFO(alpaka::getAccName<Acc>());
    Queue producerQueue(dev);
    Queue consumerQueue(dev);
    auto vars = alpaka::allocBuf<int, Idx>(dev, Idx{4});
    auto seen = alpaka::allocBuf<int, Idx>(dev, Idx{2});
    auto success = alpaka::allocBuf<bool, Idx>(dev, Idx{1});
    std::vector<int> initial{1, 2, 0, 0};
    std::vector<int> seenHost(2);
    bool successHost = false;
    std::set<std::pair<int, int>> outcomes;
    for(int run = 0; run < 40; ++run)
    {
        alpaka::memcpy(producerQueue, vars, alpaka::createView(host, initial.data(), Idx{4}));
        alpaka::memset(producerQueue, success, 1u);
        alpaka::wait(producerQueue);
        alpaka::exec<Acc>(producerQueue, workDiv, DeviceProducerKernel{}, alpaka::getPtrNative(vars), 2000);
        alpaka::exec<Acc>(
            consumerQueue,
            workDiv,
            DeviceConsumerKernel{},
            alpaka::getPtrNative(success),
            alpaka::getPtrNative(vars),
            alpaka::getPtrNative(seen),
            2000);
        alpaka::wait(producerQueue);
        alpaka::wait(consumerQueue);
        alpaka::memcpy(consumerQueue, alpaka::createView(host, seenHost.data(), Idx{2}), seen);
        alpaka::memcpy(consumerQueue, alpaka::createView(host, &successHost, Idx{1}), success);
        alpaka::wait(consumerQueue);
        CHECK(successHost);
        outcomes.emplace(seenHost[0], seenHost[1]);
    }
    for(auto const& [a, b] : outcomes)
    {
        INFO("a = " << a << ", b = " << b);
        CHECK(allowed(a, b));
    }
}
