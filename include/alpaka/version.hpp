// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the version macros (ALPAKA_VERSION_MAJOR, _MINOR, _PATCH, ALPAKA_VERSION); they live in
//! core/Version.hpp.

#include "alpaka/core/Version.hpp"
