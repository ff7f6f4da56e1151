// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Bad input to the memory functions raises an exception whose message says what was wrong, before any work is
// enqueued, and leaves the queue usable: extents that do not fit in copies, memset, fill and sub-views, negative
// extents, and allocations that cannot be satisfied.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "alpaka_test/Mem.hpp"

// The sanitizers' allocators abort on an allocation beyond their limit unless told to fail like the system allocator
// does; the library must turn that failure into an exception, which is what the tests below check.
#if defined(__SANITIZE_ADDRESS__)
#    define MEMTEST_ASAN 1
#elif defined(__SANITIZE_THREAD__)
#    define MEMTEST_TSAN 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define MEMTEST_ASAN 1
#    elif __has_feature(thread_sanitizer)
#        define MEMTEST_TSAN 1
#    endif
#endif
#if defined(MEMTEST_ASAN)
extern "C" auto __asan_default_options() -> char const*
{
    return "allocator_may_return_null=1";
}
#elif defined(MEMTEST_TSAN)
extern "C" auto __tsan_default_options() -> char const*
{
    return "allocator_may_return_null=1";
}
#endif

namespace
{
    //! The what() of the TException that f throws; fails the test if f throws nothing or something else.
    template<typename TException, typename TFn>
    auto messageOf(TFn&& f) -> std::string
    {
        try
        {
            f();
        }
        catch(TException const& e)
        {
            return e.what();
        }
        FAIL("no exception of the expected type was thrown");
        return {};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("memcpy rejects an extent that does not fit", "[mem][copy][errors]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    Fixture f;
    auto& queue = f.m_queue;
    auto small = alpaka::allocBuf<float, int>(f.m_dev, Vec2{3, 4});
    auto big = alpaka::allocBuf<float, int>(f.m_dev, Vec2{4, 4});
    alpaka::fill(queue, small, 1.0f);
    alpaka::fill(queue, big, 2.0f);

    SECTION("larger than the destination")
    {
        auto const message = messageOf<std::runtime_error>([&] { alpaka::memcpy(queue, small, big); });
        CHECK_THAT(message, memtest::contains("memcpy"));
        CHECK_THAT(message, memtest::contains("(4, 4)"));
        CHECK_THAT(message, memtest::contains("destination"));
        CHECK_THAT(message, memtest::contains("(3, 4)"));
        CHECK_THROWS_AS(alpaka::createTaskMemcpy(small, big, Vec2{4, 4}), std::runtime_error);
    }
    SECTION("larger than the source")
    {
        auto const message = messageOf<std::runtime_error>([&] { alpaka::memcpy(queue, big, small, Vec2{4, 1}); });
        CHECK_THAT(message, memtest::contains("memcpy"));
        CHECK_THAT(message, memtest::contains("(4, 1)"));
        CHECK_THAT(message, memtest::contains("source"));
        CHECK_THAT(message, memtest::contains("(3, 4)"));
    }
    SECTION("larger than a sub-view, though inside its buffer")
    {
        auto sub = alpaka::createSubView(big, Vec2{2, 2}, Vec2{1, 1});
        CHECK_THROWS_WITH(
            alpaka::memcpy(queue, sub, small, Vec2{2, 3}), memtest::contains("(2, 3)") && memtest::contains("(2, 2)"));
    }
    SECTION("negative")
    {
        CHECK_THROWS_WITH(
            alpaka::memcpy(queue, big, small, Vec2{-1, 2}),
            memtest::contains("memcpy") && memtest::contains("(-1, 2)"));
    }
    SECTION("a std::vector destination that is too short")
    {
        std::vector<float> host(11u);
        auto flat = alpaka::createView(f.m_dev, alpaka::getPtrNative(small), 12);
        CHECK_THROWS_WITH(
            alpaka::memcpy(queue, host, flat),
            memtest::contains("memcpy") && memtest::contains("(12)") && memtest::contains("(11)"));
    }
    // Nothing was enqueued and the queue still works.
    alpaka::memcpy(queue, big, small, Vec2{3, 4});
    CHECK(memtest::toHost(queue, big) == std::vector<float>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2});
}

TEMPLATE_LIST_TEST_CASE(
    "memset and fill reject an extent that does not fit", "[mem][memset][fill][errors]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    using Vec3 = alpaka::Vec<alpaka::DimInt<3u>, std::size_t>;
    Fixture f;
    auto& queue = f.m_queue;
    auto buf = alpaka::allocBuf<std::int32_t, std::size_t>(f.m_dev, Vec3{2u, 3u, 4u});
    alpaka::memset(queue, buf, 0u);

    auto const memsetMessage = messageOf<std::runtime_error>([&] { alpaka::memset(queue, buf, 1u, Vec3{2u, 4u, 4u}); });
    CHECK_THAT(memsetMessage, memtest::contains("memset"));
    CHECK_THAT(memsetMessage, memtest::contains("(2, 4, 4)"));
    CHECK_THAT(memsetMessage, memtest::contains("(2, 3, 4)"));
    CHECK_THROWS_AS(alpaka::createTaskMemset(buf, 1u, Vec3{3u, 1u, 1u}), std::runtime_error);

    auto const fillMessage = messageOf<std::runtime_error>([&] { alpaka::fill(queue, buf, 7, Vec3{2u, 3u, 5u}); });
    CHECK_THAT(fillMessage, memtest::contains("fill"));
    CHECK_THAT(fillMessage, memtest::contains("(2, 3, 5)"));
    CHECK_THAT(fillMessage, memtest::contains("(2, 3, 4)"));
    CHECK_THROWS_AS(alpaka::createTaskFill(buf, 7, Vec3{1u, 9u, 1u}), std::runtime_error);

    // Nothing was written.
    CHECK(memtest::toHost(queue, buf) == std::vector<std::int32_t>(24u, 0));
}

TEST_CASE("createSubView rejects offsets plus extent outside the parent", "[mem][subview][errors]")
{
    auto const dev = memtest::devHost();
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    auto buf = alpaka::allocBuf<int, int>(dev, Vec2{4, 5});

    CHECK_NOTHROW(alpaka::createSubView(buf, Vec2{2, 3}, Vec2{2, 2}));
    auto const message
        = messageOf<std::runtime_error>([&] { (void)alpaka::createSubView(buf, Vec2{2, 3}, Vec2{2, 3}); });
    CHECK_THAT(message, memtest::contains("createSubView"));
    CHECK_THAT(message, memtest::contains("(2, 3)"));
    CHECK_THAT(message, memtest::contains("(4, 5)"));
    CHECK_THROWS_AS(alpaka::createSubView(buf, Vec2{5, 1}), std::runtime_error);
    CHECK_THROWS_AS(alpaka::createSubView(buf, Vec2{1, 1}, Vec2{-1, 0}), std::runtime_error);
    CHECK_THROWS_AS(alpaka::createSubView(buf, Vec2{-2, 1}, Vec2{3, 0}), std::runtime_error);

    // A sub-view of a sub-view is checked against the sub-view, not the buffer.
    auto sub = alpaka::createSubView(buf, Vec2{2, 2}, Vec2{1, 1});
    CHECK_THROWS_WITH(alpaka::createSubView(sub, Vec2{2, 2}, Vec2{0, 1}), memtest::contains("(2, 2)"));

    // Offsets so large that offset + extent wraps around must not slip through.
    using VecU = alpaka::Vec<alpaka::DimInt<1u>, std::size_t>;
    auto bufU = alpaka::allocBuf<int, std::size_t>(dev, VecU{8u});
    CHECK_THROWS_AS(
        alpaka::createSubView(bufU, VecU{2u}, VecU{std::numeric_limits<std::size_t>::max()}), std::runtime_error);
}

TEST_CASE("allocBuf rejects negative extents by component", "[mem][buf][errors]")
{
    auto const dev = memtest::devHost();
    using Vec3 = alpaka::Vec<alpaka::DimInt<3u>, int>;

    auto const message
        = messageOf<std::runtime_error>([&] { (void)alpaka::allocBuf<float, int>(dev, Vec3{2, -3, 4}); });
    CHECK_THAT(message, memtest::contains("allocBuf"));
    CHECK_THAT(message, memtest::contains("component 1"));
    CHECK_THAT(message, memtest::contains("-3"));

    alpaka::QueueCpuNonBlocking queue(dev);
    CHECK_THROWS_WITH((alpaka::allocAsyncBuf<float, int>(queue, Vec3{-1, 1, 1})), memtest::contains("component 0"));
    CHECK_THROWS_AS((alpaka::allocBuf<double, std::int64_t>(dev, std::int64_t{-5})), std::runtime_error);
}

TEST_CASE("An allocation that cannot be satisfied throws std::bad_alloc with a message", "[mem][buf][errors]")
{
    auto const dev = memtest::devHost();
    constexpr std::size_t maxSize = std::numeric_limits<std::size_t>::max();

    SECTION("the byte count overflows std::size_t")
    {
        auto const message
            = messageOf<std::bad_alloc>([&] { (void)alpaka::allocBuf<double, std::size_t>(dev, maxSize / 4u); });
        CHECK_THAT(message, memtest::contains("allocBuf"));
        CHECK_THAT(message, memtest::contains("size_t"));
        using Vec3 = alpaka::Vec<alpaka::DimInt<3u>, int>;
        int const big = std::numeric_limits<int>::max();
        CHECK_THROWS_AS((alpaka::allocBuf<float, int>(dev, Vec3{big, big, big})), std::bad_alloc);
    }
    SECTION("rounding up to the alignment overflows")
    {
        CHECK_THROWS_AS((alpaka::allocBuf<char, std::size_t>(dev, maxSize)), std::bad_alloc);
        CHECK_THROWS_AS((alpaka::allocBuf<char, std::size_t>(dev, maxSize - 10u)), std::bad_alloc);
    }
    SECTION("more memory than any machine has")
    {
        std::size_t const bytes = std::size_t{1} << 60u;
        auto const message = messageOf<std::bad_alloc>([&] { (void)alpaka::allocBuf<char, std::size_t>(dev, bytes); });
        CHECK_THAT(message, memtest::contains("allocBuf"));
        CHECK_THAT(message, memtest::contains(std::to_string(bytes)));
        alpaka::QueueCpuBlocking queue(dev);
        CHECK_THROWS_WITH((alpaka::allocAsyncBuf<char, std::size_t>(queue, bytes)), memtest::contains("allocAsyncBuf"));
        CHECK_THROWS_AS((alpaka::allocMappedBuf<char, std::size_t>(dev, alpaka::PlatformCpu{}, bytes)), std::bad_alloc);
    }
    // The allocator still works afterwards.
    auto buf = alpaka::allocBuf<char, std::size_t>(dev, std::size_t{16});
    CHECK(alpaka::getExtents(buf)[0] == 16u);
}
