// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// alpaka/vec/Vec.hpp alone provides the free functions upstream declares there (subVecFromIndices, subVecBegin,
// subVecEnd, castVec, reverseVec, concatVec): this file includes nothing else of alpaka.

#include <alpaka/vec/Vec.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "alpaka_test/Catch.hpp"

TEST_CASE("Vec.hpp alone: subVecFromIndices, subVecBegin, subVecEnd", "[vec]")
{
    using Vec4 = alpaka::Vec<alpaka::DimInt<4u>, int>;
    constexpr Vec4 v(10, 20, 30, 40);
    constexpr auto picked = alpaka::subVecFromIndices<std::index_sequence<3, 0, 0>>(v);
    STATIC_REQUIRE(picked == alpaka::Vec<alpaka::DimInt<3u>, int>(40, 10, 10));
    STATIC_REQUIRE(alpaka::subVecBegin<alpaka::DimInt<2u>>(v) == alpaka::Vec<alpaka::DimInt<2u>, int>(10, 20));
    STATIC_REQUIRE(alpaka::subVecEnd<alpaka::DimInt<1u>>(v) == alpaka::Vec<alpaka::DimInt<1u>, int>(40));
    CHECK(alpaka::subVecEnd<alpaka::DimInt<3u>>(v) == alpaka::Vec<alpaka::DimInt<3u>, int>(20, 30, 40));
}

TEST_CASE("Vec.hpp alone: castVec, reverseVec, concatVec", "[vec]")
{
    using Vec3 = alpaka::Vec<alpaka::DimInt<3u>, std::int32_t>;
    constexpr Vec3 v(1, -2, 300);
    constexpr auto c = alpaka::castVec<std::int64_t>(v);
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(c)>, alpaka::Vec<alpaka::DimInt<3u>, std::int64_t>>);
    CHECK(c[0] == 1);
    CHECK(c[1] == -2);
    CHECK(c[2] == 300);
    STATIC_REQUIRE(alpaka::reverseVec(v) == Vec3(300, -2, 1));
    constexpr auto joined = alpaka::concatVec(v, alpaka::Vec<alpaka::DimInt<1u>, std::int32_t>(7));
    STATIC_REQUIRE(joined == alpaka::Vec<alpaka::DimInt<4u>, std::int32_t>(1, -2, 300, 7));
}
