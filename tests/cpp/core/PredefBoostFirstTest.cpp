// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Boost.Predef included before alpaka (where Boost is installed): alpaka's header must add its macros without
// redefining any of Boost's (-Werror turns a redefinition into a failed build).

#if defined(__has_include)
#    if __has_include(<boost/predef.h>)
#        include <boost/predef.h>
#        define PREDEF_TEST_BOOST_FOUND 1
#    endif
#endif
#ifndef PREDEF_TEST_BOOST_FOUND
#    define PREDEF_TEST_BOOST_FOUND 0
#endif

#include <alpaka/alpaka.hpp>

#include "PredefValues.hpp"

auto predeftest::boostFirstValues() -> PredefValues
{
    return predefValuesHere;
}

auto predeftest::boostFound() -> bool
{
    return PREDEF_TEST_BOOST_FOUND != 0;
}
