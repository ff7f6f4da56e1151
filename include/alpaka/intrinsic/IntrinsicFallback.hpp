// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IntrinsicFallback: upstream's portable implementation of the bit intrinsics (popcount, ffs) for back-ends without
//! their own. Here it is IntrinsicCpu (intrinsic/IntrinsicCpu.hpp), whose <bit> functions are portable already:
//! alpaka::popcount(IntrinsicFallback{}, x) and alpaka::ffs(IntrinsicFallback{}, x) give the same results.

#include "alpaka/intrinsic/IntrinsicCpu.hpp"
#include "alpaka/intrinsic/Traits.hpp"

namespace alpaka
{
    class IntrinsicFallback : public IntrinsicCpu
    {
    };
} // namespace alpaka
