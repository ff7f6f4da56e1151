// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The Boost.Predef macros alpaka.hpp provides (upstream includes <boost/predef.h>): their values follow Boost's
// encoding, agree with the compiler's own macros, and agree with Boost.Predef itself whichever is included first.

#include <alpaka/alpaka.hpp>

// Boost.Predef after alpaka must not clash either.
#if defined(__has_include)
#    if __has_include(<boost/predef.h>)
#        include <boost/predef.h>
#    endif
#endif

#include <cstddef>

#include "PredefValues.hpp"
#include "alpaka_test/Catch.hpp"

TEST_CASE("BOOST_VERSION_NUMBER encodes major.minor.patch as Boost.Predef does", "[core][predef]")
{
    STATIC_REQUIRE(BOOST_VERSION_NUMBER(1, 2, 3) == 10'200'003);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER(12, 0, 0) > BOOST_VERSION_NUMBER(11, 99, 99999));
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_AVAILABLE == 1);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_NOT_AVAILABLE == 0);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_MAJOR(BOOST_VERSION_NUMBER(7, 8, 9)) == 7);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_MINOR(BOOST_VERSION_NUMBER(7, 8, 9)) == 8);
    STATIC_REQUIRE(BOOST_VERSION_NUMBER_PATCH(BOOST_VERSION_NUMBER(7, 8, 9)) == 9);
    STATIC_REQUIRE(BOOST_PREDEF_MAKE_10_VRP(860) == BOOST_VERSION_NUMBER(8, 6, 0));
    STATIC_REQUIRE(BOOST_PREDEF_MAKE_10_VVRRP(12040) == BOOST_VERSION_NUMBER(12, 4, 0));
}

TEST_CASE("BOOST_COMP_* name the compiler in use, with its version", "[core][predef]")
{
#if defined(__clang__)
    STATIC_REQUIRE(BOOST_COMP_CLANG == BOOST_VERSION_NUMBER(__clang_major__, __clang_minor__, __clang_patchlevel__));
    // clang defines __GNUC__ as well; like Boost.Predef, only the real compiler is reported.
    STATIC_REQUIRE(BOOST_COMP_GNUC == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#elif defined(__GNUC__) && !defined(__INTEL_COMPILER) && !defined(__NVCOMPILER)
    STATIC_REQUIRE(BOOST_COMP_GNUC == BOOST_VERSION_NUMBER(__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__));
    STATIC_REQUIRE(BOOST_COMP_CLANG == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#endif
#if !defined(_MSC_VER)
    STATIC_REQUIRE(BOOST_COMP_MSVC == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#endif
    // alpaka's own detection and Boost's agree.
    STATIC_REQUIRE(static_cast<bool>(BOOST_COMP_GNUC) == static_cast<bool>(ALPAKA_COMP_GNUC));
    STATIC_REQUIRE(static_cast<bool>(BOOST_COMP_CLANG) == static_cast<bool>(ALPAKA_COMP_CLANG));
    STATIC_REQUIRE(static_cast<bool>(BOOST_COMP_NVCC) == static_cast<bool>(ALPAKA_COMP_NVCC));
    STATIC_REQUIRE(static_cast<bool>(BOOST_COMP_CLANG_CUDA) == static_cast<bool>(ALPAKA_COMP_CLANG_CUDA));
    STATIC_REQUIRE(static_cast<bool>(BOOST_LANG_CUDA) == static_cast<bool>(ALPAKA_LANG_CUDA));
    STATIC_REQUIRE(static_cast<bool>(BOOST_LANG_HIP) == static_cast<bool>(ALPAKA_LANG_HIP));
    STATIC_REQUIRE(static_cast<bool>(BOOST_COMP_HIP) == static_cast<bool>(ALPAKA_LANG_HIP));
    STATIC_REQUIRE(BOOST_LANG_STDCPP >= BOOST_VERSION_NUMBER(2020 - 1970, 0, 0));
}

TEST_CASE("BOOST_ARCH_PTX and BOOST_ARCH_HSA are 0 in host code", "[core][predef]")
{
    // This function is host code: even a CUDA or HIP build compiles it for the host only.
    CHECK(BOOST_ARCH_PTX == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
    CHECK(BOOST_ARCH_HSA == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#if defined(__x86_64__) || defined(_M_X64)
    CHECK(BOOST_ARCH_X86_64 != BOOST_VERSION_NUMBER_NOT_AVAILABLE);
    CHECK(BOOST_ARCH_X86 != BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#endif
#if defined(__linux__)
    CHECK(BOOST_OS_LINUX == BOOST_VERSION_NUMBER_AVAILABLE);
    CHECK(BOOST_OS_WINDOWS == BOOST_VERSION_NUMBER_NOT_AVAILABLE);
#endif
}

TEST_CASE("alpaka's fallbacks give Boost.Predef's values, whatever the include order", "[core][predef]")
{
    auto const fallback = predeftest::fallbackValues();
    auto const boostFirst = predeftest::boostFirstValues();
    INFO("Boost.Predef found: " << predeftest::boostFound());
    for(std::size_t i = 0; i < predeftest::predefNames.size(); ++i)
    {
        INFO(predeftest::predefNames[i]);
        CHECK(predeftest::predefValuesHere[i] == fallback[i]);
        CHECK(predeftest::predefValuesHere[i] == boostFirst[i]);
    }
}
