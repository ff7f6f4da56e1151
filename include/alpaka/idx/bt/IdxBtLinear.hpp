// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of a thread index in the block computed from a linear thread number; the CPU back-ends with
//! several threads per block use idx/bt/IdxBtMember.hpp here (upstream's bt::IdxBtLinear class is not provided).

#include "alpaka/idx/bt/IdxBtMember.hpp"
