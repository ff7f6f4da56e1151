// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// concepts::ImplementationBase / implements, version macros, ALPAKA_UNROLL and core::demangled.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    struct ConceptGreeting;
    struct ConceptUnrelated;

    // The implementation of ConceptGreeting a composite type names through Implements.
    struct GreetingImpl : alpaka::concepts::Implements<ConceptGreeting, GreetingImpl>
    {
        int greeting = 42;
    };

    // A composite type (like an accelerator) made of implementation classes.
    struct Composite
        : GreetingImpl
        , alpaka::concepts::Implements<ConceptUnrelated, Composite>
    {
    };

    // A user type that names no implementation at all.
    struct Plain
    {
    };
} // namespace

TEST_CASE("concepts::ImplementationBase finds the base that implements a concept", "[core]")
{
    using alpaka::concepts::ImplementationBase;
    STATIC_REQUIRE(std::is_same_v<ImplementationBase<ConceptGreeting, Composite>, GreetingImpl>);
    STATIC_REQUIRE(std::is_same_v<ImplementationBase<ConceptGreeting, GreetingImpl>, GreetingImpl>);
    // A type implementing the concept itself is its own implementation.
    STATIC_REQUIRE(std::is_same_v<ImplementationBase<ConceptUnrelated, Composite>, Composite>);
    // Without an implementation the type stands for itself, so traits can be specialized on it directly.
    STATIC_REQUIRE(std::is_same_v<ImplementationBase<ConceptGreeting, Plain>, Plain>);

    Composite const c{};
    auto const& impl = static_cast<ImplementationBase<ConceptGreeting, Composite> const&>(c);
    CHECK(impl.greeting == 42);
}

TEST_CASE("concepts::implements", "[core]")
{
    using alpaka::concepts::implements;
    STATIC_REQUIRE(implements<ConceptGreeting, Composite>);
    STATIC_REQUIRE(implements<ConceptGreeting, GreetingImpl>);
    STATIC_REQUIRE(implements<ConceptUnrelated, Composite>);
    STATIC_REQUIRE(!implements<ConceptUnrelated, GreetingImpl>);
    STATIC_REQUIRE(!implements<ConceptGreeting, Plain>);
    STATIC_REQUIRE(!implements<ConceptGreeting, int>);
}

TEST_CASE("ALPAKA_VERSION macros are consistent", "[core]")
{
    STATIC_REQUIRE(ALPAKA_VERSION_MAJOR == 1);
    STATIC_REQUIRE(ALPAKA_VERSION_MINOR >= 0);
    STATIC_REQUIRE(ALPAKA_VERSION_PATCH >= 0);
    // Upstream's encoding (Boost.Predef's), so that ALPAKA_VERSION >= BOOST_VERSION_NUMBER(1, 0, 0) holds.
    STATIC_REQUIRE(
        ALPAKA_VERSION == BOOST_VERSION_NUMBER(ALPAKA_VERSION_MAJOR, ALPAKA_VERSION_MINOR, ALPAKA_VERSION_PATCH));
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_MAJOR(ALPAKA_VERSION) == ALPAKA_VERSION_MAJOR);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_MINOR(ALPAKA_VERSION) == ALPAKA_VERSION_MINOR);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_PATCH(ALPAKA_VERSION) == ALPAKA_VERSION_PATCH);
    // The macros are usable in #if.
#if ALPAKA_VERSION_MAJOR < 1
    FAIL("ALPAKA_VERSION_MAJOR is not usable in #if");
#endif
}

TEST_CASE("ALPAKA_UNROLL compiles with and without a factor", "[core]")
{
    int values[16] = {};
    ALPAKA_UNROLL()
    for(int i = 0; i < 16; ++i)
        values[i] = i;
    int sum = 0;
    ALPAKA_UNROLL(4)
    for(int i = 0; i < 16; ++i)
        sum += values[i];
    CHECK(sum == 120);

    // A loop with a run-time trip count.
    std::vector<int> const v{1, 2, 3, 4, 5};
    int product = 1;
    ALPAKA_UNROLL(2)
    for(std::size_t i = 0; i < v.size(); ++i)
        product *= v[i];
    CHECK(product == 120);
}

TEST_CASE("core::demangled gives readable type names", "[core]")
{
    CHECK(alpaka::core::demangled<int> == "int");
    CHECK(alpaka::core::demangled<unsigned long> == "unsigned long");
    CHECK(alpaka::core::demangled<double> == "double");
    CHECK(alpaka::core::demangledName<char>() == "char");
    CHECK(alpaka::core::demangled<Plain> == "(anonymous namespace)::Plain");
    CHECK(alpaka::core::demangled<alpaka::Vec<alpaka::DimInt<2>, int>>.find("alpaka::Vec<") == 0u);
}

TEST_CASE("Function attribute macros are usable on functions", "[core]")
{
    struct Functor
    {
        ALPAKA_FN_HOST_ACC auto twice(int x) const -> int
        {
            return 2 * x;
        }

        ALPAKA_FN_ACC ALPAKA_FN_INLINE auto thrice(int x) const -> int
        {
            return 3 * x;
        }

        ALPAKA_FN_HOST auto once(int x) const -> int
        {
            return x;
        }
    };
    Functor const f{};
    CHECK(f.twice(4) + f.thrice(1) + f.once(1) == 12);
}
