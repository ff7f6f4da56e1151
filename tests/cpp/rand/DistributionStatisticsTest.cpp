// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Statistics of 10^6 numbers drawn in a kernel by 1000 threads, each from its own subsequence of one seed with the
//! default engine and distributions: the moments of UniformReal and NormalReal, a chi-squared test of uniformity,
//! correlations between subsequences and within one, the range of UniformReal ([0, 1), never 1) and of NormalReal
//! (finite), every bit of UniformUint<uint32/uint64>, and reproducibility (kernel vs host, run vs run, seed vs seed).
//!
//! The seed is fixed, so every statistic is deterministic; the bounds are 6 standard errors of the statistic (a
//! chance of about 2e-9 each for a good generator), so a change of seed would not make the test flaky either.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Rand.hpp"
#include "alpaka_test/Sanitized.hpp"

namespace
{
    constexpr std::size_t streams = 1000u;
    //! 10^6 draws; a tenth under the sanitizers (alpaka_test/Sanitized.hpp): the limits below scale with the count.
    constexpr std::size_t perStream = alpaka_test::sanitized ? 100u : 1000u;
    constexpr std::size_t total = streams * perStream;
    constexpr std::uint64_t statisticsSeed = 20'240'611u;
    constexpr long double sigmas = 6.0L;

    enum class Kind
    {
        Uniform,
        Normal,
        Uint
    };

    //! out[s * perStream + j]: draw j of stream s (engine createDefault(acc, seed, s)).
    template<Kind TKind>
    struct DrawKernel
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* /* success */,
            std::uint64_t engineSeed,
            alpaka::Idx<TAcc> streamCount,
            alpaka::Idx<TAcc> count,
            T* out) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            for(Idx const s : alpaka::uniformElements(acc, streamCount))
            {
                auto engine = alpaka::rand::engine::createDefault(acc, engineSeed, s);
                auto dist = [&]
                {
                    if constexpr(TKind == Kind::Uniform)
                        return alpaka::rand::distribution::createUniformReal<T>(acc);
                    else if constexpr(TKind == Kind::Normal)
                        return alpaka::rand::distribution::createNormalReal<T>(acc);
                    else
                        return alpaka::rand::distribution::createUniformUint<T>(acc);
                }();
                for(Idx j = 0; j < count; ++j)
                    out[s * count + j] = dist(engine);
            }
        }
    };

    template<typename TAcc, Kind TKind, typename T>
    auto draw(std::uint64_t engineSeed) -> std::vector<T>
    {
        using Idx = alpaka::Idx<TAcc>;
        alpaka::test::KernelExecutionFixture<TAcc> fixture(randtest::extentOf<TAcc>(streams));
        auto& queue = fixture.getQueue();
        auto out = randtest::deviceBuf<T, TAcc>(total);
        REQUIRE(fixture(
            DrawKernel<TKind>{},
            engineSeed,
            static_cast<Idx>(streams),
            static_cast<Idx>(perStream),
            alpaka::getPtrNative(out)));
        return randtest::toHost(queue, out);
    }

    //! The same draws of a few streams on the host, with the engine and distribution the accelerator uses.
    template<typename TAcc, Kind TKind, typename T>
    auto drawOnHost(std::size_t stream) -> std::vector<T>
    {
        alpaka::rand::Philox4x32x10 engine(statisticsSeed, stream);
        using Dist = std::conditional_t<
            TKind == Kind::Uniform,
            alpaka::rand::distribution::UniformReal<T>,
            std::conditional_t<
                TKind == Kind::Normal,
                alpaka::rand::distribution::NormalReal<T>,
                alpaka::rand::distribution::UniformUint<T>>>;
        Dist dist;
        std::vector<T> values(perStream);
        for(T& v : values)
            v = dist(engine);
        return values;
    }

    //! The number of positions where a and b differ (CHECK(a == b) would print 10^6 values when it fails).
    template<typename T>
    auto countDifferences(std::vector<T> const& a, std::vector<T> const& b) -> std::size_t
    {
        std::size_t count = 0;
        for(std::size_t i = 0; i < a.size(); ++i)
            count += a[i] != b[i] ? 1u : 0u;
        return count;
    }

    constexpr std::size_t hostCheckedStreams[] = {0u, 1u, 500u, streams - 1u};

    //! |r| of draw j in stream 2k against draw j in stream 2k + 1, and of consecutive draws within each stream.
    template<typename T>
    auto correlations(std::vector<T> const& values) -> std::pair<long double, long double>
    {
        std::vector<T> even;
        std::vector<T> odd;
        for(std::size_t s = 0; s < streams; s += 2u)
            for(std::size_t j = 0; j < perStream; ++j)
            {
                even.push_back(values[s * perStream + j]);
                odd.push_back(values[(s + 1u) * perStream + j]);
            }
        std::vector<T> current;
        std::vector<T> next;
        for(std::size_t s = 0; s < streams; ++s)
            for(std::size_t j = 0; j + 1u < perStream; ++j)
            {
                current.push_back(values[s * perStream + j]);
                next.push_back(values[s * perStream + j + 1u]);
            }
        return {randtest::correlation(even, odd), randtest::correlation(current, next)};
    }

    using AccUintPairs
        = alpaka::meta::CartesianProduct<std::tuple, randtest::Accs, std::tuple<std::uint32_t, std::uint64_t>>;
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "UniformReal: moments, chi-squared, range, uncorrelated subsequences, reproducible",
    "[rand]",
    randtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    INFO(alpaka::getAccName<Acc>() << ", " << randtest::typeName<T>() << ", " << total << " draws");
    auto const values = draw<Acc, Kind::Uniform, T>(statisticsSeed);
    auto const n = static_cast<long double>(total);

    // [0, 1): never 1, never negative.
    std::size_t outOfRange = 0;
    for(T const u : values)
        outOfRange += (u < T{0} || u >= T{1}) ? 1u : 0u;
    CHECK(outOfRange == 0u);

    // Mean 1/2 with standard error sqrt(1/12 / n); variance 1/12 with standard error sqrt((mu4 - sigma^4) / n), where
    // mu4 = 1/80: sqrt(1/180 / n).
    auto const m = randtest::momentsOf(values);
    CHECK(std::fabs(m.mean - 0.5L) < sigmas * std::sqrt(1.0L / 12.0L / n));
    CHECK(std::fabs(m.variance - 1.0L / 12.0L) < sigmas * std::sqrt(1.0L / 180.0L / n));

    // Chi-squared over 100 equal bins: 99 degrees of freedom, critical value 180.79 at p = 1e-6.
    std::vector<std::size_t> bins(100u, 0u);
    for(T const u : values)
        ++bins[static_cast<std::size_t>(u * T{100})];
    long double chi2 = 0;
    long double const expected = n / 100.0L;
    for(std::size_t const count : bins)
        chi2 += (static_cast<long double>(count) - expected) * (static_cast<long double>(count) - expected) / expected;
    INFO("chi-squared " << static_cast<double>(chi2));
    CHECK(chi2 < 180.79L);

    // Pearson's r of independent samples has standard error 1/sqrt(pairs).
    auto const [betweenStreams, withinStream] = correlations(values);
    INFO(
        "r between subsequences " << static_cast<double>(betweenStreams) << ", r of consecutive draws "
                                  << static_cast<double>(withinStream));
    CHECK(std::fabs(betweenStreams) < sigmas / std::sqrt(n / 2.0L));
    CHECK(std::fabs(withinStream) < sigmas / std::sqrt(n - streams));

    // The host engine draws the same numbers (the scaling of the random bits is exact); a second run the same.
    for(std::size_t const s : hostCheckedStreams)
    {
        std::vector<T> const stream(values.begin() + s * perStream, values.begin() + (s + 1u) * perStream);
        INFO("stream " << s);
        CHECK(countDifferences(drawOnHost<Acc, Kind::Uniform, T>(s), stream) == 0u);
    }
    CHECK(countDifferences(draw<Acc, Kind::Uniform, T>(statisticsSeed), values) == 0u);
}

TEMPLATE_LIST_TEST_CASE("NormalReal: moments, finite, reproducible", "[rand]", randtest::AccFloatPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    INFO(alpaka::getAccName<Acc>() << ", " << randtest::typeName<T>() << ", " << total << " draws");
    auto const values = draw<Acc, Kind::Normal, T>(statisticsSeed);
    auto const n = static_cast<long double>(total);

    std::size_t notFinite = 0;
    for(T const z : values)
        notFinite += std::isfinite(z) ? 0u : 1u;
    CHECK(notFinite == 0u);

    // Standard errors of a normal sample: mean 1/sqrt(n), variance sqrt(2/n), skewness sqrt(6/n), excess kurtosis
    // sqrt(24/n).
    auto const m = randtest::momentsOf(values);
    INFO(
        "mean " << static_cast<double>(m.mean) << ", variance " << static_cast<double>(m.variance) << ", skewness "
                << static_cast<double>(m.skewness) << ", excess kurtosis " << static_cast<double>(m.excessKurtosis));
    CHECK(std::fabs(m.mean) < sigmas / std::sqrt(n));
    CHECK(std::fabs(m.variance - 1.0L) < sigmas * std::sqrt(2.0L / n));
    CHECK(std::fabs(m.skewness) < sigmas * std::sqrt(6.0L / n));
    CHECK(std::fabs(m.excessKurtosis) < sigmas * std::sqrt(24.0L / n));

    auto const [betweenStreams, withinStream] = correlations(values);
    CHECK(std::fabs(betweenStreams) < sigmas / std::sqrt(n / 2.0L));
    CHECK(std::fabs(withinStream) < sigmas / std::sqrt(n - streams));

    // The host computes the same (bitwise on the CPU back-ends; a GPU's log, sqrt, sin and cos may differ in the
    // last bits, hence the small tolerance).
    T const tolerance = T{16} * std::numeric_limits<T>::epsilon();
    for(std::size_t const s : hostCheckedStreams)
    {
        auto const host = drawOnHost<Acc, Kind::Normal, T>(s);
        std::size_t differ = 0;
        for(std::size_t j = 0; j < perStream; ++j)
        {
            T const v = values[s * perStream + j];
            differ += std::fabs(host[j] - v) <= tolerance * std::fmax(T{1}, std::fabs(v)) ? 0u : 1u;
        }
        INFO("stream " << s);
        CHECK(differ == 0u);
    }
}

TEMPLATE_LIST_TEST_CASE("UniformUint covers every bit of its type, reproducibly", "[rand]", AccUintPairs)
{
    using Acc = std::tuple_element_t<0, TestType>;
    using T = std::tuple_element_t<1, TestType>;
    constexpr std::size_t bits = sizeof(T) * 8u;
    INFO(alpaka::getAccName<Acc>() << ", " << bits << "-bit, " << total << " draws");
    auto const values = draw<Acc, Kind::Uint, T>(statisticsSeed);
    auto const n = static_cast<long double>(total);

    // Every bit, the high ones included, is set in half of the draws (standard error 1/2 / sqrt(n)).
    std::vector<std::size_t> setCount(bits, 0u);
    T orAll = 0;
    T andAll = static_cast<T>(~T{0});
    T maximum = 0;
    for(T const v : values)
    {
        orAll |= v;
        andAll &= v;
        maximum = v > maximum ? v : maximum;
        for(std::size_t b = 0; b < bits; ++b)
            setCount[b] += (v >> b) & 1u;
    }
    CHECK(orAll == static_cast<T>(~T{0}));
    CHECK(andAll == T{0});
    // The largest of n uniform draws misses the top of the range by about range / n.
    CHECK(maximum > std::numeric_limits<T>::max() - std::numeric_limits<T>::max() / 10000u);
    for(std::size_t b = 0; b < bits; ++b)
    {
        long double const fraction = static_cast<long double>(setCount[b]) / n;
        INFO("bit " << b << " set in " << static_cast<double>(fraction));
        CHECK(std::fabs(fraction - 0.5L) < sigmas * 0.5L / std::sqrt(n));
    }

    for(std::size_t const s : hostCheckedStreams)
    {
        std::vector<T> const stream(values.begin() + s * perStream, values.begin() + (s + 1u) * perStream);
        INFO("stream " << s);
        CHECK(countDifferences(drawOnHost<Acc, Kind::Uint, T>(s), stream) == 0u);
    }
    CHECK(countDifferences(draw<Acc, Kind::Uint, T>(statisticsSeed), values) == 0u);

    // Another seed gives other numbers: equal draws are as rare as chance makes them (2^-32 per draw or less).
    auto const other = draw<Acc, Kind::Uint, T>(statisticsSeed + 1u);
    CHECK(total - countDifferences(other, values) <= 2u);
}
