// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Static block shared memory: declareSharedVar<T, id>(acc) returns a T shared by the threads of a block,
//! uninitialized; the same id in the same block gives the same variable. freeSharedVars(acc) releases all of them.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstddef>

namespace alpaka
{
    //! The concept of static block shared memory.
    struct ConceptBlockSharedSt;

    namespace trait
    {
        //! Static declareVar(blockSharedMemSt) -> T&.
        template<typename T, std::size_t TUniqueId, typename TBlockSharedMemSt, typename TSfinae = void>
        struct DeclareSharedVar;

        //! Static freeVars(blockSharedMemSt).
        template<typename TBlockSharedMemSt, typename TSfinae = void>
        struct FreeSharedVars;
    } // namespace trait

    //! A block-shared variable of type T (arrays allowed: float[256]), uninitialized and not constructed. Give every
    //! variable of a kernel its own id, e.g. __COUNTER__.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename T, std::size_t TUniqueId, typename TBlockSharedMemSt>
    [[nodiscard]] ALPAKA_FN_ACC auto declareSharedVar(TBlockSharedMemSt const& blockSharedMemSt) -> T&
    {
        using Impl = concepts::ImplementationBase<ConceptBlockSharedSt, TBlockSharedMemSt>;
        return trait::DeclareSharedVar<T, TUniqueId, Impl>::declareVar(blockSharedMemSt);
    }

    //! Releases all static shared variables of the block (all threads must be done with them).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TBlockSharedMemSt>
    ALPAKA_FN_ACC auto freeSharedVars(TBlockSharedMemSt& blockSharedMemSt) -> void
    {
        using Impl = concepts::ImplementationBase<ConceptBlockSharedSt, TBlockSharedMemSt>;
        trait::FreeSharedVars<Impl>::freeVars(blockSharedMemSt);
    }
} // namespace alpaka
