// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the thread index in the block of the std::thread back-end; the implementation here lives in
//! idx/bt/IdxBtMember.hpp, shared by the CPU back-ends with several threads per block (upstream's
//! bt::IdxBtRefThreadIdMap class is not provided).

#include "alpaka/idx/bt/IdxBtMember.hpp"
