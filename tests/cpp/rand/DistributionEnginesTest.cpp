// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The distributions with the vector engine (Philox4x32x10Vector) return ResultVectors holding exactly what the
//! scalar engine of the same stream gives through the same distribution, in a kernel; and at the extremes of the
//! engine's output UniformReal stays below 1, NormalReal finite and UniformUint reaches its maximum.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Rand.hpp"

namespace
{
    namespace dist = alpaka::rand::distribution;
    using alpaka::rand::Philox4x32x10;
    using alpaka::rand::Philox4x32x10Vector;
    using alpaka::rand::ResultVector;

    // What each distribution returns for a vector engine: four values from 32 random bits each, two from 64.
    static_assert(std::is_same_v<
                  decltype(dist::UniformReal<float>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<float, 4>>);
    static_assert(std::is_same_v<
                  decltype(dist::UniformReal<double>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<double, 2>>);
    static_assert(std::is_same_v<
                  decltype(dist::NormalReal<float>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<float, 4>>);
    static_assert(std::is_same_v<
                  decltype(dist::NormalReal<double>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<double, 2>>);
    static_assert(std::is_same_v<
                  decltype(dist::UniformUint<std::uint32_t>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<std::uint32_t, 4>>);
    static_assert(std::is_same_v<
                  decltype(dist::UniformUint<std::uint64_t>{}(std::declval<Philox4x32x10Vector&>())),
                  ResultVector<std::uint64_t, 2>>);
    static_assert(std::is_same_v<decltype(dist::UniformReal<float>{}(std::declval<Philox4x32x10&>())), float>);
    static_assert(
        std::is_same_v<decltype(dist::UniformUint<std::uint64_t>{}(std::declval<Philox4x32x10&>())), std::uint64_t>);

    constexpr std::uint64_t enginesSeed = 77u;

    //! Draws 16 vectors from TDist with the vector engine of stream s and checks them against the scalar engine
    //! of the same stream through a second instance of the distribution; returns whether all were equal.
    template<typename TDist, typename TCheck>
    ALPAKA_FN_HOST_ACC auto vectorMatchesScalar(std::uint64_t stream, TCheck const& inRange) -> bool
    {
        Philox4x32x10Vector vectorEngine(enginesSeed, stream);
        Philox4x32x10 scalarEngine(enginesSeed, stream);
        TDist vectorDist;
        TDist scalarDist;
        bool ok = true;
        for(int round = 0; round < 16; ++round)
        {
            auto const values = vectorDist(vectorEngine);
            for(std::size_t i = 0; i < values.dim(); ++i)
            {
                auto const scalar = scalarDist(scalarEngine);
                ok = ok && values[i] == scalar && inRange(values[i]);
            }
        }
        return ok;
    }

    struct VectorEngineKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, alpaka::Idx<TAcc> streamCount) const -> void
        {
            auto const unit = [](auto u) { return u >= decltype(u){0} && u < decltype(u){1}; };
            auto const finite = [](auto z) { return std::isfinite(z); };
            auto const any = [](auto) { return true; };
            for(auto const s : alpaka::uniformElements(acc, streamCount))
            {
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::UniformReal<float>>(s, unit));
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::UniformReal<double>>(s, unit));
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::NormalReal<float>>(s, finite));
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::NormalReal<double>>(s, finite));
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::UniformUint<std::uint32_t>>(s, any));
                ALPAKA_CHECK(*success, vectorMatchesScalar<dist::UniformUint<std::uint64_t>>(s, any));
            }
        }
    };

    //! An engine that always returns the same 32 bits: the extremes of what a distribution can be given.
    struct ConstantEngine
    {
        using result_type = std::uint32_t;
        std::uint32_t bits;

        constexpr auto operator()() -> result_type
        {
            return bits;
        }

        static constexpr auto min() -> result_type
        {
            return 0u;
        }

        static constexpr auto max() -> result_type
        {
            return 0xffff'ffffu;
        }
    };

    //! The same as a vector engine.
    struct ConstantVectorEngine
    {
        std::uint32_t bits;

        constexpr auto operator()() -> ResultVector<std::uint32_t, 4>
        {
            return {bits, bits, bits, bits};
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "distributions with the vector engine give the scalar engine's values", "[rand]", randtest::Accs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    constexpr std::size_t streams = 64u;
    alpaka::test::KernelExecutionFixture<Acc> fixture(randtest::extentOf<Acc>(streams));
    CHECK(fixture(VectorEngineKernel{}, static_cast<Idx>(streams)));
}

TEST_CASE("distributions at the extremes of the engine's output", "[rand]")
{
    ConstantEngine ones{0xffff'ffffu};
    ConstantEngine zeros{0u};
    ConstantVectorEngine vectorOnes{0xffff'ffffu};
    ConstantVectorEngine vectorZeros{0u};

    // All random bits set: the largest value below 1 that the resolution allows (24 bits for float, 53 for double).
    CHECK(dist::UniformReal<float>{}(ones) == 1.0f - 0x1p-24f);
    CHECK(dist::UniformReal<double>{}(ones) == 1.0 - 0x1p-53);
    CHECK(dist::UniformReal<float>{}(vectorOnes)[3] == 1.0f - 0x1p-24f);
    CHECK(dist::UniformReal<double>{}(vectorOnes)[1] == 1.0 - 0x1p-53);
    CHECK(dist::UniformReal<float>{}(zeros) == 0.0f);
    CHECK(dist::UniformReal<double>{}(vectorZeros)[0] == 0.0);

    // Box-Muller takes log(1 - u): finite for every u in [0, 1); u = 0 gives radius 0. (One distribution object per
    // engine: the scalar NormalReal hands out the second value of each pair on the next call.)
    dist::NormalReal<float> normalFloatOnes;
    dist::NormalReal<double> normalDoubleOnes;
    dist::NormalReal<float> normalFloatZeros;
    dist::NormalReal<double> normalDoubleZeros;
    for(int i = 0; i < 4; ++i)
    {
        CHECK(std::isfinite(normalFloatOnes(ones)));
        CHECK(std::isfinite(normalDoubleOnes(ones)));
        CHECK(normalFloatZeros(zeros) == 0.0f);
        CHECK(normalDoubleZeros(zeros) == 0.0);
    }
    auto const extremeFloat = dist::NormalReal<float>{}(vectorOnes);
    auto const extremeDouble = dist::NormalReal<double>{}(vectorOnes);
    for(std::size_t i = 0; i < 4u; ++i)
        CHECK(std::isfinite(extremeFloat[i]));
    CHECK(std::isfinite(extremeDouble[0]));
    CHECK(std::isfinite(extremeDouble[1]));
    // The largest magnitude: sqrt(-2 log 2^-24) = 5.77 for float.
    CHECK(std::fabs(dist::NormalReal<float>{}(ones)) <= 5.8f);

    CHECK(dist::UniformUint<std::uint32_t>{}(ones) == std::numeric_limits<std::uint32_t>::max());
    CHECK(dist::UniformUint<std::uint64_t>{}(ones) == std::numeric_limits<std::uint64_t>::max());
    CHECK(dist::UniformUint<std::uint64_t>{}(vectorOnes)[1] == std::numeric_limits<std::uint64_t>::max());
    CHECK(dist::UniformUint<std::uint64_t>{}(zeros) == 0u);
    // Narrower unsigned types take the low bits of a 32-bit draw.
    CHECK(dist::UniformUint<std::uint16_t>{}(ones) == std::numeric_limits<std::uint16_t>::max());
    CHECK(dist::UniformUint<std::uint8_t>{}(vectorOnes)[2] == std::numeric_limits<std::uint8_t>::max());
}
