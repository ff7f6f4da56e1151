// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The upstream alpaka API level this library is source-compatible with.

#include "alpaka/core/BoostPredef.hpp"

#define ALPAKA_VERSION_MAJOR 1
#define ALPAKA_VERSION_MINOR 2
#define ALPAKA_VERSION_PATCH 0

//! One comparable number, encoded as upstream's: BOOST_VERSION_NUMBER(major, minor, patch), so that code compares it
//! with BOOST_VERSION_NUMBER(1, 0, 0) and reads it back with BOOST_VERSION_NUMBER_MAJOR(ALPAKA_VERSION).
#define ALPAKA_VERSION BOOST_VERSION_NUMBER(ALPAKA_VERSION_MAJOR, ALPAKA_VERSION_MINOR, ALPAKA_VERSION_PATCH)
