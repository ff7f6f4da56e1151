// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BlockSharedDynMemberAllocKiB: the KiB of block shared memory (static and dynamic together) a CPU back-end
//! provides per block. Set with -DALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB=<n> (default 47, as upstream), the same
//! for every translation unit of a program.

#include "alpaka/core/Config.hpp"

#include <cstdint>

namespace alpaka
{
    inline constexpr std::uint32_t BlockSharedDynMemberAllocKiB = ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB;
} // namespace alpaka
