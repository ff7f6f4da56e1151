// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Integer helpers: core::divCeil, core::intPow (against repeated multiplication), core::nthRootFloor (against a
// brute-force reference, and near the type's maximum where a naive r^n would overflow), core::roundUpToMultiple and
// core::declval (upstream's std::declval for kernel code).

#include <alpaka/alpaka.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    // Largest r with r^n <= value, by counting up with wide arithmetic (only for small values).
    auto bruteForceRoot(std::uint64_t value, std::uint64_t n) -> std::uint64_t
    {
        auto const pow = [n](std::uint64_t r)
        {
            std::uint64_t p = 1;
            for(std::uint64_t i = 0; i < n; ++i)
                p *= r;
            return p;
        };
        std::uint64_t r = 0;
        while(pow(r + 1) <= value)
            ++r;
        return r;
    }

    // r^n <= value < (r+1)^n in long double, for checks near the maximum where exact products overflow.
    template<typename T>
    auto isFloorRoot(T value, T n, T r) -> bool
    {
        long double lower = 1;
        long double upper = 1;
        for(T i = 0; i < n; ++i)
        {
            lower *= static_cast<long double>(r);
            upper *= static_cast<long double>(r) + 1;
        }
        return lower <= static_cast<long double>(value) && static_cast<long double>(value) < upper;
    }
} // namespace

TEST_CASE("core::divCeil rounds up", "[core]")
{
    CHECK(alpaka::core::divCeil(0, 4) == 0);
    CHECK(alpaka::core::divCeil(1, 4) == 1);
    CHECK(alpaka::core::divCeil(4, 4) == 1);
    CHECK(alpaka::core::divCeil(5, 4) == 2);
    CHECK(alpaka::core::divCeil(std::size_t{1000}, std::size_t{7}) == 143u);
    CHECK(alpaka::core::divCeil(std::size_t{7}, std::size_t{1}) == 7u);
    STATIC_REQUIRE(alpaka::core::divCeil(9u, 3u) == 3u);
    // Near the maximum of the type, where a + b - 1 would overflow.
    constexpr auto intMax = std::numeric_limits<std::int32_t>::max();
    CHECK(alpaka::core::divCeil(intMax, 1) == intMax);
    CHECK(alpaka::core::divCeil(intMax, 4) == intMax / 4 + 1);
    CHECK(alpaka::core::divCeil(intMax, intMax) == 1);
    constexpr auto u64Max = std::numeric_limits<std::uint64_t>::max();
    CHECK(alpaka::core::divCeil(u64Max, std::uint64_t{2}) == std::uint64_t{1} << 63);
    CHECK(alpaka::core::divCeil(u64Max - 1, u64Max) == 1u);
    for(int b = 1; b < 20; ++b)
        for(int a = 0; a < 100; ++a)
        {
            int const q = alpaka::core::divCeil(a, b);
            // q is the smallest number with q * b >= a.
            CHECK(q * b >= a);
            CHECK((q - 1) * b < a + (a == 0 ? 1 : 0));
        }
}

TEST_CASE("core::nthRootFloor matches a brute-force reference for small values", "[core]")
{
    for(std::uint64_t n = 1; n <= 6; ++n)
        for(std::uint64_t value = 0; value <= 5000; ++value)
        {
            auto const expected = bruteForceRoot(value, n);
            REQUIRE(alpaka::core::nthRootFloor(value, n) == expected);
            // Signed types give the same result.
            REQUIRE(
                alpaka::core::nthRootFloor(static_cast<std::int32_t>(value), static_cast<std::int32_t>(n))
                == static_cast<std::int32_t>(expected));
        }
}

TEST_CASE("core::nthRootFloor known values", "[core]")
{
    CHECK(alpaka::core::nthRootFloor(512, 2) == 22);
    CHECK(alpaka::core::nthRootFloor(512, 3) == 8);
    CHECK(alpaka::core::nthRootFloor(1024, 3) == 10);
    CHECK(alpaka::core::nthRootFloor(1024, 10) == 2);
    CHECK(alpaka::core::nthRootFloor(1023, 10) == 1);
    CHECK(alpaka::core::nthRootFloor(7, 1) == 7);
    STATIC_REQUIRE(alpaka::core::nthRootFloor(27u, 3u) == 3u);
    STATIC_REQUIRE(alpaka::core::nthRootFloor(26u, 3u) == 2u);
}

TEMPLATE_TEST_CASE(
    "core::nthRootFloor near the maximum of the type does not overflow",
    "[core]",
    std::int32_t,
    std::uint32_t,
    std::int64_t,
    std::uint64_t)
{
    constexpr TestType max = std::numeric_limits<TestType>::max();
    for(TestType n = 1; n <= 5; ++n)
        for(TestType delta = 0; delta < 3; ++delta)
        {
            TestType const value = static_cast<TestType>(max - delta);
            auto const r = alpaka::core::nthRootFloor(value, n);
            CHECK(isFloorRoot(value, n, r));
        }
    // Squares and square-minus-one of the largest representable root.
    if constexpr(sizeof(TestType) == 8 && !std::numeric_limits<TestType>::is_signed)
    {
        CHECK(alpaka::core::nthRootFloor(max, TestType{2}) == TestType{4294967295u});
        CHECK(
            alpaka::core::nthRootFloor(TestType{4294967295u} * TestType{4294967295u}, TestType{2})
            == TestType{4294967295u});
        CHECK(
            alpaka::core::nthRootFloor(TestType{4294967295u} * TestType{4294967295u} - 1, TestType{2})
            == TestType{4294967294u});
        CHECK(alpaka::core::nthRootFloor(max, TestType{64}) == TestType{1});
        CHECK(alpaka::core::nthRootFloor(max, TestType{63}) == TestType{2});
    }
    if constexpr(sizeof(TestType) == 4 && std::numeric_limits<TestType>::is_signed)
    {
        CHECK(alpaka::core::nthRootFloor(max, TestType{2}) == TestType{46340});
        CHECK(alpaka::core::nthRootFloor(max, TestType{31}) == TestType{1});
        CHECK(alpaka::core::nthRootFloor(max, TestType{30}) == TestType{2});
    }
}

TEST_CASE("core::roundUpToMultiple", "[core]")
{
    CHECK(alpaka::core::roundUpToMultiple(0, 8) == 0);
    CHECK(alpaka::core::roundUpToMultiple(1, 8) == 8);
    CHECK(alpaka::core::roundUpToMultiple(8, 8) == 8);
    CHECK(alpaka::core::roundUpToMultiple(9, 8) == 16);
    CHECK(alpaka::core::roundUpToMultiple(std::size_t{100}, std::size_t{64}) == 128u);
    STATIC_REQUIRE(alpaka::core::roundUpToMultiple(65u, 64u) == 128u);
    for(std::size_t alignment = 1; alignment <= 256; alignment *= 2)
        for(std::size_t value = 0; value < 600; value += 7)
        {
            auto const r = alpaka::core::roundUpToMultiple(value, alignment);
            CHECK(r % alignment == 0u);
            CHECK(r >= value);
            CHECK(r < value + alignment);
        }
}

TEST_CASE("core::intPow: n = 0 and 1, against repeated multiplication, and up to the type's limits", "[core]")
{
    using alpaka::core::intPow;
    static_assert(intPow(3, 4) == 81);
    static_assert(std::is_same_v<decltype(intPow(std::uint64_t{2}, std::uint64_t{3})), std::uint64_t>);

    // n = 0 gives 1 for every base, 0 included; n = 1 gives the base.
    for(int base = -5; base <= 5; ++base)
    {
        CHECK(intPow(base, 0) == 1);
        CHECK(intPow(base, 1) == base);
    }
    CHECK(intPow(0, 7) == 0);

    for(std::int64_t base = -7; base <= 7; ++base)
    {
        std::int64_t expected = 1;
        for(std::int64_t n = 0; n <= 20; ++n)
        {
            INFO("base " << base << ", n " << n);
            CHECK(intPow(base, n) == expected);
            expected *= base;
        }
    }

    // Large exponents: the results at the edge of the type, found without an overflowing intermediate square.
    CHECK(intPow(std::uint64_t{2}, std::uint64_t{63}) == std::uint64_t{1} << 63);
    CHECK(intPow(std::int64_t{2}, std::int64_t{62}) == std::int64_t{1} << 62);
    CHECK(intPow(std::int64_t{-2}, std::int64_t{63}) == std::numeric_limits<std::int64_t>::min());
    CHECK(intPow(std::uint64_t{3}, std::uint64_t{40}) == 12'157'665'459'056'928'801u);
    CHECK(intPow(std::uint32_t{10}, std::uint32_t{9}) == 1'000'000'000u);
    CHECK(intPow(1, 1'000'000'007) == 1);
    CHECK(intPow(-1, 1'000'000'007) == -1);
    CHECK(intPow(-1, 1'000'000'000) == 1);
    CHECK(intPow(std::int64_t{0}, std::numeric_limits<std::int64_t>::max()) == 0);
    // Unsigned arithmetic wraps modulo 2^64, as repeated multiplication does.
    CHECK(
        intPow(std::uint64_t{3}, std::uint64_t{1'000'003}) ==
        []
        {
            std::uint64_t p = 1;
            for(int i = 0; i < 1'000'003; ++i)
                p *= 3u;
            return p;
        }());
}

TEST_CASE("core::declval gives std::declval's types", "[core]")
{
    struct Counter
    {
        auto next() -> long
        {
            return 0;
        }
    };
    static_assert(std::is_same_v<decltype(alpaka::core::declval<int>()), int&&>);
    static_assert(std::is_same_v<decltype(alpaka::core::declval<int&>()), int&>);
    static_assert(std::is_same_v<decltype(alpaka::core::declval<Counter>().next()), long>);
    static_assert(noexcept(alpaka::core::declval<Counter>()));
    SUCCEED();
}
