// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the four-numbers-per-call Philox engine; it is rand::Philox4x32x10Vector here, in
//! rand/RandPhilox.hpp (upstream's engine::PhiloxVector and PhiloxStateVector classes are not provided).

#include "alpaka/rand/Philox/PhiloxStateless.hpp"
#include "alpaka/rand/RandPhilox.hpp"
