// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Free functions on Vec (castVec, reverseVec, concatVec, subVec*, elementwise_min/max, toArray) and the
// Dim/Idx/Elem, extent and offset traits of Vecs and scalars.

#include <alpaka/alpaka.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Dim0 = alpaka::DimInt<0>;
    using Dim1 = alpaka::DimInt<1>;
    using Dim2 = alpaka::DimInt<2>;
    using Dim3 = alpaka::DimInt<3>;
    using Vec3i = alpaka::Vec<Dim3, int>;
} // namespace

TEST_CASE("castVec converts every component", "[vec]")
{
    auto const v = alpaka::castVec<std::uint8_t>(Vec3i(1, 255, 256));
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(v)>, alpaka::Vec<Dim3, std::uint8_t>>);
    // Conversion follows static_cast: 256 wraps to 0.
    CHECK(v == alpaka::Vec<Dim3, std::uint8_t>(std::uint8_t{1}, std::uint8_t{255}, std::uint8_t{0}));
    auto const d = alpaka::castVec<double>(alpaka::Vec{std::size_t{3}, std::size_t{4}});
    CHECK(d[0] == 3.0);
    CHECK(d[1] == 4.0);
}

TEST_CASE("reverseVec reverses the component order", "[vec]")
{
    CHECK(alpaka::reverseVec(Vec3i(1, 2, 3)) == Vec3i(3, 2, 1));
    CHECK(alpaka::reverseVec(alpaka::Vec{5}) == alpaka::Vec{5});
    CHECK(alpaka::reverseVec(alpaka::Vec{1, 2, 3, 4}) == alpaka::Vec{4, 3, 2, 1});
    CHECK(alpaka::reverseVec(alpaka::Vec<Dim0, int>{}) == alpaka::Vec<Dim0, int>{});
}

TEST_CASE("concatVec appends the second Vec to the first", "[vec]")
{
    auto const c = alpaka::concatVec(alpaka::Vec{1, 2}, Vec3i(3, 4, 5));
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(c)>, alpaka::Vec<alpaka::DimInt<5>, int>>);
    CHECK(c == alpaka::Vec{1, 2, 3, 4, 5});
    // Concatenating with a 0-D Vec changes nothing.
    CHECK(alpaka::concatVec(alpaka::Vec<Dim0, int>{}, Vec3i(7, 8, 9)) == Vec3i(7, 8, 9));
    CHECK(alpaka::concatVec(Vec3i(7, 8, 9), alpaka::Vec<Dim0, int>{}) == Vec3i(7, 8, 9));
}

TEST_CASE("subVecBegin, subVecEnd and subVecFromIndices", "[vec]")
{
    auto const v = alpaka::Vec{10, 20, 30, 40};
    CHECK(alpaka::subVecBegin<Dim2>(v) == alpaka::Vec{10, 20});
    CHECK(alpaka::subVecEnd<Dim2>(v) == alpaka::Vec{30, 40});
    CHECK(alpaka::subVecEnd<Dim3>(v) == Vec3i(20, 30, 40));
    CHECK(alpaka::subVecBegin<alpaka::DimInt<4>>(v) == v);
    CHECK(alpaka::subVecEnd<Dim0>(v) == alpaka::Vec<Dim0, int>{});
    // Any selection of indices, in any order, repeats allowed.
    CHECK(alpaka::subVecFromIndices<std::index_sequence<3, 0>>(v) == alpaka::Vec{40, 10});
    CHECK(alpaka::subVecFromIndices<std::index_sequence<1, 1, 2>>(v) == Vec3i(20, 20, 30));
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::subVecBegin<Dim1>(v)), alpaka::Vec<Dim1, int>>);
}

TEST_CASE("elementwise_min and elementwise_max", "[vec]")
{
    Vec3i const a(1, 9, 5);
    Vec3i const b(4, 2, 5);
    Vec3i const c(3, 3, 0);
    CHECK(alpaka::elementwise_min(a, b) == Vec3i(1, 2, 5));
    CHECK(alpaka::elementwise_max(a, b) == Vec3i(4, 9, 5));
    CHECK(alpaka::elementwise_min(a, b, c) == Vec3i(1, 2, 0));
    CHECK(alpaka::elementwise_max(a, b, c) == Vec3i(4, 9, 5));
    // A single argument is returned unchanged.
    CHECK(alpaka::elementwise_min(a) == a);
}

TEST_CASE("toArray copies the components into a std::array", "[vec]")
{
    auto const arr = alpaka::toArray(Vec3i(4, 5, 6));
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(arr)>, std::array<int, 3>>);
    CHECK(arr == std::array<int, 3>{4, 5, 6});
    CHECK(alpaka::toArray(alpaka::Vec<Dim0, int>{}).empty());
}

TEST_CASE("Dim, Idx and Elem of Vecs and scalars", "[vec]")
{
    using V = alpaka::Vec<Dim3, std::uint16_t>;
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<V>, Dim3>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<V>, std::uint16_t>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Elem<V>, std::uint16_t>);
    // A scalar extent is one-dimensional and its own index type.
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<int>, Dim1>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<std::size_t>, Dim1>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<std::size_t>, std::size_t>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<std::int64_t>, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Elem<float>, float>);
    STATIC_REQUIRE(alpaka::Dim<alpaka::Vec<Dim0, int>>::value == 0);
}

TEST_CASE("getExtents, getExtentProduct and getWidth/Height/Depth on Vecs", "[vec][extent]")
{
    auto const v = Vec3i(4, 5, 6);
    CHECK(alpaka::getExtents(v) == v);
    CHECK(alpaka::getExtentVec(v) == v);
    CHECK(alpaka::getExtentProduct(v) == 120);
    // Width is the fastest (last) dimension.
    CHECK(alpaka::getWidth(v) == 6);
    CHECK(alpaka::getHeight(v) == 5);
    CHECK(alpaka::getDepth(v) == 4);
    CHECK(alpaka::getExtent<0>(v) == 4);
    CHECK(alpaka::getExtent<2>(v) == 6);

    // Missing dimensions count as 1.
    auto const w = alpaka::Vec{7, 8};
    CHECK(alpaka::getWidth(w) == 8);
    CHECK(alpaka::getHeight(w) == 7);
    CHECK(alpaka::getDepth(w) == 1);
    CHECK(alpaka::getExtent<5>(w) == 1);

    alpaka::Vec<Dim0, int> const none;
    CHECK(alpaka::getExtentProduct(none) == 1);
    CHECK(alpaka::getWidth(none) == 1);

    STATIC_REQUIRE(alpaka::getExtentProduct(Vec3i(2, 3, 4)) == 24);
    STATIC_REQUIRE(alpaka::getWidth(Vec3i(2, 3, 4)) == 4);
}

TEST_CASE("getExtents and friends on scalars", "[vec][extent]")
{
    auto const e = alpaka::getExtents(std::size_t{9});
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(e)>, alpaka::Vec<Dim1, std::size_t>>);
    CHECK(e[0] == 9u);
    CHECK(alpaka::getExtentProduct(17) == 17);
    CHECK(alpaka::getWidth(5u) == 5u);
    CHECK(alpaka::getHeight(5u) == 1u);
    CHECK(alpaka::getDepth(5u) == 1u);
    CHECK(alpaka::getExtent<0>(12) == 12);
}

TEST_CASE("getOffsets and getOffset<I> on Vecs and scalars", "[vec][offset]")
{
    auto const v = Vec3i(1, 2, 3);
    CHECK(alpaka::getOffsets(v) == v);
    CHECK(alpaka::getOffsetVec(v) == v);
    CHECK(alpaka::getOffset<1>(v) == 2);
    // Dimensions beyond the object have offset 0.
    CHECK(alpaka::getOffset<3>(v) == 0);
    auto const s = alpaka::getOffsets(std::int64_t{11});
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(s)>, alpaka::Vec<Dim1, std::int64_t>>);
    CHECK(s[0] == 11);
    CHECK(alpaka::getOffset<0>(4u) == 4u);
}

namespace
{
    //! Component I of the created vector: the argument scaled by (I + 1), as a per-dimension creator upstream's tests
    //! write.
    template<std::size_t I>
    struct ScaledByIndexPlusOne
    {
        static constexpr auto create(std::uint32_t base) -> std::uint32_t
        {
            return base * static_cast<std::uint32_t>(I + 1u);
        }
    };
} // namespace

TEST_CASE("createVecFromIndexedFn and createVecFromIndexedFnOffset", "[vec]")
{
    constexpr auto vec = alpaka::createVecFromIndexedFn<alpaka::DimInt<3u>, ScaledByIndexPlusOne>(5u);
    STATIC_REQUIRE(std::is_same_v<decltype(vec), alpaka::Vec<alpaka::DimInt<3u>, std::uint32_t> const>);
    STATIC_REQUIRE(vec == alpaka::Vec<alpaka::DimInt<3u>, std::uint32_t>{5u, 10u, 15u});

    constexpr auto shifted = alpaka::createVecFromIndexedFnOffset<alpaka::DimInt<2u>, ScaledByIndexPlusOne, 2u>(7u);
    STATIC_REQUIRE(shifted == alpaka::Vec<alpaka::DimInt<2u>, std::uint32_t>{21u, 28u});

    auto const zeroDim = alpaka::createVecFromIndexedFn<alpaka::DimInt<0u>, ScaledByIndexPlusOne>(1u);
    CHECK(zeroDim.dim() == 0u);
}
