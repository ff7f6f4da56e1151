// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! popcount and ffs (CUDA's semantics: the 1-based position of the least significant set bit, 0 for 0) in a kernel for
//! int32, uint32, int64 and uint64 against a plain host reference: zero, one, all ones, every single bit, alternating
//! and byte patterns, the most negative values, and random values.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <ios>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Accs = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;

    //! The value types, in the order of the kernel's results.
    constexpr char const* typeNames[] = {"int32", "uint32", "int64", "uint64"};
    constexpr std::size_t typeCount = 4u;

    //! out[(i * 2 + 0) * typeCount + t] = popcount, out[(i * 2 + 1) * typeCount + t] = ffs of pattern i as type t (the
    //! 32-bit types take its low half).
    struct IntrinsicKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            std::uint64_t const* patterns,
            alpaka::Idx<TAcc> count,
            std::int32_t* out) const -> void
        {
            static_assert(std::is_same_v<decltype(alpaka::popcount(acc, std::int32_t{})), std::int32_t>);
            static_assert(std::is_same_v<decltype(alpaka::ffs(acc, std::uint64_t{})), std::int32_t>);
            for(auto const i : alpaka::uniformElements(acc, count))
            {
                std::uint64_t const p = patterns[i];
                auto const low = static_cast<std::uint32_t>(p);
                std::int32_t* pop = out + i * 2u * typeCount;
                std::int32_t* first = pop + typeCount;
                pop[0] = alpaka::popcount(acc, static_cast<std::int32_t>(low));
                pop[1] = alpaka::popcount(acc, low);
                pop[2] = alpaka::popcount(acc, static_cast<std::int64_t>(p));
                pop[3] = alpaka::popcount(acc, p);
                first[0] = alpaka::ffs(acc, static_cast<std::int32_t>(low));
                first[1] = alpaka::ffs(acc, low);
                first[2] = alpaka::ffs(acc, static_cast<std::int64_t>(p));
                first[3] = alpaka::ffs(acc, p);
            }
        }
    };

    //! Bit by bit, independent of the library and of <bit>.
    auto referencePopcount(std::uint64_t value, std::size_t bits) -> std::int32_t
    {
        std::int32_t count = 0;
        for(std::size_t b = 0; b < bits; ++b)
            count += static_cast<std::int32_t>((value >> b) & 1u);
        return count;
    }

    auto referenceFfs(std::uint64_t value, std::size_t bits) -> std::int32_t
    {
        for(std::size_t b = 0; b < bits; ++b)
            if(((value >> b) & 1u) != 0u)
                return static_cast<std::int32_t>(b + 1u);
        return 0;
    }

    auto patterns() -> std::vector<std::uint64_t>
    {
        std::uint64_t const ones = ~std::uint64_t{0};
        std::vector<std::uint64_t> values{
            0u,
            1u,
            ones,
            0x5555'5555'5555'5555u,
            0xaaaa'aaaa'aaaa'aaaau,
            0x0f0f'0f0f'0f0f'0f0fu,
            0x0000'0000'ffff'ffffu,
            0xffff'ffff'0000'0000u,
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::min())),
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::min()),
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()),
            static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()),
            static_cast<std::uint64_t>(std::int64_t{-1} << 31), // int32 min sign-extended to 64 bits
            (std::uint64_t{1} << 63) | 1u,
            (std::uint64_t{1} << 32) | (std::uint64_t{1} << 31)};
        for(std::size_t b = 0; b < 64u; ++b)
        {
            values.push_back(std::uint64_t{1} << b); // single bits
            values.push_back(ones << b);             // all bits from b up
            values.push_back(ones >> b);             // all bits up to 63 - b
        }
        for(std::size_t byte = 0; byte < 8u; ++byte)
            values.push_back(std::uint64_t{0xff} << (8u * byte));
        std::mt19937_64 random(12'345u);
        for(int i = 0; i < 256; ++i)
        {
            std::uint64_t const r = random();
            values.push_back(r);
            values.push_back(r >> 32);      // the high half for the 32-bit types
            values.push_back(r & (r >> 7)); // sparser
        }
        return values;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("popcount and ffs match a bitwise reference for 32- and 64-bit values", "[intrinsic]", Accs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    auto values = patterns();
    auto const count = values.size();
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    using Vec1 = alpaka::Vec<alpaka::DimInt<1u>, Idx>;

    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec1{static_cast<Idx>(count)});
    auto& queue = fixture.getQueue();
    auto patternsDev = alpaka::allocBuf<std::uint64_t, Idx>(dev, static_cast<Idx>(count));
    alpaka::memcpy(queue, patternsDev, alpaka::createView(devHost, values.data(), Vec1{static_cast<Idx>(count)}));
    auto outDev = alpaka::allocBuf<std::int32_t, Idx>(dev, static_cast<Idx>(count * 2u * typeCount));
    REQUIRE(fixture(
        IntrinsicKernel{}, alpaka::getPtrNative(patternsDev), static_cast<Idx>(count), alpaka::getPtrNative(outDev)));
    std::vector<std::int32_t> out(count * 2u * typeCount);
    alpaka::memcpy(queue, alpaka::createView(devHost, out.data(), Vec1{static_cast<Idx>(out.size())}), outDev);
    alpaka::wait(queue);

    std::size_t const bits[] = {32u, 32u, 64u, 64u};
    for(std::size_t i = 0; i < count; ++i)
        for(std::size_t t = 0; t < typeCount; ++t)
        {
            std::uint64_t const value = bits[t] == 32u ? (values[i] & 0xffff'ffffu) : values[i];
            INFO(alpaka::getAccName<Acc>() << ", " << typeNames[t] << " 0x" << std::hex << value);
            CHECK(out[i * 2u * typeCount + t] == referencePopcount(value, bits[t]));
            CHECK(out[(i * 2u + 1u) * typeCount + t] == referenceFfs(value, bits[t]));
        }
}

TEST_CASE("the bitwise reference of the intrinsic tests", "[intrinsic]")
{
    // The reference itself, on values whose answers are known by heart.
    CHECK(referencePopcount(0u, 64u) == 0);
    CHECK(referencePopcount(~std::uint64_t{0}, 64u) == 64);
    CHECK(referencePopcount(~std::uint64_t{0}, 32u) == 32);
    CHECK(referencePopcount(0xf0u, 64u) == 4);
    CHECK(referenceFfs(0u, 64u) == 0);
    CHECK(referenceFfs(1u, 32u) == 1);
    CHECK(referenceFfs(0x80u, 32u) == 8);
    CHECK(referenceFfs(std::uint64_t{1} << 63, 64u) == 64);
    CHECK(referenceFfs(std::uint64_t{1} << 32, 32u) == 0);
}
