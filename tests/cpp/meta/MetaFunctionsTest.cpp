// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// forEachType, the integer sequence helpers and the function objects of alpaka::meta.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    // A type that cannot be constructed: forEachType must not create objects of the listed types.
    struct NotConstructible
    {
        NotConstructible() = delete;
    };

    struct RecordNames
    {
        template<typename T>
        void operator()(std::vector<std::string>& names, int& calls) const
        {
            ++calls;
            if constexpr(std::is_same_v<T, int>)
                names.emplace_back("int");
            else if constexpr(std::is_same_v<T, double>)
                names.emplace_back("double");
            else if constexpr(std::is_same_v<T, NotConstructible>)
                names.emplace_back("NotConstructible");
            else
                names.emplace_back("other");
        }
    };
} // namespace

TEST_CASE("meta::forEachType calls the function object once per type, in order", "[meta]")
{
    std::vector<std::string> names;
    int calls = 0;
    alpaka::meta::forEachType<std::tuple<double, NotConstructible, int, double>>(RecordNames{}, names, calls);
    CHECK(calls == 4);
    CHECK(names == std::vector<std::string>{"double", "NotConstructible", "int", "double"});
}

TEST_CASE("meta::forEachType accepts templated lambdas and empty lists", "[meta]")
{
    std::size_t totalSize = 0;
    alpaka::meta::forEachType<std::tuple<char, short, long long>>([&]<typename T>() { totalSize += sizeof(T); });
    CHECK(totalSize == sizeof(char) + sizeof(short) + sizeof(long long));

    int calls = 0;
    alpaka::meta::forEachType<std::tuple<>>([&]<typename T>() { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("meta::MakeIntegerSequenceOffset", "[meta]")
{
    using alpaka::meta::MakeIntegerSequenceOffset;
    STATIC_REQUIRE(std::is_same_v<MakeIntegerSequenceOffset<std::size_t, 3, 4>, std::index_sequence<3, 4, 5, 6>>);
    STATIC_REQUIRE(std::is_same_v<MakeIntegerSequenceOffset<int, -2, 3>, std::integer_sequence<int, -2, -1, 0>>);
    STATIC_REQUIRE(std::is_same_v<MakeIntegerSequenceOffset<std::size_t, 7, 0>, std::index_sequence<>>);
}

TEST_CASE("meta::IntegerSequenceValuesInRange and IntegerSequenceValuesUnique", "[meta]")
{
    using alpaka::meta::IntegerSequenceValuesInRange;
    using alpaka::meta::IntegerSequenceValuesUnique;
    // The range is half-open: [min, max).
    STATIC_REQUIRE(IntegerSequenceValuesInRange<std::index_sequence<0, 1, 2>, std::size_t, 0, 3>::value);
    STATIC_REQUIRE(!IntegerSequenceValuesInRange<std::index_sequence<0, 3>, std::size_t, 0, 3>::value);
    STATIC_REQUIRE(!IntegerSequenceValuesInRange<std::integer_sequence<int, -1, 2>, int, 0, 5>::value);
    STATIC_REQUIRE(IntegerSequenceValuesInRange<std::index_sequence<>, std::size_t, 0, 0>::value);

    STATIC_REQUIRE(IntegerSequenceValuesUnique<std::index_sequence<4, 1, 3>>::value);
    STATIC_REQUIRE(!IntegerSequenceValuesUnique<std::index_sequence<1, 2, 1>>::value);
    STATIC_REQUIRE(IntegerSequenceValuesUnique<std::index_sequence<>>::value);
    STATIC_REQUIRE(IntegerSequenceValuesUnique<std::integer_sequence<int, 7>>::value);
}

TEST_CASE("meta::min and meta::max function objects", "[meta]")
{
    constexpr alpaka::meta::min minimum{};
    constexpr alpaka::meta::max maximum{};
    STATIC_REQUIRE(minimum(3, 5) == 3);
    STATIC_REQUIRE(minimum(5, 3) == 3);
    STATIC_REQUIRE(maximum(3, 5) == 5);
    STATIC_REQUIRE(maximum(-1, -7) == -1);
    CHECK(minimum(2.5, -0.5) == -0.5);
    CHECK(maximum(std::size_t{4}, std::size_t{4}) == 4u);
}

TEST_CASE("meta::foldr folds from the right", "[meta]")
{
    auto const minus = [](int a, int b) { return a - b; };
    // foldr(f, a) = a; foldr(f, a, b, c) = f(a, f(b, c)).
    CHECK(alpaka::meta::foldr(minus, 7) == 7);
    CHECK(alpaka::meta::foldr(minus, 10, 4) == 6);
    CHECK(alpaka::meta::foldr(minus, 10, 4, 3) == 9);
    CHECK(alpaka::meta::foldr(minus, 1, 2, 3, 4) == 1 - (2 - (3 - 4)));
    STATIC_REQUIRE(alpaka::meta::foldr(alpaka::meta::max{}, 3, 9, 2) == 9);
    STATIC_REQUIRE(alpaka::meta::foldr(alpaka::meta::min{}, 3, 9, 2) == 2);
}
