// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Philox-4x32-10 against the known-answer test vectors of Random123 (kat_vectors), at compile time, on the host and
//! in a kernel; the stream layout (key = seed, counter = block and subsequence); the engines' offsets; the vector
//! engine's blocks of four; and createDefault giving the same numbers in a kernel as the engine on the host.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Rand.hpp"

namespace
{
    using Stateless = alpaka::rand::PhiloxStateless4x32x10Vector;
    using alpaka::rand::Philox4x32x10;
    using alpaka::rand::Philox4x32x10Vector;

    struct KnownAnswer
    {
        Stateless::Counter counter;
        Stateless::Key key;
        Stateless::Result expected;
    };

    //! Trivially copyable, so that the kernel can take it by value.
    struct KnownAnswers
    {
        KnownAnswer cases[3];
    };

    //! Random123's kat_vectors for philox4x32 with 10 rounds: zeros, all ones, and the digits of pi.
    constexpr KnownAnswers knownAnswers{
        {{{0u, 0u, 0u, 0u}, {0u, 0u}, {0x6627'e8d5u, 0xe169'c58du, 0xbc57'ac4cu, 0x9b00'dbd8u}},
         {{0xffff'ffffu, 0xffff'ffffu, 0xffff'ffffu, 0xffff'ffffu},
          {0xffff'ffffu, 0xffff'ffffu},
          {0x408f'276du, 0x41c8'3b0eu, 0xa20b'c7c6u, 0x6d54'51fdu}},
         {{0x243f'6a88u, 0x85a3'08d3u, 0x1319'8a2eu, 0x0370'7344u},
          {0xa409'3822u, 0x299f'31d0u},
          {0xd16c'fe09u, 0x94fd'ccebu, 0x5001'e420u, 0x2412'6ea1u}}}};

    template<typename TResult>
    ALPAKA_FN_HOST_ACC constexpr auto equal(TResult const& a, Stateless::Result const& b) -> bool
    {
        return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3];
    }

    constexpr auto allKnownAnswersMatch() -> bool
    {
        for(auto const& c : knownAnswers.cases)
            if(!equal(Stateless::generate(c.counter, c.key), c.expected))
                return false;
        return true;
    }

    static_assert(allKnownAnswersMatch(), "Philox-4x32-10 is constexpr and matches Random123");
    static_assert(std::uniform_random_bit_generator<Philox4x32x10>);

    //! The same known answers through the engines: the seed is the key, the offset (in blocks of four for the vector
    //! engine) the low counter words, the subsequence the high ones.
    ALPAKA_FN_HOST_ACC inline auto knownAnswersThroughEngines(KnownAnswers const& answers) -> bool
    {
        constexpr std::uint64_t ones = ~std::uint64_t{0};
        Philox4x32x10Vector zeros(0u, 0u, 0u);
        Philox4x32x10Vector allOnes(ones, ones, ones);
        Philox4x32x10Vector pi(0x299f'31d0'a409'3822u, 0x0370'7344'1319'8a2eu, 0x85a3'08d3'243f'6a88u);
        bool ok = equal(zeros(), answers.cases[0].expected) && equal(allOnes(), answers.cases[1].expected)
                  && equal(pi(), answers.cases[2].expected);
        Philox4x32x10 scalar(0u, 0u, 0u);
        for(std::uint32_t const word : answers.cases[0].expected)
            ok = ok && scalar() == word;
        return ok;
    }

    struct KnownAnswerKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, KnownAnswers answers, std::uint32_t* out) const -> void
        {
            if(!alpaka::oncePerGrid(acc))
                return;
            for(std::size_t c = 0; c < 3u; ++c)
            {
                auto const result = Stateless::generate(answers.cases[c].counter, answers.cases[c].key);
                for(std::size_t w = 0; w < 4u; ++w)
                    out[c * 4u + w] = result[w];
                ALPAKA_CHECK(*success, equal(result, answers.cases[c].expected));
            }
            ALPAKA_CHECK(*success, (knownAnswersThroughEngines(answers)));
        }
    };

    constexpr std::uint64_t seed = 0x1234'5678'9abc'def0u;
    constexpr std::uint64_t subsequence = 42u;
    constexpr std::size_t maxOffset = 9u;
    constexpr std::size_t drawn = 16u;

    //! out: drawn + maxOffset outputs of createDefault(acc, seed, subsequence), then for each offset k in
    //! [0, maxOffset] drawn outputs of createDefault(acc, seed, subsequence, k), then 8 blocks of the vector engine.
    struct OffsetKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, std::uint32_t* out) const -> void
        {
            if(!alpaka::oncePerGrid(acc))
                return;
            auto engine = alpaka::rand::engine::createDefault(acc, seed, subsequence);
            for(std::size_t i = 0; i < drawn + maxOffset; ++i)
                out[i] = engine();
            std::uint32_t* o = out + drawn + maxOffset;
            for(std::size_t k = 0; k <= maxOffset; ++k)
            {
                auto shifted = alpaka::rand::engine::createDefault(acc, seed, subsequence, k);
                for(std::size_t i = 0; i < drawn; ++i)
                {
                    o[k * drawn + i] = shifted();
                    ALPAKA_CHECK(*success, o[k * drawn + i] == out[i + k]);
                }
            }
            o += (maxOffset + 1u) * drawn;
            Philox4x32x10Vector vector(seed, subsequence);
            for(std::size_t block = 0; block < 8u; ++block)
            {
                auto const words = vector();
                for(std::size_t w = 0; w < 4u; ++w)
                    o[block * 4u + w] = words[w];
            }
        }
    };
} // namespace

TEST_CASE("Philox-4x32-10 matches the Random123 known answers on the host", "[rand]")
{
    for(auto const& c : knownAnswers.cases)
    {
        auto const result = Stateless::generate(c.counter, c.key);
        for(std::size_t w = 0; w < 4u; ++w)
        {
            INFO(
                "counter " << std::hex << c.counter[0] << " " << c.counter[1] << " " << c.counter[2] << " "
                           << c.counter[3] << ", key " << c.key[0] << " " << c.key[1] << ", word " << w);
            CHECK(result[w] == c.expected[w]);
        }
    }
    CHECK(knownAnswersThroughEngines(knownAnswers));
}

TEMPLATE_LIST_TEST_CASE("Philox-4x32-10 matches the Random123 known answers in a kernel", "[rand]", randtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(randtest::extentOf<Acc>(1u));
    auto& queue = fixture.getQueue();
    auto out = randtest::deviceBuf<std::uint32_t, Acc>(12u);
    CHECK(fixture(KnownAnswerKernel{}, knownAnswers, alpaka::getPtrNative(out)));
    auto const words = randtest::toHost(queue, out);
    for(std::size_t c = 0; c < 3u; ++c)
        for(std::size_t w = 0; w < 4u; ++w)
            CHECK(words[c * 4u + w] == knownAnswers.cases[c].expected[w]);
}

TEST_CASE("Philox engines: offsets skip outputs, the vector engine returns the same words by four", "[rand]")
{
    Philox4x32x10 reference(seed, subsequence);
    std::vector<std::uint32_t> words;
    for(std::size_t i = 0; i < 64u; ++i)
        words.push_back(reference());

    // Output i of offset k is output i + k of offset 0, across block boundaries.
    for(std::uint64_t k = 0; k <= maxOffset; ++k)
    {
        Philox4x32x10 shifted(seed, subsequence, k);
        for(std::size_t i = 0; i < drawn; ++i)
        {
            INFO("offset " << k << ", output " << i);
            CHECK(shifted() == words[i + k]);
        }
    }

    // The vector engine gives outputs 4c .. 4c + 3 on call c; its offset counts blocks of four.
    Philox4x32x10Vector vector(seed, subsequence);
    for(std::size_t block = 0; block < 16u; ++block)
    {
        auto const four = vector();
        static_assert(decltype(four)::dim() == 4u);
        for(std::size_t w = 0; w < 4u; ++w)
            CHECK(four[w] == words[block * 4u + w]);
    }
    for(std::uint64_t k = 0; k < 4u; ++k)
    {
        Philox4x32x10Vector shifted(seed, subsequence, k);
        auto const four = shifted();
        for(std::size_t w = 0; w < 4u; ++w)
            CHECK(four[w] == words[k * 4u + w]);
    }

    // The 64-bit block counter carries from its low word into its high word.
    Philox4x32x10Vector beforeCarry(seed, subsequence, 0xffff'ffffu);
    beforeCarry();
    Philox4x32x10Vector afterCarry(seed, subsequence, 0x1'0000'0000u);
    CHECK(equal(beforeCarry(), afterCarry()));
    Philox4x32x10 scalarBeforeCarry(seed, subsequence, std::uint64_t{4} * 0xffff'ffffu);
    Philox4x32x10 scalarAfterCarry(seed, subsequence, std::uint64_t{4} * 0x1'0000'0000u);
    for(int i = 0; i < 4; ++i)
        scalarBeforeCarry();
    for(int i = 0; i < 4; ++i)
        CHECK(scalarBeforeCarry() == scalarAfterCarry());

    // Subsequences and seeds select different streams.
    Philox4x32x10 otherSubsequence(seed, subsequence + 1u);
    Philox4x32x10 otherSeed(seed + 1u, subsequence);
    std::size_t sameAsOtherSubsequence = 0;
    std::size_t sameAsOtherSeed = 0;
    for(std::uint32_t const word : words)
    {
        sameAsOtherSubsequence += otherSubsequence() == word ? 1u : 0u;
        sameAsOtherSeed += otherSeed() == word ? 1u : 0u;
    }
    CHECK(sameAsOtherSubsequence == 0u);
    CHECK(sameAsOtherSeed == 0u);

    // A UniformRandomBitGenerator: usable with the <random> distributions.
    Philox4x32x10 forStd(seed);
    std::uniform_int_distribution<int> die(1, 6);
    for(int i = 0; i < 100; ++i)
    {
        int const roll = die(forStd);
        CHECK((roll >= 1 && roll <= 6));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "createDefault in a kernel gives the host engine's numbers, with the same offsets", "[rand]", randtest::Accs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(randtest::extentOf<Acc>(1u));
    auto& queue = fixture.getQueue();
    std::size_t const count = drawn + maxOffset + (maxOffset + 1u) * drawn + 32u;
    auto out = randtest::deviceBuf<std::uint32_t, Acc>(count);
    CHECK(fixture(OffsetKernel{}, alpaka::getPtrNative(out)));
    auto const words = randtest::toHost(queue, out);

    Philox4x32x10 host(seed, subsequence);
    for(std::size_t i = 0; i < drawn + maxOffset; ++i)
        CHECK(words[i] == host());
    std::size_t at = drawn + maxOffset;
    for(std::uint64_t k = 0; k <= maxOffset; ++k)
    {
        Philox4x32x10 shifted(seed, subsequence, k);
        for(std::size_t i = 0; i < drawn; ++i)
            CHECK(words[at++] == shifted());
    }
    Philox4x32x10 again(seed, subsequence);
    for(std::size_t i = 0; i < 32u; ++i)
        CHECK(words[at++] == again());
}
