// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Construction of and access to alpaka::Vec: every way a Vec can be made, and every accessor.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Dim0 = alpaka::DimInt<0>;
    using Dim1 = alpaka::DimInt<1>;
    using Dim2 = alpaka::DimInt<2>;
    using Dim3 = alpaka::DimInt<3>;
    using Dim4 = alpaka::DimInt<4>;
    using Vec3i = alpaka::Vec<Dim3, int>;

    // A function taking a 1-D Vec: a scalar argument must convert implicitly (upstream code relies on it).
    auto firstOf(alpaka::Vec<Dim1, std::size_t> const& v) -> std::size_t
    {
        return v[0];
    }
} // namespace

TEST_CASE("Vec variadic constructor stores values in [z][y][x] order", "[vec]")
{
    Vec3i const v(7, 8, 9);
    CHECK(v[0] == 7);
    CHECK(v[1] == 8);
    CHECK(v[2] == 9);
    // Values of other arithmetic types are converted to the element type.
    alpaka::Vec<Dim2, std::uint16_t> const narrowed(3L, 4u);
    CHECK(narrowed[0] == 3u);
    CHECK(narrowed[1] == 4u);
}

TEST_CASE("Vec default constructor zero-initialises", "[vec]")
{
    Vec3i const v;
    CHECK(v == Vec3i(0, 0, 0));
    alpaka::Vec<Dim2, double> const d;
    CHECK(d[0] == 0.0);
    CHECK(d[1] == 0.0);
}

TEST_CASE("Vec generator constructor calls the generator with each index", "[vec]")
{
    // The generator receives std::integral_constant<std::size_t, i>: i must be usable at compile time.
    alpaka::Vec<Dim4, std::size_t> const v([](auto i)
                                           { return std::integral_constant<std::size_t, i * i + 1>::value; });
    CHECK(v == alpaka::Vec<Dim4, std::size_t>(1u, 2u, 5u, 10u));

    auto const fromRuntime = Vec3i([](auto i) { return static_cast<int>(10 * i.value); });
    CHECK(fromRuntime == Vec3i(0, 10, 20));
}

TEST_CASE("Vec class template argument deduction", "[vec]")
{
    auto const v = alpaka::Vec{1, 2, 3};
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(v)>, alpaka::Vec<Dim3, int>>);
    auto const u = alpaka::Vec{std::size_t{5}};
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(u)>, alpaka::Vec<Dim1, std::size_t>>);
    // The first argument decides the element type; later ones are converted.
    auto const mixed = alpaka::Vec{std::uint8_t{1}, 2};
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(mixed)>, alpaka::Vec<Dim2, std::uint8_t>>);
    CHECK(v[2] == 3);
    CHECK(u[0] == 5u);
}

TEST_CASE("Vec all, zeros and ones", "[vec]")
{
    CHECK(Vec3i::all(4) == Vec3i(4, 4, 4));
    CHECK(Vec3i::zeros() == Vec3i(0, 0, 0));
    CHECK(Vec3i::ones() == Vec3i(1, 1, 1));
    CHECK(alpaka::Vec<Dim2, float>::all(0.5f) == alpaka::Vec<Dim2, float>(0.5f, 0.5f));
    CHECK(alpaka::Vec<Dim0, int>::ones().prod() == 1);
}

TEST_CASE("Vec from a scalar converts implicitly to 1-D", "[vec]")
{
    alpaka::Vec<Dim1, std::size_t> const v = std::size_t{42};
    CHECK(v[0] == 42u);
    CHECK(firstOf(17u) == 17u);
    // A scalar does not convert to a Vec of more dimensions.
    STATIC_REQUIRE(!std::is_convertible_v<int, Vec3i>);
    STATIC_REQUIRE(std::is_convertible_v<int, alpaka::Vec<Dim1, int>>);
    // Exactly Dim values are required.
    STATIC_REQUIRE(!std::is_constructible_v<Vec3i, int, int>);
    STATIC_REQUIRE(!std::is_constructible_v<Vec3i, int, int, int, int>);
}

TEST_CASE("Vec element access: operator[], x/y/z/w, front/back", "[vec]")
{
    alpaka::Vec<Dim4, int> v(1, 2, 3, 4);
    // x is the last (fastest) component, w the first of a 4-D Vec.
    CHECK(v.x() == 4);
    CHECK(v.y() == 3);
    CHECK(v.z() == 2);
    CHECK(v.w() == 1);
    CHECK(v.front() == 1);
    CHECK(v.back() == 4);
    // Non-const accessors return references.
    v.x() = 40;
    v.w() = 10;
    v[1] = 20;
    v.front() += 1;
    CHECK(v == alpaka::Vec<Dim4, int>(11, 20, 3, 40));
    // Index types other than int are accepted.
    CHECK(v[std::size_t{2}] == 3);
    CHECK(v[std::uint8_t{3}] == 40);

    alpaka::Vec<Dim1, int> const one(5);
    CHECK(one.x() == 5);
    CHECK(one.front() == one.back());
    alpaka::Vec<Dim2, int> const two(6, 7);
    CHECK(two.y() == 6);
    CHECK(two.x() == 7);
}

TEST_CASE("Vec get<I> and structured bindings", "[vec]")
{
    Vec3i v(3, 5, 7);
    CHECK(v.get<0>() == 3);
    CHECK(v.get<2>() == 7);
    v.get<1>() = 50;
    auto [z, y, x] = v;
    CHECK(z == 3);
    CHECK(y == 50);
    CHECK(x == 7);
    // A reference binding writes through.
    auto& [rz, ry, rx] = v;
    rx = 70;
    CHECK(v[2] == 70);
    STATIC_REQUIRE(std::tuple_size_v<Vec3i> == 3);
    STATIC_REQUIRE(std::is_same_v<std::tuple_element_t<1, Vec3i>, int>);
    std::ignore = rz;
    std::ignore = ry;
}

TEST_CASE("Vec iteration with begin and end", "[vec]")
{
    Vec3i v(1, 2, 3);
    int sum = 0;
    for(int const e : v)
        sum += e;
    CHECK(sum == 6);
    for(int& e : v)
        e *= 2;
    CHECK(v == Vec3i(2, 4, 6));
    CHECK(v.end() - v.begin() == 3);
    alpaka::Vec<Dim0, int> const empty;
    CHECK(empty.begin() == empty.end());
}

TEST_CASE("Vec is usable in constant expressions", "[vec]")
{
    constexpr Vec3i v(2, 3, 4);
    STATIC_REQUIRE(v.prod() == 24);
    STATIC_REQUIRE(v.sum() == 9);
    STATIC_REQUIRE(v.x() == 4);
    STATIC_REQUIRE(v[0] == 2);
    STATIC_REQUIRE(v.get<1>() == 3);
    STATIC_REQUIRE((v + Vec3i::ones()) == Vec3i(3, 4, 5));
    STATIC_REQUIRE((v < Vec3i(3, 3, 3)) == alpaka::Vec<Dim3, bool>(true, false, false));
    STATIC_REQUIRE(alpaka::reverseVec(v) == Vec3i(4, 3, 2));
    STATIC_REQUIRE(alpaka::castVec<long>(v)[2] == 4L);
    STATIC_REQUIRE(Vec3i([](auto i) { return static_cast<int>(i.value); }) == Vec3i(0, 1, 2));
    STATIC_REQUIRE(Vec3i::all(7).min() == 7);
    STATIC_REQUIRE(v.foldrAll([](int a, int b) { return a - b; }) == 2 - (3 - 4));
}

TEST_CASE("Vec::dim and value types", "[vec]")
{
    STATIC_REQUIRE(Vec3i::Dim::value == 3);
    STATIC_REQUIRE(Vec3i::dim() == 3u);
    STATIC_REQUIRE(alpaka::Vec<Dim0, int>::dim() == 0u);
    STATIC_REQUIRE(std::is_same_v<Vec3i::Val, int>);
    STATIC_REQUIRE(std::is_same_v<Vec3i::value_type, int>);
    STATIC_REQUIRE(alpaka::Vec<Dim0, int>::Dim::value == 0);
}

TEST_CASE("isVec recognises Vecs only", "[vec]")
{
    STATIC_REQUIRE(alpaka::isVec<Vec3i>);
    STATIC_REQUIRE(alpaka::isVec<Vec3i const&>);
    STATIC_REQUIRE(alpaka::isVec<alpaka::Vec<Dim0, float>>);
    STATIC_REQUIRE(!alpaka::isVec<int>);
    STATIC_REQUIRE(!alpaka::isVec<std::tuple<int, int>>);
}
