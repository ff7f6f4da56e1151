// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// WorkDivMembers: its constructors (Vecs, scalars, extents of other dimensionality, other work divisions), CTAD,
// comparison and printing.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Dim1 = alpaka::DimInt<1>;
    using Dim2 = alpaka::DimInt<2>;
    using Dim3 = alpaka::DimInt<3>;
    using Vec2i = alpaka::Vec<Dim2, int>;
    using Vec3i = alpaka::Vec<Dim3, int>;

    // Upstream code returns work divisions by copy-list-initialisation; it must keep compiling.
    auto makeByBraces(int n) -> alpaka::WorkDivMembers<Dim1, int>
    {
        return {{1}, {1}, {n}};
    }
} // namespace

TEST_CASE("WorkDivMembers from three Vecs", "[workdiv]")
{
    alpaka::WorkDivMembers<Dim2, int> const wd(Vec2i(6, 9), Vec2i(4, 6), Vec2i(1, 2));
    CHECK(wd.m_gridBlockExtent == Vec2i(6, 9));
    CHECK(wd.m_blockThreadExtent == Vec2i(4, 6));
    CHECK(wd.m_threadElemExtent == Vec2i(1, 2));
    // Braced Vecs, as in upstream's tests.
    alpaka::WorkDivMembers<Dim2, int> const braced({6, 9}, {4, 6}, {1, 2});
    CHECK(braced == wd);
    alpaka::WorkDivMembers<Dim2, int> const copyListInit = {{6, 9}, {4, 6}, {1, 2}};
    CHECK(copyListInit == wd);
    CHECK(makeByBraces(7).m_threadElemExtent[0] == 7);
}

TEST_CASE("WorkDivMembers elements per thread default to one", "[workdiv]")
{
    alpaka::WorkDivMembers<Dim3, int> const wd(Vec3i(2, 3, 4), Vec3i(1, 1, 8));
    CHECK(wd.m_threadElemExtent == Vec3i::ones());
    alpaka::WorkDivMembers<Dim1, std::size_t> const scalars(std::size_t{10}, std::size_t{32});
    CHECK(scalars.m_threadElemExtent[0] == 1u);
}

TEST_CASE("WorkDivMembers from scalars", "[workdiv]")
{
    alpaka::WorkDivMembers<Dim1, std::size_t> const oneD(4, 8u, std::size_t{2});
    CHECK(oneD.m_gridBlockExtent[0] == 4u);
    CHECK(oneD.m_blockThreadExtent[0] == 8u);
    CHECK(oneD.m_threadElemExtent[0] == 2u);
    // In more dimensions a scalar fills the fast end (x) and leaves 1 in front.
    alpaka::WorkDivMembers<Dim3, int> const threeD(5, 2, 3);
    CHECK(threeD.m_gridBlockExtent == Vec3i(1, 1, 5));
    CHECK(threeD.m_blockThreadExtent == Vec3i(1, 1, 2));
    CHECK(threeD.m_threadElemExtent == Vec3i(1, 1, 3));
}

TEST_CASE("WorkDivMembers from extents of another dimensionality", "[workdiv]")
{
    // Higher-dimensional extents keep their last (fastest) components.
    alpaka::WorkDivMembers<Dim2, int> const fromHigher(Vec3i(7, 8, 9), Vec3i(1, 2, 3), Vec3i(4, 5, 6));
    CHECK(fromHigher.m_gridBlockExtent == Vec2i(8, 9));
    CHECK(fromHigher.m_blockThreadExtent == Vec2i(2, 3));
    CHECK(fromHigher.m_threadElemExtent == Vec2i(5, 6));
    // Lower-dimensional extents are padded with 1 in front.
    alpaka::WorkDivMembers<Dim3, int> const fromLower(Vec2i(3, 4), Vec2i(1, 2), alpaka::Vec{5});
    CHECK(fromLower.m_gridBlockExtent == Vec3i(1, 3, 4));
    CHECK(fromLower.m_blockThreadExtent == Vec3i(1, 1, 2));
    CHECK(fromLower.m_threadElemExtent == Vec3i(1, 1, 5));
    // Vecs of another index type are converted.
    alpaka::WorkDivMembers<Dim2, std::size_t> const converted(Vec2i(2, 3), Vec2i(1, 1), Vec2i(4, 4));
    CHECK(converted.m_gridBlockExtent == alpaka::Vec<Dim2, std::size_t>(2u, 3u));
    CHECK(converted.m_threadElemExtent == alpaka::Vec<Dim2, std::size_t>(4u, 4u));
}

namespace
{
    // A user-defined work division: only the three primitive extents, through the traits.
    struct FixedWorkDiv
    {
    };
} // namespace

namespace alpaka::trait
{
    template<>
    struct DimType<FixedWorkDiv>
    {
        using type = DimInt<2>;
    };

    template<>
    struct IdxType<FixedWorkDiv>
    {
        using type = int;
    };

    template<>
    struct GetWorkDiv<FixedWorkDiv, origin::Grid, unit::Blocks>
    {
        static auto getWorkDiv(FixedWorkDiv const&) -> Vec<DimInt<2>, int>
        {
            return {3, 4};
        }
    };

    template<>
    struct GetWorkDiv<FixedWorkDiv, origin::Block, unit::Threads>
    {
        static auto getWorkDiv(FixedWorkDiv const&) -> Vec<DimInt<2>, int>
        {
            return {5, 6};
        }
    };

    template<>
    struct GetWorkDiv<FixedWorkDiv, origin::Thread, unit::Elems>
    {
        static auto getWorkDiv(FixedWorkDiv const&) -> Vec<DimInt<2>, int>
        {
            return {7, 8};
        }
    };
} // namespace alpaka::trait

TEST_CASE("WorkDivMembers from another work division", "[workdiv]")
{
    alpaka::WorkDivMembers<Dim2, int> const fromUser(FixedWorkDiv{});
    CHECK(fromUser == alpaka::WorkDivMembers<Dim2, int>(Vec2i(3, 4), Vec2i(5, 6), Vec2i(7, 8)));
    // The derived queries work for the user type too.
    CHECK(alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(FixedWorkDiv{}) == Vec2i(15, 24));
    CHECK(alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(FixedWorkDiv{}) == Vec2i(105, 192));
    CHECK(alpaka::getWorkDiv<alpaka::Block, alpaka::Elems>(FixedWorkDiv{}) == Vec2i(35, 48));

    alpaka::WorkDivMembers<Dim2, int> const copy(fromUser);
    CHECK(copy == fromUser);
    alpaka::WorkDivMembers<Dim2, int> assigned(Vec2i::ones(), Vec2i::ones());
    assigned = fromUser;
    CHECK(assigned == fromUser);
    // Converting from another work division is explicit: it may drop information.
    STATIC_REQUIRE(!std::is_convertible_v<FixedWorkDiv, alpaka::WorkDivMembers<Dim2, int>>);
}

TEST_CASE("WorkDivMembers class template argument deduction", "[workdiv]")
{
    alpaka::WorkDivMembers const fromVecs{Vec3i(1, 2, 3), Vec3i(1, 1, 1), Vec3i(2, 2, 2)};
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(fromVecs)>, alpaka::WorkDivMembers<Dim3, int>>);
    alpaka::WorkDivMembers const fromTwoVecs{alpaka::Vec{std::size_t{4}}, alpaka::Vec{std::size_t{1}}};
    STATIC_REQUIRE(
        std::is_same_v<std::remove_const_t<decltype(fromTwoVecs)>, alpaka::WorkDivMembers<Dim1, std::size_t>>);
    alpaka::WorkDivMembers const fromScalars{8u, 1u, 2u};
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(fromScalars)>, alpaka::WorkDivMembers<Dim1, unsigned>>);
    CHECK(fromScalars.m_threadElemExtent[0] == 2u);
    alpaka::WorkDivMembers const fromTwoScalars{std::int64_t{3}, std::int64_t{1}};
    STATIC_REQUIRE(
        std::is_same_v<std::remove_const_t<decltype(fromTwoScalars)>, alpaka::WorkDivMembers<Dim1, std::int64_t>>);
    CHECK(fromTwoScalars.m_threadElemExtent[0] == 1);
}

TEST_CASE("WorkDivMembers == and !=", "[workdiv]")
{
    alpaka::WorkDivMembers<Dim2, int> const a(Vec2i(1, 2), Vec2i(3, 4), Vec2i(5, 6));
    CHECK(a == alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 4), Vec2i(5, 6)));
    CHECK_FALSE(a != alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 4), Vec2i(5, 6)));
    // Each of the three extents takes part.
    CHECK(a != alpaka::WorkDivMembers<Dim2, int>(Vec2i(9, 2), Vec2i(3, 4), Vec2i(5, 6)));
    CHECK(a != alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 9), Vec2i(5, 6)));
    CHECK(a != alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 4), Vec2i(9, 6)));
    CHECK_FALSE(a == alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 4), Vec2i(5, 9)));
    // Equal products but different shapes are different work divisions.
    CHECK(
        alpaka::WorkDivMembers<Dim2, int>(Vec2i(2, 1), Vec2i(1, 1))
        != alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(1, 1)));
}

TEST_CASE("WorkDivMembers operator<<", "[workdiv]")
{
    std::ostringstream os;
    os << alpaka::WorkDivMembers<Dim2, int>(Vec2i(1, 2), Vec2i(3, 4), Vec2i(5, 6));
    CHECK(os.str() == "{gridBlockExtent: (1, 2), blockThreadExtent: (3, 4), threadElemExtent: (5, 6)}");
    std::ostringstream os1;
    os1 << alpaka::WorkDivMembers<Dim1, std::size_t>(std::size_t{7}, std::size_t{1});
    CHECK(os1.str() == "{gridBlockExtent: (7), blockThreadExtent: (1), threadElemExtent: (1)}");
}

TEST_CASE("WorkDivMembers Dim and Idx traits and the primitive getWorkDiv queries", "[workdiv]")
{
    using WorkDiv = alpaka::WorkDivMembers<Dim3, std::uint32_t>;
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<WorkDiv>, Dim3>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<WorkDiv>, std::uint32_t>);
    constexpr alpaka::WorkDivMembers<Dim2, int> wd(Vec2i(2, 3), Vec2i(4, 5), Vec2i(6, 7));
    STATIC_REQUIRE(wd.m_blockThreadExtent == Vec2i(4, 5));
    STATIC_REQUIRE(
        alpaka::trait::GetWorkDiv<alpaka::WorkDivMembers<Dim2, int>, alpaka::Grid, alpaka::Blocks>::getWorkDiv(wd)
        == Vec2i(2, 3));
}
