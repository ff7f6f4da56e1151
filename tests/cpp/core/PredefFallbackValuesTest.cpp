// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// alpaka's own definitions of the Boost.Predef macros, with Boost.Predef kept out of this unit.

#define ALPAKA_PREDEF_WITHOUT_BOOST
#include <alpaka/core/BoostPredef.hpp>

#include "PredefValues.hpp"

#ifdef BOOST_PREDEF_VERSION
#    error "Boost.Predef must not reach this translation unit"
#endif

auto predeftest::fallbackValues() -> PredefValues
{
    return predefValuesHere;
}
