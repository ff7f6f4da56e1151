// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Reductions, arithmetic, comparisons and printing of alpaka::Vec.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Dim0 = alpaka::DimInt<0>;
    using Dim3 = alpaka::DimInt<3>;
    using Vec3i = alpaka::Vec<Dim3, int>;
    using Vec3b = alpaka::Vec<Dim3, bool>;

    template<typename TVec>
    auto toString(TVec const& v) -> std::string
    {
        std::ostringstream os;
        os << v;
        return os.str();
    }
} // namespace

TEST_CASE("Vec reductions: prod, sum, min, max", "[vec]")
{
    Vec3i const v(3, -2, 5);
    CHECK(v.prod() == -30);
    CHECK(v.sum() == 6);
    CHECK(v.min() == -2);
    CHECK(v.max() == 5);
    alpaka::Vec<alpaka::DimInt<1>, std::size_t> const one(9u);
    CHECK(one.prod() == 9u);
    CHECK(one.min() == 9u);
    CHECK(one.max() == 9u);
}

TEST_CASE("Vec minElem and maxElem return the index of the first extreme", "[vec]")
{
    CHECK(Vec3i(4, 1, 7).minElem() == 1u);
    CHECK(Vec3i(4, 1, 7).maxElem() == 2u);
    // Ties resolve to the first (slowest) component.
    CHECK(Vec3i(2, 2, 2).minElem() == 0u);
    CHECK(Vec3i(1, 9, 9).maxElem() == 1u);
    CHECK(Vec3i(5, 1, 1).minElem() == 1u);
}

TEST_CASE("Vec all, any, none", "[vec]")
{
    CHECK(Vec3b(true, true, true).all());
    CHECK_FALSE(Vec3b(true, false, true).all());
    CHECK(Vec3b(false, false, true).any());
    CHECK_FALSE(Vec3b(false, false, false).any());
    CHECK(Vec3b(false, false, false).none());
    CHECK_FALSE(Vec3b(false, true, false).none());
    // Integers count as true when non-zero.
    CHECK(Vec3i(1, 2, 3).all());
    CHECK_FALSE(Vec3i(1, 0, 3).all());
}

TEST_CASE("Vec foldrAll folds from the right, with and without an initial value", "[vec]")
{
    Vec3i const v(10, 4, 3);
    auto const minus = [](int a, int b) { return a - b; };
    // foldr(f, a, b, c) = f(a, f(b, c)) = 10 - (4 - 3).
    CHECK(v.foldrAll(minus) == 9);
    // With an initial value: f(a, f(b, f(c, init))) = 10 - (4 - (3 - 1)).
    CHECK(v.foldrAll(minus, 1) == 8);
    CHECK(v.foldrAll(std::plus<>{}, 100) == 117);
    // The result type follows the initial value.
    auto const asDouble = v.foldrAll(std::multiplies<>{}, 0.5);
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(asDouble)>, double>);
    CHECK(asDouble == 60.0);
    // A 0-D Vec folds to the initial value.
    CHECK(alpaka::Vec<Dim0, int>{}.foldrAll(minus, 42) == 42);
}

TEST_CASE("0-D Vec: neutral reductions", "[vec]")
{
    alpaka::Vec<Dim0, int> const v;
    CHECK(v.prod() == 1);
    CHECK(v.sum() == 0);
    CHECK(v.all());
    CHECK_FALSE(v.any());
    CHECK(v.none());
    CHECK(v == alpaka::Vec<Dim0, int>::zeros());
    CHECK(v.min() == std::numeric_limits<int>::max());
    CHECK(v.max() == std::numeric_limits<int>::lowest());
    STATIC_REQUIRE(std::tuple_size_v<alpaka::Vec<Dim0, int>> == 0);
}

TEST_CASE("Vec element-wise arithmetic", "[vec]")
{
    Vec3i const a(7, 8, 9);
    Vec3i const b(2, 3, 4);
    CHECK(a + b == Vec3i(9, 11, 13));
    CHECK(a - b == Vec3i(5, 5, 5));
    CHECK(a * b == Vec3i(14, 24, 36));
    CHECK(a / b == Vec3i(3, 2, 2));
    CHECK(a % b == Vec3i(1, 2, 1));
    // Unsigned arithmetic wraps like the element type does.
    using Vec2u = alpaka::Vec<alpaka::DimInt<2>, std::uint8_t>;
    CHECK(
        Vec2u(std::uint8_t{1}, std::uint8_t{200}) + Vec2u(std::uint8_t{255}, std::uint8_t{100})
        == Vec2u(std::uint8_t{0}, std::uint8_t{44}));
}

TEST_CASE("Vec compound assignment", "[vec]")
{
    Vec3i v(10, 20, 30);
    v += Vec3i(1, 2, 3);
    CHECK(v == Vec3i(11, 22, 33));
    v -= Vec3i(1, 1, 1);
    CHECK(v == Vec3i(10, 21, 32));
    v *= Vec3i(2, 1, 3);
    CHECK(v == Vec3i(20, 21, 96));
    v /= Vec3i(3, 7, 10);
    CHECK(v == Vec3i(6, 3, 9));
    v %= Vec3i(4, 2, 5);
    CHECK(v == Vec3i(2, 1, 4));
    // Compound operators return the left operand for chaining.
    Vec3i w(1, 1, 1);
    (w += Vec3i(1, 1, 1)) *= Vec3i(3, 3, 3);
    CHECK(w == Vec3i::all(6));
}

TEST_CASE("Vec == and != compare all components and return bool", "[vec]")
{
    STATIC_REQUIRE(std::is_same_v<decltype(Vec3i{} == Vec3i{}), bool>);
    STATIC_REQUIRE(std::is_same_v<decltype(Vec3i{} != Vec3i{}), bool>);
    CHECK(Vec3i(1, 2, 3) == Vec3i(1, 2, 3));
    CHECK_FALSE(Vec3i(1, 2, 3) == Vec3i(1, 2, 4));
    CHECK(Vec3i(1, 2, 3) != Vec3i(0, 2, 3));
    CHECK_FALSE(Vec3i(1, 2, 3) != Vec3i(1, 2, 3));
}

TEST_CASE("Vec ordering and logical operators are element-wise", "[vec]")
{
    Vec3i const a(1, 5, 3);
    Vec3i const b(2, 5, 1);
    STATIC_REQUIRE(std::is_same_v<decltype(a < b), Vec3b>);
    CHECK((a < b) == Vec3b(true, false, false));
    CHECK((a <= b) == Vec3b(true, true, false));
    CHECK((a > b) == Vec3b(false, false, true));
    CHECK((a >= b) == Vec3b(false, true, true));
    Vec3b const p(true, true, false);
    Vec3b const q(true, false, false);
    CHECK((p && q) == Vec3b(true, false, false));
    CHECK((p || q) == Vec3b(true, true, false));
    // The common bounds-check idiom.
    CHECK((Vec3i(0, 4, 2) < Vec3i(1, 5, 3)).all());
    CHECK_FALSE((Vec3i(0, 5, 2) < Vec3i(1, 5, 3)).all());
}

TEST_CASE("Vec operator<< prints (a, b, c)", "[vec]")
{
    CHECK(toString(Vec3i(1, 2, 3)) == "(1, 2, 3)");
    CHECK(toString(alpaka::Vec{-7}) == "(-7)");
    CHECK(toString(alpaka::Vec{std::size_t{10}, std::size_t{20}}) == "(10, 20)");
    // 8-bit indices print as numbers, not characters.
    CHECK(toString(alpaka::Vec{std::uint8_t{65}, std::uint8_t{66}}) == "(65, 66)");
    CHECK(toString(Vec3b(true, false, true)) == "(1, 0, 1)");
    // Upstream versions differ for 0-D ("()" or "(.)"); only the brackets are common ground.
    auto const empty = toString(alpaka::Vec<Dim0, int>{});
    CHECK(empty.front() == '(');
    CHECK(empty.back() == ')');
    CHECK(empty.size() <= 3u);
}
