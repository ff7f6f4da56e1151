// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of ALPAKA_UNROLL(...), the loop unrolling hint; the macro lives in core/Common.hpp.

#include "alpaka/core/Common.hpp"
