// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! oncePerGrid(acc): true in exactly one thread of the grid; oncePerBlock(acc): true in one thread of each block.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka
{
    template<typename TAcc>
        requires isAccelerator<TAcc>
    ALPAKA_FN_ACC constexpr auto oncePerGrid(TAcc const& acc) -> bool
    {
        return getIdx<Grid, Threads>(acc) == Vec<Dim<TAcc>, Idx<TAcc>>::zeros();
    }

    template<typename TAcc>
        requires isAccelerator<TAcc>
    ALPAKA_FN_ACC constexpr auto oncePerBlock(TAcc const& acc) -> bool
    {
        return getIdx<Block, Threads>(acc) == Vec<Dim<TAcc>, Idx<TAcc>>::zeros();
    }
} // namespace alpaka
