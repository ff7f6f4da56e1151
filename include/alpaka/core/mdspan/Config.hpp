// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Which mdspan alpaka::experimental names: ALPAKA_MDSPAN_STD is 1 where the standard library has <mdspan> (C++23
//! and a library that ships it) and the user has not defined ALPAKA_MDSPAN_OWN, else 0 and the implementation of
//! core/mdspan/ is used. Every translation unit of a program that passes an mdspan between units must make the same
//! choice: define ALPAKA_MDSPAN_OWN everywhere when C++20 and C++23 units meet.

#include "alpaka/core/Config.hpp"

#if !defined(ALPAKA_MDSPAN_OWN) && !ALPAKA_RTC && defined(__has_include)
#    if __has_include(<version>)
#        include <version>
#    endif
#    if defined(__cpp_lib_mdspan) && __has_include(<mdspan>)
#        define ALPAKA_MDSPAN_STD 1
#    endif
#endif
#if !defined(ALPAKA_MDSPAN_STD)
#    define ALPAKA_MDSPAN_STD 0
#endif
