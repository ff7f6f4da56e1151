// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Dynamic block shared memory: getDynSharedMem<T>(acc) points to the bytes the kernel's
//! trait::BlockSharedMemDynSizeBytes asked for, shared by the threads of a block.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

namespace alpaka
{
    //! The concept of dynamic block shared memory.
    struct ConceptBlockSharedDyn;

    namespace trait
    {
        //! Static getMem(blockSharedMemDyn) -> T*.
        template<typename T, typename TBlockSharedMemDyn, typename TSfinae = void>
        struct GetDynSharedMem;
    } // namespace trait

    //! The block's dynamic shared memory, as T*; uninitialized.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T, typename TBlockSharedMemDyn>
    [[nodiscard]] ALPAKA_FN_ACC auto getDynSharedMem(TBlockSharedMemDyn const& blockSharedMemDyn) -> T*
    {
        using Impl = concepts::ImplementationBase<ConceptBlockSharedDyn, TBlockSharedMemDyn>;
        return trait::GetDynSharedMem<T, Impl>::getMem(blockSharedMemDyn);
    }
} // namespace alpaka
