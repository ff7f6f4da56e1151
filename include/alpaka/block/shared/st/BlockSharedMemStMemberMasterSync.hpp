// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the static shared memory of the CPU back-ends with several threads per block; the
//! implementation here lives in block/shared/st/BlockSharedMemStLocked.hpp (alpaka::BlockSharedMemStLocked;
//! upstream's BlockSharedMemStMemberMasterSync class is not provided).

#include "alpaka/block/shared/st/BlockSharedMemStLocked.hpp"
