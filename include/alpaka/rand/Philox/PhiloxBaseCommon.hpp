// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the common base of its Philox engines; the engines here (rand::Philox4x32x10,
//! Philox4x32x10Vector) live in rand/RandPhilox.hpp (upstream's engine::PhiloxBaseCommon class is not provided).

#include "alpaka/rand/Philox/PhiloxStateless.hpp"
#include "alpaka/rand/RandPhilox.hpp"
