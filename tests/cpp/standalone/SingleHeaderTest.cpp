// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// One header alone, as upstream's workdiv tests include vec/Vec.hpp: Boost.Predef's macros come with it, and
// meta::IsArrayOrVector knows alpaka::Vec.

#include <alpaka/meta/IsArrayOrVector.hpp>
#include <alpaka/vec/Vec.hpp>

#include "alpaka_test/Catch.hpp"

#if !defined(BOOST_VERSION_NUMBER) || !defined(BOOST_COMP_GNUC) || !defined(BOOST_COMP_CLANG)                          \
    || !defined(BOOST_LANG_CUDA)
#    error "alpaka/vec/Vec.hpp provides the Boost.Predef macros, as upstream's headers do"
#endif

TEST_CASE("one header alone gives the Boost.Predef macros and Vec counts as an array", "[standalone]")
{
    STATIC_REQUIRE(BOOST_VERSION_NUMBER(1, 2, 3) == 10200003);
#if defined(__clang__)
    CHECK(BOOST_COMP_CLANG >= BOOST_VERSION_NUMBER(1, 0, 0));
    CHECK(BOOST_COMP_GNUC == 0);
#elif defined(__GNUC__)
    CHECK(BOOST_COMP_GNUC >= BOOST_VERSION_NUMBER(__GNUC__, 0, 0));
#endif
    STATIC_REQUIRE(alpaka::meta::isArrayOrVector<alpaka::Vec<alpaka::DimInt<3>, int>>);
}
