// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of a block index in the grid computed from a linear block number; the CPU back-ends use
//! idx/gb/IdxGbRef.hpp here (upstream's gb::IdxGbLinear class is not provided).

#include "alpaka/idx/gb/IdxGbRef.hpp"
