// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Philox-4x32-10: the stateless function (RandPhiloxStateless.hpp) and the engines Philox4x32x10 and
//! Philox4x32x10Vector (RandPhilox.hpp), under upstream's header names; this header includes both.

#include "alpaka/rand/RandPhilox.hpp"
#include "alpaka/rand/RandPhiloxStateless.hpp"
