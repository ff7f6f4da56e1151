// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AtomicNoOp: plain read-modify-write, for hierarchy levels where nothing runs concurrently (a block with one
//! thread, the blocks of a grid that runs them one after another).

#include "alpaka/atomic/Op.hpp"
#include "alpaka/atomic/Traits.hpp"
#include "alpaka/core/Common.hpp"

namespace alpaka
{
    class AtomicNoOp
    {
    };

    namespace trait
    {
        template<typename TOp, typename T, typename THierarchy>
        struct AtomicOp<TOp, AtomicNoOp, T, THierarchy>
        {
            ALPAKA_FN_HOST_ACC static auto atomicOp(AtomicNoOp const&, T* const addr, T const& value) -> T
            {
                return TOp{}(addr, value);
            }

            ALPAKA_FN_HOST_ACC static auto
            atomicOp(AtomicNoOp const&, T* const addr, T const& compare, T const& value) -> T
            {
                return TOp{}(addr, compare, value);
            }
        };
    } // namespace trait
} // namespace alpaka
