// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the one-number-per-call Philox engine; it is rand::Philox4x32x10 here, in rand/RandPhilox.hpp
//! (upstream's engine::PhiloxSingle and PhiloxStateSingle classes are not provided).

#include "alpaka/rand/Philox/PhiloxStateless.hpp"
#include "alpaka/rand/RandPhilox.hpp"
