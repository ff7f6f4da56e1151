// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! TinyMT32 against its reference output (seed 1), on the host and in a kernel; the CPU engines of
//! rand::engine::cpu (MersenneTwister, TinyMersenneTwister, RandomDevice) with the alpaka distributions, and the
//! deterministic ones reproducible per (seed, subsequence) with offsets that skip outputs.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Rand.hpp"

namespace
{
    using alpaka::rand::TinyMersenneTwister32;

    //! The first outputs of the reference implementation (tinymt32 check program) for seed 1.
    constexpr std::uint32_t tinyMtSeed1[] = {2'545'341'989u, 981'918'433u, 3'715'302'833u, 2'387'538'352u};

    constexpr auto tinyMtMatchesReference() -> bool
    {
        TinyMersenneTwister32 engine(1u);
        for(std::uint32_t const expected : tinyMtSeed1)
            if(engine() != expected)
                return false;
        return true;
    }

    static_assert(tinyMtMatchesReference(), "TinyMT32 is constexpr and matches the reference output");
    static_assert(std::uniform_random_bit_generator<TinyMersenneTwister32>);
    static_assert(std::uniform_random_bit_generator<alpaka::rand::engine::cpu::MersenneTwister>);
    static_assert(std::uniform_random_bit_generator<alpaka::rand::engine::cpu::TinyMersenneTwister>);
    static_assert(std::uniform_random_bit_generator<alpaka::rand::engine::cpu::RandomDevice>);
    static_assert(!std::is_copy_constructible_v<alpaka::rand::engine::cpu::RandomDevice>);

    struct TinyMtKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* /* success */, std::uint32_t* out) const -> void
        {
            if(!alpaka::oncePerGrid(acc))
                return;
            TinyMersenneTwister32 engine(1u);
            for(std::size_t i = 0; i < 4u; ++i)
                out[i] = engine();
        }
    };

    template<typename TEngine>
    auto firstOutputs(TEngine engine, std::size_t count) -> std::vector<std::uint32_t>
    {
        std::vector<std::uint32_t> values(count);
        for(auto& v : values)
            v = engine();
        return values;
    }

    //! The alpaka distributions accept the engine; 10^4 uniform draws have mean 1/2 within 6 standard errors.
    template<typename TEngine>
    auto checkDistributions(TEngine& engine) -> void
    {
        namespace dist = alpaka::rand::distribution;
        constexpr std::size_t n = 10'000u;
        dist::UniformReal<double> uniform;
        dist::UniformReal<float> uniformFloat;
        dist::NormalReal<double> normal;
        dist::UniformUint<std::uint64_t> uint64;
        long double sum = 0;
        std::size_t bad = 0;
        std::uint64_t orAll = 0;
        for(std::size_t i = 0; i < n; ++i)
        {
            double const u = uniform(engine);
            float const f = uniformFloat(engine);
            sum += u;
            bad += (u < 0.0 || u >= 1.0 || f < 0.0f || f >= 1.0f || !std::isfinite(normal(engine))) ? 1u : 0u;
            orAll |= uint64(engine);
        }
        CHECK(bad == 0u);
        CHECK(std::fabs(sum / n - 0.5L) < 6.0L * std::sqrt(1.0L / 12.0L / n));
        CHECK(orAll == ~std::uint64_t{0});
    }
} // namespace

TEST_CASE("TinyMT32 reproduces the reference output for seed 1", "[rand]")
{
    TinyMersenneTwister32 engine(1u);
    for(std::uint32_t const expected : tinyMtSeed1)
        CHECK(engine() == expected);

    // discard(n) skips n outputs.
    TinyMersenneTwister32 skipping(1u);
    skipping.discard(2u);
    CHECK(skipping() == tinyMtSeed1[2]);
}

TEMPLATE_LIST_TEST_CASE("TinyMT32 gives the reference output in a kernel", "[rand]", randtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(randtest::extentOf<Acc>(1u));
    auto& queue = fixture.getQueue();
    auto out = randtest::deviceBuf<std::uint32_t, Acc>(4u);
    CHECK(fixture(TinyMtKernel{}, alpaka::getPtrNative(out)));
    auto const values = randtest::toHost(queue, out);
    for(std::size_t i = 0; i < 4u; ++i)
        CHECK(values[i] == tinyMtSeed1[i]);
}

TEMPLATE_TEST_CASE(
    "the deterministic CPU engines are reproducible per seed and subsequence",
    "[rand]",
    alpaka::rand::engine::cpu::MersenneTwister,
    alpaka::rand::engine::cpu::TinyMersenneTwister)
{
    using Engine = TestType;
    auto const reference = firstOutputs(Engine(5u, 3u), 64u);
    CHECK(firstOutputs(Engine(5u, 3u), 64u) == reference);
    CHECK(firstOutputs(Engine(5u, 4u), 64u) != reference);
    CHECK(firstOutputs(Engine(6u, 3u), 64u) != reference);
    // The offset skips outputs.
    for(std::uint32_t k = 0; k < 8u; ++k)
    {
        auto const shifted = firstOutputs(Engine(5u, 3u, k), 32u);
        CHECK(std::equal(shifted.begin(), shifted.end(), reference.begin() + k));
    }
    Engine engine(5u, 3u);
    checkDistributions(engine);
}

TEST_CASE("MersenneTwister is std::mt19937 seeded with seed_seq{seed, subsequence}", "[rand]")
{
    // Past the first twist of the state (624 outputs), and with seeds whose words use every bit.
    for(auto const& [seed, subsequence] : {std::pair{5u, 3u}, std::pair{0u, 0u}, std::pair{0xffff'ffffu, 0x8000'0001u}})
    {
        std::seed_seq sequence{seed, subsequence};
        std::mt19937 standard(sequence);
        alpaka::rand::engine::cpu::MersenneTwister engine(seed, subsequence);
        std::size_t mismatches = 0;
        for(int i = 0; i < 2000; ++i)
            mismatches += engine() != standard() ? 1u : 0u;
        CHECK(mismatches == 0u);
    }
}

TEST_CASE("MersenneTwister19937 is std::mt19937 for seed sequences of every length", "[rand]")
{
    // seed_seq mixes the words differently while their count is below the state size and at or above it.
    for(std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{623}, std::size_t{700}})
    {
        std::vector<std::uint32_t> words(count);
        for(std::size_t i = 0; i < count; ++i)
            words[i] = static_cast<std::uint32_t>(i * 2'654'435'761u + 12345u);
        std::seed_seq sequence(words.begin(), words.end());
        std::mt19937 standard(sequence);
        INFO("seed words: " << count);
        alpaka::rand::MersenneTwister19937 engine(words.data(), words.size());
        std::uint32_t mismatches = 0;
        for(int i = 0; i < 1000; ++i)
            mismatches += engine() != standard() ? 1u : 0u;
        CHECK(mismatches == 0u);
    }
    alpaka::rand::MersenneTwister19937 skipping({1u, 2u});
    alpaka::rand::MersenneTwister19937 stepping({1u, 2u});
    skipping.discard(1000);
    for(int i = 0; i < 1000; ++i)
        stepping();
    CHECK(skipping() == stepping());
}

TEST_CASE("RandomDevice works with the alpaka distributions", "[rand]")
{
    alpaka::rand::engine::cpu::RandomDevice engine;
    checkDistributions(engine);
}
