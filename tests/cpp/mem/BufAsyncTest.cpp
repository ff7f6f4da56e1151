// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// allocAsyncBuf and allocAsyncBufIfSupported on every queue kind: the buffer is usable in queue order, and its
// memory is released in queue order too, so a handle may go away while queued work still reads the memory.

#include <alpaka/test/event/EventHostManualTrigger.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alpaka_test/Mem.hpp"

TEMPLATE_LIST_TEST_CASE("allocAsyncBuf is usable in queue order", "[mem][buf][async]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, std::size_t>;
    Fixture f;
    Vec2 const extent{4u, 5u};

    STATIC_REQUIRE(alpaka::hasAsyncBufSupport<Dev, alpaka::DimInt<2u>>);
    auto buf = alpaka::allocAsyncBuf<std::int32_t, std::size_t>(f.m_queue, extent);
    STATIC_REQUIRE(std::is_same_v<decltype(buf), alpaka::Buf<Dev, std::int32_t, alpaka::DimInt<2u>, std::size_t>>);
    CHECK(alpaka::getExtents(buf) == extent);
    CHECK(alpaka::getDev(buf) == f.m_dev);

    alpaka::fill(f.m_queue, buf, std::int32_t{-3});
    alpaka::fill(f.m_queue, buf, std::int32_t{9}, Vec2{2u, 5u});
    auto const host = memtest::toHost(f.m_queue, buf);
    for(std::size_t i = 0; i < host.size(); ++i)
        CHECK(host[i] == (i < 10u ? 9 : -3));

    auto fallback = alpaka::allocAsyncBufIfSupported<float, std::size_t>(f.m_queue, extent);
    STATIC_REQUIRE(std::is_same_v<decltype(fallback), decltype(alpaka::allocBuf<float, std::size_t>(f.m_dev, extent))>);
    CHECK(alpaka::getExtents(fallback) == extent);
    alpaka::memset(f.m_queue, fallback, 0u);
    CHECK(memtest::toHost(f.m_queue, fallback) == std::vector<float>(20u, 0.0f));
}

TEMPLATE_LIST_TEST_CASE(
    "An async buffer may be dropped while queued work still uses it", "[mem][buf][async]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Dev = typename Fixture::Dev;
    using Queue = typename Fixture::Queue;
    Fixture f;
    std::size_t const n = 1000u;

    // On a non-blocking queue, hold the queue back so that everything below is still pending when the last handle
    // goes away; a blocking queue has already run each task when enqueue returns.
    alpaka::test::EventHostManualTrigger<Dev> gate(f.m_dev);
    constexpr bool holdBack = !alpaka::test::IsBlockingQueue<Queue>::value;
    if constexpr(holdBack)
        alpaka::enqueue(f.m_queue, gate);

    auto result = alpaka::allocBuf<std::int64_t, std::size_t>(memtest::devHost(), std::size_t{1});
    result[0u] = 0;
    {
        auto buf = alpaka::allocAsyncBuf<std::int64_t, std::size_t>(f.m_queue, n);
        alpaka::fill(f.m_queue, buf, std::int64_t{3});
        if constexpr(std::is_same_v<Dev, alpaka::DevCpu>)
        {
            // A raw pointer does not keep the buffer alive: only the queue-ordered release does.
            std::int64_t const* const p = alpaka::getPtrNative(buf);
            std::int64_t* const out = alpaka::getPtrNative(result);
            alpaka::enqueue(
                f.m_queue,
                [p, out]
                {
                    std::int64_t sum = 0;
                    for(std::size_t i = 0; i < n; ++i)
                        sum += p[i];
                    *out = sum;
                });
        }
        else
        {
            auto sum = alpaka::allocBuf<std::int64_t, std::size_t>(memtest::devHost(), n);
            alpaka::memcpy(f.m_queue, sum, buf);
            alpaka::enqueue(
                f.m_queue,
                [sum, out = alpaka::getPtrNative(result), n]() mutable
                {
                    std::int64_t total = 0;
                    for(std::size_t i = 0; i < n; ++i)
                        total += sum[i];
                    *out = total;
                });
        }
    } // the last handle of buf goes away here; ASan reports a use-after-free if this freed the memory at once
    if constexpr(holdBack)
    {
        CHECK_FALSE(alpaka::empty(f.m_queue));
        gate.trigger();
    }
    alpaka::wait(f.m_queue);
    CHECK(result[0u] == 3 * static_cast<std::int64_t>(n));
}

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
TEMPLATE_LIST_TEST_CASE(
    "allocAsyncBuf on CUDA draws on the device's stream-ordered pool",
    "[mem][buf][async][cuda]",
    alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    if constexpr(std::is_same_v<typename Fixture::Dev, alpaka::DevCudaRt>)
    {
        Fixture f;
        // cudaMallocAsync serves from the device's current memory pool (the default one unless the program set
        // another): its used bytes grow by the buffer while it lives and shrink once its release ran in the queue.
        cudaMemPool_t pool = nullptr;
        REQUIRE(cudaDeviceGetMemPool(&pool, f.m_dev.getNativeHandle()) == cudaSuccess);
        auto used = [pool]
        {
            cuuint64_t bytes = 0;
            REQUIRE(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &bytes) == cudaSuccess);
            return static_cast<std::uint64_t>(bytes);
        };
        alpaka::wait(f.m_queue);
        auto const before = used();
        std::size_t const n = std::size_t{1} << 18;
        {
            auto buf = alpaka::allocAsyncBuf<float, std::size_t>(f.m_queue, n);
            alpaka::memset(f.m_queue, buf, 0u);
            alpaka::wait(f.m_queue);
            CHECK(used() >= before + n * sizeof(float));
        }
        alpaka::wait(f.m_queue);
        CHECK(used() == before);
    }
}
#endif
