// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the storage of static shared memory on the CPU; the implementation here lives in
//! block/shared/st/BlockSharedMemStMember.hpp and detail/cpu/launch/SharedMemArena.hpp (upstream's
//! detail::BlockSharedMemStMemberImpl class is not provided).

#include "alpaka/block/shared/st/BlockSharedMemStMember.hpp"
