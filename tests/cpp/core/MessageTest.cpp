// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The out-of-line error message helpers (core/Message.hpp) and what is built on them: exact integers of every index
// type, vectors of any dimension, messages longer than any fixed buffer, and the demangled type names.

#include <alpaka/core/DemangleTypeNames.hpp>
#include <alpaka/core/Message.hpp>
#include <alpaka/vec/Traits.hpp>
#include <alpaka/vec/Vec.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include "alpaka_test/Catch.hpp"

TEST_CASE("intText prints every integer type exactly", "[core][message]")
{
    using alpaka::detail::intText;
    CHECK(std::string(intText(0).text) == "0");
    CHECK(std::string(intText(-4).text) == "-4");
    CHECK(std::string(intText(std::numeric_limits<std::int64_t>::min()).text) == "-9223372036854775808");
    CHECK(std::string(intText(std::numeric_limits<std::uint64_t>::max()).text) == "18446744073709551615");
    CHECK(std::string(intText(std::numeric_limits<std::int8_t>::min()).text) == "-128");
    CHECK(std::string(intText(static_cast<unsigned char>(255)).text) == "255");
}

TEST_CASE("toString of vectors of every dimension", "[core][message]")
{
    using alpaka::detail::toString;
    CHECK(toString(alpaka::Vec<alpaka::DimInt<0>, int>{}) == "()");
    CHECK(toString(alpaka::Vec<alpaka::DimInt<1>, std::size_t>(7u)) == "(7)");
    CHECK(toString(alpaka::Vec<alpaka::DimInt<3>, std::int32_t>(1, -2, 3)) == "(1, -2, 3)");
}

TEST_CASE("formatMessage and throwRuntimeError keep long messages whole", "[core][message]")
{
    std::string const longText(5000, 'x');
    auto const message = alpaka::detail::formatMessage("[%s] %d %zu", longText.c_str(), -3, std::size_t{42});
    CHECK(message == "[" + longText + "] -3 42");
    try
    {
        alpaka::detail::throwRuntimeError("kernel %s: %s", "K", longText.c_str());
        FAIL("throwRuntimeError returned");
    }
    catch(std::runtime_error const& error)
    {
        CHECK(std::string(error.what()) == "kernel K: " + longText);
    }
}

TEST_CASE("demangled type names", "[core][message]")
{
    CHECK(alpaka::core::demangled<int> == "int");
    CHECK(alpaka::core::demangledName<std::runtime_error>() == "std::runtime_error");
    // A name the demangler rejects comes back unchanged.
    CHECK(alpaka::core::demangle("not a mangled name") == "not a mangled name");
}
