// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Upstream's smaller meta functions: IsList / isList, ToList / ToTuple, Integral.hpp (IsIntegralSuperset,
// HigherMax, LowerMax, HigherMin, LowerMin), IsArrayOrVector, IsSet / IsParameterPackSet, NonZero with Filter.

#include <alpaka/alpaka.hpp>
#include <alpaka/meta/Integral.hpp>
#include <alpaka/meta/IsArrayOrVector.hpp>
#include <alpaka/meta/NonZero.hpp>
#include <alpaka/meta/Set.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

// A named namespace: GCC warns (-Wsubobject-linkage) when a class template of alpaka derives from a type of an
// anonymous namespace defined outside the main file, which these sources are in the unity build of test_meta.
namespace upstream_meta_test
{
    template<typename... T>
    struct MetaList
    {
    };

    struct Plain
    {
    };
} // namespace upstream_meta_test

using upstream_meta_test::MetaList;
using upstream_meta_test::Plain;

TEST_CASE("meta::IsList and isList", "[meta]")
{
    STATIC_REQUIRE(alpaka::meta::IsList<std::tuple<int, float>>::value);
    STATIC_REQUIRE(alpaka::meta::IsList<MetaList<>>::value);
    STATIC_REQUIRE(!alpaka::meta::IsList<int>::value);
    STATIC_REQUIRE(!alpaka::meta::IsList<Plain>::value);
    STATIC_REQUIRE(!alpaka::meta::IsList<std::array<int, 3>>::value);
    // isList looks through references and const.
    STATIC_REQUIRE(alpaka::meta::isList<std::tuple<int> const&>);
    STATIC_REQUIRE(!alpaka::meta::isList<int&>);
}

TEST_CASE("meta::ToList and ToTuple keep a single list and wrap anything else", "[meta]")
{
    using alpaka::meta::ToTuple;
    STATIC_REQUIRE(std::is_same_v<ToTuple<int>, std::tuple<int>>);
    STATIC_REQUIRE(std::is_same_v<ToTuple<int, float>, std::tuple<int, float>>);
    STATIC_REQUIRE(std::is_same_v<ToTuple<std::tuple<int, float>>, std::tuple<int, float>>);
    STATIC_REQUIRE(std::is_same_v<ToTuple<MetaList<int>>, MetaList<int>>);
    // Two lists are two elements.
    STATIC_REQUIRE(std::is_same_v<ToTuple<MetaList<int>, MetaList<char>>, std::tuple<MetaList<int>, MetaList<char>>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::ToList<MetaList, int, char>::type, MetaList<int, char>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::ToList<MetaList, std::tuple<int>>::type, std::tuple<int>>);
}

TEST_CASE("meta::IsIntegralSuperset", "[meta]")
{
    using alpaka::meta::IsIntegralSuperset;
    STATIC_REQUIRE(IsIntegralSuperset<std::int64_t, std::int32_t>::value);
    STATIC_REQUIRE(IsIntegralSuperset<std::int32_t, std::int32_t>::value);
    STATIC_REQUIRE(IsIntegralSuperset<std::uint64_t, std::uint8_t>::value);
    STATIC_REQUIRE(IsIntegralSuperset<std::int64_t, std::uint32_t>::value);
    STATIC_REQUIRE(!IsIntegralSuperset<std::int32_t, std::uint32_t>::value);
    STATIC_REQUIRE(!IsIntegralSuperset<std::uint32_t, std::int32_t>::value);
    STATIC_REQUIRE(!IsIntegralSuperset<std::int16_t, std::int32_t>::value);
    STATIC_REQUIRE(!IsIntegralSuperset<double, int>::value);
    STATIC_REQUIRE(!IsIntegralSuperset<int, float>::value);
    STATIC_REQUIRE(std::is_base_of_v<std::false_type, IsIntegralSuperset<std::int8_t, std::int64_t>>);
}

TEST_CASE("meta::HigherMax, LowerMax, HigherMin, LowerMin", "[meta]")
{
    using namespace alpaka::meta;
    STATIC_REQUIRE(std::is_same_v<HigherMax<std::int32_t, std::int64_t>, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMax<std::uint32_t, std::int32_t>, std::uint32_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMax<std::int32_t, std::uint32_t>, std::uint32_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMax<std::int16_t, std::uint8_t>, std::int16_t>);
    // The reference: the larger of the two maxima.
    STATIC_REQUIRE(
        std::numeric_limits<HigherMax<std::uint16_t, std::int64_t>>::max() == std::numeric_limits<std::int64_t>::max());
    STATIC_REQUIRE(std::is_same_v<LowerMax<std::int32_t, std::int64_t>, std::int32_t>);
    STATIC_REQUIRE(std::is_same_v<LowerMax<std::uint32_t, std::int32_t>, std::int32_t>);
    STATIC_REQUIRE(std::is_same_v<LowerMax<std::int32_t, std::uint32_t>, std::int32_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMin<std::int32_t, std::uint8_t>, std::uint8_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMin<std::int8_t, std::int64_t>, std::int8_t>);
    STATIC_REQUIRE(std::is_same_v<HigherMin<std::uint8_t, std::uint64_t>, std::uint64_t>);
    STATIC_REQUIRE(std::is_same_v<LowerMin<std::int32_t, std::uint8_t>, std::int32_t>);
    STATIC_REQUIRE(std::is_same_v<LowerMin<std::int8_t, std::int64_t>, std::int64_t>);
    STATIC_REQUIRE(std::is_same_v<LowerMin<std::uint16_t, std::uint32_t>, std::uint32_t>);
}

TEST_CASE("meta::IsArrayOrVector and isArrayOrVector", "[meta]")
{
    using alpaka::meta::isArrayOrVector;
    STATIC_REQUIRE(isArrayOrVector<int[4]>);
    STATIC_REQUIRE(isArrayOrVector<std::array<float, 2>>);
    STATIC_REQUIRE(isArrayOrVector<std::vector<double>>);
    STATIC_REQUIRE(alpaka::meta::IsArrayOrVector<std::vector<int>>::value);
    STATIC_REQUIRE(!isArrayOrVector<int>);
    STATIC_REQUIRE(!isArrayOrVector<int*>);
    STATIC_REQUIRE(!isArrayOrVector<std::tuple<int, int>>);
    // alpaka::Vec counts, as in upstream's IsArrayOrVectorTest.
    STATIC_REQUIRE(isArrayOrVector<alpaka::Vec<alpaka::DimInt<2u>, int>>);
}

TEST_CASE("meta::IsSet and IsParameterPackSet", "[meta]")
{
    STATIC_REQUIRE(alpaka::meta::IsParameterPackSet<>::value);
    STATIC_REQUIRE(alpaka::meta::IsParameterPackSet<int, float, char>::value);
    STATIC_REQUIRE(!alpaka::meta::IsParameterPackSet<int, float, int>::value);
    STATIC_REQUIRE(alpaka::meta::IsParameterPackSet<int, int const, int&>::value);
    STATIC_REQUIRE(alpaka::meta::IsSet<std::tuple<int, long>>::value);
    STATIC_REQUIRE(!alpaka::meta::IsSet<MetaList<char, char>>::value);
    STATIC_REQUIRE(alpaka::meta::IsSet<MetaList<>>::value);
    // Unique makes a set of any list.
    STATIC_REQUIRE(alpaka::meta::IsSet<alpaka::meta::Unique<MetaList<int, char, int, char>>>::value);
}

TEST_CASE("meta::NonZero filters zero constants out", "[meta]")
{
    using alpaka::DimInt;
    using alpaka::meta::NonZero;
    STATIC_REQUIRE(NonZero<DimInt<3u>>::value);
    STATIC_REQUIRE(!NonZero<DimInt<0u>>::value);
    STATIC_REQUIRE(NonZero<std::integral_constant<int, -1>>::value);
    STATIC_REQUIRE(!NonZero<std::false_type>::value);
    STATIC_REQUIRE(!NonZero<int>::value);
    using Dims = std::tuple<DimInt<0u>, DimInt<1u>, DimInt<0u>, DimInt<3u>>;
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Filter<Dims, NonZero>, std::tuple<DimInt<1u>, DimInt<3u>>>);
}
