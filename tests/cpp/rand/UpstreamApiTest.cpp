// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Random numbers under upstream alpaka's names, in kernels: the engines Philox4x32x10 and
//! Philox4x32x10Vector and the stateless PhiloxStateless4x32x10Vector (vector results are alpaka::Vec:
//! ==, !=, range-for, ResultContainer<T>), rand::UniformReal<TResult> with scalar and vector TResult in default and
//! given ranges, and createDefault with the tags RandomDevice, MersenneTwister and TinyMersenneTwister on the CPU
//! accelerators.

#include <alpaka/alpaka.hpp>
#include <alpaka/rand/RandPhilox.hpp>
#include <alpaka/rand/RandPhiloxStateless.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Rand.hpp"

namespace
{
    namespace rand = alpaka::rand;
    using Words = alpaka::Vec<alpaka::DimInt<4u>, std::uint32_t>;

    static_assert(std::is_same_v<decltype(std::declval<rand::Philox4x32x10Vector&>()()), Words>);
    static_assert(
        std::is_same_v<rand::Philox4x32x10Vector::ResultContainer<float>, alpaka::Vec<alpaka::DimInt<4u>, float>>);
    static_assert(std::tuple_size_v<rand::Philox4x32x10Vector::ResultContainer<double>> == 4u);
    static_assert(std::is_same_v<rand::PhiloxStateless4x32x10Vector::Counter, Words>);
    static_assert(std::is_trivially_copyable_v<rand::Philox4x32x10>);
    static_assert(std::is_trivially_copyable_v<rand::Philox4x32x10Vector>);
    static_assert(std::is_same_v<decltype(rand::UniformReal<float>{}(std::declval<rand::Philox4x32x10&>())), float>);

    constexpr std::uint64_t upstreamSeed = 2024u;
    constexpr int draws = 256;

    //! Vector engines: equal streams compare equal, other streams unequal; the words in range-for order are the
    //! scalar engine's outputs; the stateless function gives Random123's known answer for zero counter and key.
    template<typename TAcc>
    ALPAKA_FN_ACC auto checkVectorEngines(std::uint64_t stream) -> bool
    {
        using Stateless = rand::PhiloxStateless4x32x10Vector;
        bool ok = Stateless::generate(typename Stateless::Counter{0u, 0u, 0u, 0u}, typename Stateless::Key{0u, 0u})
                  == Words{0x6627'e8d5u, 0xe169'c58du, 0xbc57'ac4cu, 0x9b00'dbd8u};

        rand::Philox4x32x10Vector a(upstreamSeed, stream);
        rand::Philox4x32x10Vector b(upstreamSeed, stream);
        rand::Philox4x32x10Vector other(upstreamSeed, stream + 1u);
        rand::Philox4x32x10 scalar(upstreamSeed, stream);
        for(int i = 0; i < 8; ++i)
        {
            auto const words = a();
            ok = ok && words == b() && words != other();
            for(std::uint32_t const word : words)
                ok = ok && word == scalar();
        }
        return ok;
    }

    //! rand::UniformReal: every value inside its range, for scalar and vector results, from vector and scalar
    //! engines; sums[k] collects the values of case k for the mean check on the host.
    template<typename TAcc>
    ALPAKA_FN_ACC auto checkUniformReal(std::uint64_t stream, double* sums) -> bool
    {
        using VectorEngine = rand::Philox4x32x10Vector;
        using Floats = typename VectorEngine::template ResultContainer<float>;
        using Doubles = typename VectorEngine::template ResultContainer<double>;
        VectorEngine vectorEngine(upstreamSeed, stream);
        rand::Philox4x32x10 scalarEngine(upstreamSeed, stream);

        rand::UniformReal<float> unitFloat;
        rand::UniformReal<double> shifted(-2.0, 3.0);
        rand::UniformReal<Floats> vectorFloats;
        rand::UniformReal<Doubles> vectorDoubles(5.0, 6.0);
        rand::UniformReal<Floats> vectorFromScalar(-1.0f, 1.0f);
        bool ok = true;
        for(int i = 0; i < draws; ++i)
        {
            float const u = unitFloat(scalarEngine);
            ok = ok && u >= 0.0f && u < 1.0f;
            sums[0] += u;
            double const s = shifted(scalarEngine);
            ok = ok && s >= -2.0 && s < 3.0;
            sums[1] += s;
            for(float const v : vectorFloats(vectorEngine))
            {
                ok = ok && v >= 0.0f && v < 1.0f;
                sums[2] += v;
            }
            for(double const v : vectorDoubles(vectorEngine))
            {
                ok = ok && v >= 5.0 && v < 6.0;
                sums[3] += v;
            }
            for(float const v : vectorFromScalar(scalarEngine))
            {
                ok = ok && v >= -1.0f && v < 1.0f;
                sums[4] += v;
            }
        }
        return ok;
    }

    constexpr std::size_t cases = 5u;
    //! The expected means of the cases of checkUniformReal and the number of values each case draws per stream.
    constexpr double expectedMean[cases] = {0.5, 0.5, 0.5, 5.5, 0.0};
    constexpr double valuesPerStream[cases] = {draws, draws, 4.0 * draws, 4.0 * draws, 4.0 * draws};
    //! The standard deviations of the uniform distributions of the cases: width / sqrt(12).
    constexpr double width[cases] = {1.0, 5.0, 1.0, 1.0, 2.0};

    //! The upstream tags as random number implementations: the engines of createDefault with the distributions of
    //! the accelerator and of the tag itself; the deterministic ones reproduce their streams.
    template<typename TAcc, typename TTag>
    auto checkTag(TAcc const& acc, TTag const& tag, bool deterministic) -> bool
    {
        auto engine = rand::engine::createDefault(tag, 12345u, 6789u);
        auto accUniform = rand::distribution::createUniformReal<float>(acc);
        auto tagUniform = rand::distribution::createUniformReal<double>(tag);
        auto tagNormal = rand::distribution::createNormalReal<float>(tag);
        auto tagBits = rand::distribution::createUniformUint<std::uint32_t>(tag);
        bool ok = true;
        for(int i = 0; i < 16; ++i)
        {
            float const u = accUniform(engine);
            double const d = tagUniform(engine);
            ok = ok && u >= 0.0f && u < 1.0f && d >= 0.0 && d < 1.0 && std::isfinite(tagNormal(engine));
            static_cast<void>(tagBits(engine));
        }
        if(deterministic)
        {
            auto first = rand::engine::createDefault(tag, 12345u, 6789u);
            auto again = rand::engine::createDefault(tag, 12345u, 6789u);
            auto otherSubsequence = rand::engine::createDefault(tag, 12345u, 6790u);
            int differing = 0;
            for(int i = 0; i < 16; ++i)
            {
                auto const word = first();
                ok = ok && word == again();
                differing += word != otherSubsequence() ? 1 : 0;
            }
            ok = ok && differing > 0;
        }
        return ok;
    }

    struct UpstreamApiKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, alpaka::Idx<TAcc> streams, double* sums, std::uint32_t* tagsChecked)
            const -> void
        {
            for(auto const s : alpaka::uniformElements(acc, streams))
            {
                ALPAKA_CHECK(*success, checkVectorEngines<TAcc>(s));
                ALPAKA_CHECK(*success, checkUniformReal<TAcc>(s, sums + s * cases));
            }
            // The standard library engines are host code: the CPU accelerators only (as upstream's test).
            if constexpr(std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>)
            {
                if(alpaka::oncePerGrid(acc))
                {
                    ALPAKA_CHECK(*success, checkTag(acc, rand::RandomDevice{}, false));
                    ALPAKA_CHECK(*success, checkTag(acc, rand::MersenneTwister{}, true));
                    ALPAKA_CHECK(*success, checkTag(acc, rand::TinyMersenneTwister{}, true));
                    *tagsChecked = 1u;
                }
            }
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "upstream's Philox engines, UniformReal and engine tags work in kernels", "[rand]", randtest::Accs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    constexpr std::size_t streams = 32u;
    alpaka::test::KernelExecutionFixture<Acc> fixture(randtest::extentOf<Acc>(streams));
    auto& queue = fixture.getQueue();
    auto sums = randtest::deviceBuf<double, Acc>(streams * cases);
    auto tagsChecked = randtest::deviceBuf<std::uint32_t, Acc>(1u);
    alpaka::memset(queue, sums, 0u);
    alpaka::memset(queue, tagsChecked, 0u);
    CHECK(fixture(
        UpstreamApiKernel{}, static_cast<Idx>(streams), alpaka::getPtrNative(sums), alpaka::getPtrNative(tagsChecked)));

    auto const perStream = randtest::toHost(queue, sums);
    auto const checked = randtest::toHost(queue, tagsChecked);
    CHECK((checked[0] == 1u) == std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>);
    for(std::size_t k = 0; k < cases; ++k)
    {
        double total = 0;
        for(std::size_t s = 0; s < streams; ++s)
            total += perStream[s * cases + k];
        double const n = valuesPerStream[k] * streams;
        double const standardError = width[k] / std::sqrt(12.0 * n);
        INFO("case " << k << ": mean " << total / n);
        CHECK(std::abs(total / n - expectedMean[k]) < 6.0 * standardError);
    }
}
