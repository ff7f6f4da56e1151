// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// mapIdx (N-D <-> 1-D, row-major), mapIdxPitchBytes and meta::ndLoopIncIdx, checked exhaustively on small extents
// against an independent row-major reference.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    // Extents 2, 3, 4, 5 (prefix of length N): distinct, so swapped dimensions show.
    template<std::size_t N, typename TIdx>
    constexpr auto smallExtent() -> alpaka::Vec<alpaka::DimInt<N>, TIdx>
    {
        return alpaka::Vec<alpaka::DimInt<N>, TIdx>([](auto i) { return static_cast<TIdx>(i.value + 2); });
    }

    // Reference: the linear index of idx in a row-major array of the given extent, written without mapIdx.
    template<typename TVec>
    auto referenceLinear(TVec const& idx, TVec const& extent)
    {
        typename TVec::Val linear = 0;
        typename TVec::Val stride = 1;
        for(std::size_t i = TVec::Dim::value; i-- > 0;)
        {
            linear += idx[i] * stride;
            stride *= extent[i];
        }
        return linear;
    }

    template<std::size_t N, typename TIdx>
    void checkRoundTrip()
    {
        using VecN = alpaka::Vec<alpaka::DimInt<N>, TIdx>;
        using Vec1 = alpaka::Vec<alpaka::DimInt<1>, TIdx>;
        auto const extent = smallExtent<N, TIdx>();
        auto const count = extent.prod();
        std::vector<int> hits(static_cast<std::size_t>(count), 0);
        for(TIdx linear = 0; linear < count; ++linear)
        {
            VecN const nd = alpaka::mapIdx<N>(Vec1{linear}, extent);
            // In range in every dimension, at the row-major position, and back to the same linear index.
            REQUIRE((nd < extent).all());
            CHECK(referenceLinear(nd, extent) == linear);
            Vec1 const back = alpaka::mapIdx<1>(nd, extent);
            CHECK(back[0] == linear);
            ++hits[static_cast<std::size_t>(referenceLinear(nd, extent))];
        }
        for(int const h : hits)
            CHECK(h == 1);
    }
} // namespace

TEST_CASE("mapIdx round trips N-D <-> 1-D for every index of small extents", "[vec][mapIdx]")
{
    checkRoundTrip<1, int>();
    checkRoundTrip<2, int>();
    checkRoundTrip<3, std::size_t>();
    checkRoundTrip<4, std::uint32_t>();
    checkRoundTrip<4, std::int64_t>();
}

TEST_CASE("mapIdx known values", "[vec][mapIdx]")
{
    using Vec3 = alpaka::Vec<alpaka::DimInt<3>, int>;
    // extent (z, y, x) = (2, 3, 4): index (1, 2, 3) is the last element, 1*12 + 2*4 + 3 = 23.
    CHECK(alpaka::mapIdx<1>(Vec3(1, 2, 3), Vec3(2, 3, 4))[0] == 23);
    CHECK(alpaka::mapIdx<3>(alpaka::Vec{13}, Vec3(2, 3, 4)) == Vec3(1, 0, 1));
    // Same dimensionality: the index is returned unchanged.
    CHECK(alpaka::mapIdx<3>(Vec3(1, 1, 1), Vec3(2, 3, 4)) == Vec3(1, 1, 1));
    STATIC_REQUIRE(alpaka::mapIdx<1>(Vec3(1, 2, 3), Vec3(2, 3, 4))[0] == 23);
}

TEST_CASE("mapIdx with 0-D indices", "[vec][mapIdx]")
{
    using Vec0 = alpaka::Vec<alpaka::DimInt<0>, int>;
    // A 0-D index space has exactly one point, linear index 0.
    auto const linear = alpaka::mapIdx<1>(Vec0{}, Vec0{});
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(linear)>, alpaka::Vec<alpaka::DimInt<1>, int>>);
    CHECK(linear[0] == 0);
    auto const nd = alpaka::mapIdx<0>(alpaka::Vec{0}, Vec0{});
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(nd)>, Vec0>);
}

TEST_CASE("mapIdxPitchBytes maps between indices and byte offsets of a padded array", "[vec][mapIdx]")
{
    using Vec3 = alpaka::Vec<alpaka::DimInt<3>, std::size_t>;
    using Vec1 = alpaka::Vec<alpaka::DimInt<1>, std::size_t>;
    // 2 x 3 x 5 floats with rows padded to 32 bytes: pitches (plane, row, element) = (96, 32, 4).
    Vec3 const extent(2u, 3u, 5u);
    Vec3 const pitches(96u, 32u, 4u);
    CHECK(alpaka::mapIdxPitchBytes<1>(Vec3(1u, 2u, 3u), pitches)[0] == 96u + 64u + 12u);
    alpaka::meta::ndLoopIncIdx(
        extent,
        [&](Vec3 const& idx)
        {
            auto const offset = alpaka::mapIdxPitchBytes<1>(idx, pitches);
            CHECK(offset[0] == idx[0] * 96u + idx[1] * 32u + idx[2] * 4u);
            CHECK(alpaka::mapIdxPitchBytes<3>(offset, pitches) == idx);
        });
    // Dense pitches give the linear index times the element size.
    Vec3 const dense(60u, 20u, 4u);
    Vec3 const denseExtent(2u, 3u, 5u);
    CHECK(
        alpaka::mapIdxPitchBytes<1>(Vec3(1u, 1u, 1u), dense)[0]
        == alpaka::mapIdx<1>(Vec3(1u, 1u, 1u), denseExtent)[0] * 4u);
    CHECK(alpaka::mapIdxPitchBytes<3>(Vec1{std::size_t{4}}, dense) == Vec3(0u, 0u, 1u));
}

TEST_CASE("ndLoopIncIdx visits every index once, in row-major order", "[vec][meta]")
{
    using Vec3 = alpaka::Vec<alpaka::DimInt<3>, int>;
    Vec3 const extent(2, 3, 4);
    std::vector<Vec3> visited;
    alpaka::meta::ndLoopIncIdx(extent, [&](Vec3 const& idx) { visited.push_back(idx); });
    REQUIRE(visited.size() == 24u);
    for(std::size_t i = 0; i < visited.size(); ++i)
        CHECK(referenceLinear(visited[i], extent) == static_cast<int>(i));
    CHECK(visited.front() == Vec3(0, 0, 0));
    CHECK(visited[1] == Vec3(0, 0, 1)); // x runs fastest
    CHECK(visited.back() == Vec3(1, 2, 3));
}

TEST_CASE("ndLoopIncIdx with empty and 0-D extents", "[vec][meta]")
{
    int calls = 0;
    // An extent with a zero component has no index.
    alpaka::meta::ndLoopIncIdx(alpaka::Vec{3, 0, 2}, [&](auto const&) { ++calls; });
    CHECK(calls == 0);
    // A 0-D extent has exactly one (empty) index.
    alpaka::meta::ndLoopIncIdx(alpaka::Vec<alpaka::DimInt<0>, int>{}, [&](auto const&) { ++calls; });
    CHECK(calls == 1);
    // 1-D counts up.
    std::vector<std::size_t> seen;
    alpaka::meta::ndLoopIncIdx(alpaka::Vec{std::size_t{5}}, [&](auto const& idx) { seen.push_back(idx[0]); });
    CHECK(seen == std::vector<std::size_t>{0u, 1u, 2u, 3u, 4u});
}
