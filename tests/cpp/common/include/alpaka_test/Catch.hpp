// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Catch2 for the tests, whichever major version the system has (Debian 12 ships v2).

#if defined(ALPAKA_TEST_CATCH2_V3)
#    include <catch2/catch_all.hpp>
#else
#    include <catch2/catch.hpp>
#endif
