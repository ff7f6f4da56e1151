// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The upstream alpaka API level this library is source-compatible with.

#define ALPAKA_VERSION_MAJOR 1
#define ALPAKA_VERSION_MINOR 2
#define ALPAKA_VERSION_PATCH 0

//! One comparable number: major * 1'000'000 + minor * 1'000 + patch.
#define ALPAKA_VERSION (ALPAKA_VERSION_MAJOR * 1000000 + ALPAKA_VERSION_MINOR * 1000 + ALPAKA_VERSION_PATCH)
