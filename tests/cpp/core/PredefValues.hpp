// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

// The Boost.Predef macros of the current translation unit as an array, so that units that see Boost.Predef and
// units that see only alpaka's fallbacks can be compared at run time (they cannot share one unit: the macros clash).

#include <array>
#include <cstddef>

namespace predeftest
{
    //! Names in the order of predefValues(), for the messages of failed comparisons.
    inline constexpr std::array<char const*, 17> predefNames{
        "BOOST_VERSION_NUMBER(3,4,5)",
        "BOOST_COMP_GNUC",
        "BOOST_COMP_CLANG",
        "BOOST_COMP_MSVC",
        "BOOST_COMP_NVCC",
        "BOOST_COMP_INTEL",
        "BOOST_COMP_PGI",
        "BOOST_LANG_STDCPP",
        "BOOST_LANG_CUDA",
        "BOOST_ARCH_PTX",
        "BOOST_ARCH_X86_64",
        "BOOST_ARCH_X86",
        "BOOST_OS_LINUX",
        "BOOST_OS_WINDOWS",
        "BOOST_OS_MACOS",
        "BOOST_OS_UNIX",
        "BOOST_VERSION_NUMBER_AVAILABLE"};

    using PredefValues = std::array<long long, predefNames.size()>;

    //! The Boost.Predef macros alpaka's fallbacks provide, as the including unit sees them (internal linkage: each
    //! unit has its own).
    constexpr PredefValues predefValuesHere{
        BOOST_VERSION_NUMBER(3, 4, 5),
        BOOST_COMP_GNUC,
        BOOST_COMP_CLANG,
        BOOST_COMP_MSVC,
        BOOST_COMP_NVCC,
        BOOST_COMP_INTEL,
        BOOST_COMP_PGI,
        BOOST_LANG_STDCPP,
        BOOST_LANG_CUDA,
        BOOST_ARCH_PTX,
        BOOST_ARCH_X86_64,
        BOOST_ARCH_X86,
        BOOST_OS_LINUX,
        BOOST_OS_WINDOWS,
        BOOST_OS_MACOS,
        BOOST_OS_UNIX,
        BOOST_VERSION_NUMBER_AVAILABLE};

    //! Defined in PredefFallbackValuesTest.cpp: alpaka's fallbacks, never Boost.Predef.
    auto fallbackValues() -> PredefValues;
    //! Defined in PredefBoostFirstTest.cpp: <boost/predef.h> included before alpaka (the fallbacks where Boost is
    //! absent).
    auto boostFirstValues() -> PredefValues;
    //! Whether PredefBoostFirstTest.cpp found Boost.Predef.
    auto boostFound() -> bool;
} // namespace predeftest
