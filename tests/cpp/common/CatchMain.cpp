// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The main() of every test executable (Catch2 v3 brings its own through Catch2::Catch2WithMain).
#if !defined(ALPAKA_TEST_CATCH2_V3)
#    define CATCH_CONFIG_MAIN
#    include <catch2/catch.hpp>
#endif
