// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compile-time type list algorithms of alpaka::meta. The checks are static; each TEST_CASE groups one algorithm so a
// broken one is reported by name.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "alpaka_test/Catch.hpp"

// A named namespace: GCC warns (-Wsubobject-linkage) when a class template of alpaka derives from a type of an
// anonymous namespace defined outside the main file, which this source is in the unity build of test_meta.
namespace type_list_test
{
    template<typename... T>
    struct List
    {
    };

    template<typename T>
    using AddPointer = T*;

    template<typename T>
    struct IsIntegral : std::is_integral<T>
    {
    };
} // namespace type_list_test

using namespace type_list_test;

TEST_CASE("meta::Apply re-wraps the elements of a list", "[meta]")
{
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Apply<std::tuple<int, float>, std::variant>, std::variant<int, float>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Apply<List<char>, std::tuple>, std::tuple<char>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Apply<std::tuple<>, List>, List<>>);
}

TEST_CASE("meta::Concatenate joins lists in order", "[meta]")
{
    using alpaka::meta::Concatenate;
    STATIC_REQUIRE(std::is_same_v<Concatenate<std::tuple<int>>, std::tuple<int>>);
    STATIC_REQUIRE(std::is_same_v<Concatenate<std::tuple<int, char>, std::tuple<float>>, std::tuple<int, char, float>>);
    STATIC_REQUIRE(std::is_same_v<Concatenate<List<>, List<int>, List<>, List<int, short>>, List<int, int, short>>);
    STATIC_REQUIRE(std::is_same_v<Concatenate<List<>, List<>>, List<>>);
}

TEST_CASE("meta::CartesianProduct: first list fastest, last slowest (as upstream)", "[meta]")
{
    using Product = alpaka::meta::CartesianProduct<std::tuple, std::tuple<int, float>, std::tuple<char, short, long>>;
    using Expected = std::tuple<
        std::tuple<int, char>,
        std::tuple<float, char>,
        std::tuple<int, short>,
        std::tuple<float, short>,
        std::tuple<int, long>,
        std::tuple<float, long>>;
    STATIC_REQUIRE(std::is_same_v<Product, Expected>);

    using Three = alpaka::meta::CartesianProduct<List, List<int, char>, List<float>, List<short, long>>;
    STATIC_REQUIRE(
        std::is_same_v<
            Three,
            List<List<int, float, short>, List<char, float, short>, List<int, float, long>, List<char, float, long>>>);

    // The input lists may be of any list template; the result is made of TList.
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::meta::CartesianProduct<List, std::tuple<int>, std::variant<char, float>>,
                   List<List<int, char>, List<int, float>>>);

    // An empty factor makes the product empty, and so does no factor at all; one factor gives 1-tuples.
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::CartesianProduct<List, List<int>, List<>>, List<>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::CartesianProduct<List, List<>, List<int>>, List<>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::CartesianProduct<List>, List<>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::CartesianProduct<List, List<int, char>>, List<List<int>, List<char>>>);
    STATIC_REQUIRE(
        alpaka::meta::size<alpaka::meta::CartesianProduct<List, List<int, char, long>, List<int, char>>> == 6u);
}

TEST_CASE("meta::Filter keeps the elements satisfying the predicate, in order", "[meta]")
{
    using alpaka::meta::Filter;
    STATIC_REQUIRE(
        std::is_same_v<Filter<std::tuple<int, float, char, double, long>, IsIntegral>, std::tuple<int, char, long>>);
    STATIC_REQUIRE(std::is_same_v<Filter<List<float, double>, IsIntegral>, List<>>);
    STATIC_REQUIRE(std::is_same_v<Filter<List<>, IsIntegral>, List<>>);
    STATIC_REQUIRE(std::is_same_v<Filter<List<int, int>, std::is_class>, List<>>);
}

TEST_CASE("meta::Transform applies a template to every element", "[meta]")
{
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::meta::Transform<std::tuple<int, float const>, AddPointer>,
                   std::tuple<int*, float const*>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Transform<List<>, AddPointer>, List<>>);
    STATIC_REQUIRE(
        std::is_same_v<alpaka::meta::Transform<List<int, char>, std::add_const_t>, List<int const, char const>>);
}

TEST_CASE("meta::Unique drops repeats and keeps first occurrences in order", "[meta]")
{
    using alpaka::meta::Unique;
    STATIC_REQUIRE(std::is_same_v<Unique<std::tuple<int, char, int, float, char>>, std::tuple<int, char, float>>);
    STATIC_REQUIRE(std::is_same_v<Unique<List<float, float, float>>, List<float>>);
    STATIC_REQUIRE(std::is_same_v<Unique<List<>>, List<>>);
    // Qualified types are different types.
    STATIC_REQUIRE(std::is_same_v<Unique<List<int, int const, int>>, List<int, int const>>);
}

TEST_CASE("meta::Front, contains and size", "[meta]")
{
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Front<std::tuple<char, int>>, char>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Front<List<double>>, double>);
    STATIC_REQUIRE(alpaka::meta::contains<std::tuple<int, char>, char>);
    STATIC_REQUIRE(!alpaka::meta::contains<std::tuple<int, char>, long>);
    STATIC_REQUIRE(!alpaka::meta::contains<List<>, int>);
    STATIC_REQUIRE(alpaka::meta::Contains<List<int>, int>::value);
    STATIC_REQUIRE(alpaka::meta::size<std::tuple<int, int, int>> == 3u);
    STATIC_REQUIRE(alpaka::meta::size<List<>> == 0u);
}

TEST_CASE("meta::InheritFromList derives from every element", "[meta]")
{
    struct A
    {
        int a = 1;
    };
    struct B
    {
        int b = 2;
    };
    using Both = alpaka::meta::InheritFromList<std::tuple<A, B>>;
    STATIC_REQUIRE(std::is_base_of_v<A, Both>);
    STATIC_REQUIRE(std::is_base_of_v<B, Both>);
    Both const both{};
    CHECK(both.a == 1);
    CHECK(both.b == 2);
    // The empty list gives an empty type.
    STATIC_REQUIRE(std::is_empty_v<alpaka::meta::InheritFromList<std::tuple<>>>);
}

namespace
{
    // DependentFalseType makes a static_assert fail only for the instantiations that reach it.
    template<typename T>
    constexpr auto onlyIntegral() -> int
    {
        if constexpr(std::is_integral_v<T>)
            return 1;
        else
            static_assert(alpaka::meta::DependentFalseType<T>::value, "never instantiated in this test");
    }
} // namespace

TEST_CASE("meta::DependentFalseType is false for any argument", "[meta]")
{
    STATIC_REQUIRE(!alpaka::meta::DependentFalseType<int>::value);
    STATIC_REQUIRE(!alpaka::meta::DependentFalseType<>::value);
    STATIC_REQUIRE(!alpaka::meta::DependentFalseType<int, float, void>::value);
    STATIC_REQUIRE(std::is_base_of_v<std::false_type, alpaka::meta::DependentFalseType<char>>);
    STATIC_REQUIRE(onlyIntegral<long>() == 1);
}

TEST_CASE("meta::IsStrictBase", "[meta]")
{
    struct Base
    {
    };
    struct Derived : Base
    {
    };
    STATIC_REQUIRE(alpaka::meta::IsStrictBase<Base, Derived>::value);
    STATIC_REQUIRE(!alpaka::meta::IsStrictBase<Base, Base>::value);
    STATIC_REQUIRE(!alpaka::meta::IsStrictBase<Derived, Base>::value);
}
