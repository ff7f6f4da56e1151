// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! atomicOp<TOp>(acc, addr, value[, hierarchy]) and the named forms atomicAdd ... atomicCas. The hierarchy says among
//! whom the operation must be atomic (hierarchy::Grids, the default: everyone; Blocks: the blocks of this grid;
//! Threads: the threads of this block); back-ends use the cheapest implementation that is enough. All return the
//! old value.

#include "alpaka/atomic/Op.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Hierarchy.hpp"

namespace alpaka
{
    struct ConceptAtomicGrids;
    struct ConceptAtomicBlocks;
    struct ConceptAtomicThreads;

    namespace detail
    {
        template<typename THierarchy>
        struct AtomicHierarchyConceptType;

        template<>
        struct AtomicHierarchyConceptType<hierarchy::Grids>
        {
            using type = ConceptAtomicGrids;
        };

        template<>
        struct AtomicHierarchyConceptType<hierarchy::Blocks>
        {
            using type = ConceptAtomicBlocks;
        };

        template<>
        struct AtomicHierarchyConceptType<hierarchy::Threads>
        {
            using type = ConceptAtomicThreads;
        };
    } // namespace detail

    template<typename THierarchy>
    using AtomicHierarchyConcept = typename detail::AtomicHierarchyConceptType<THierarchy>::type;

    namespace trait
    {
        //! Static atomicOp(atomic, addr, value) and atomicOp(atomic, addr, compare, value) -> old value.
        template<typename TOp, typename TAtomic, typename T, typename THierarchy, typename TSfinae = void>
        struct AtomicOp;
    } // namespace trait

    //! *addr = TOp(*addr, value) atomically within THierarchy; returns the old value.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOp, typename TAtomic, typename T, typename THierarchy = hierarchy::Grids>
    ALPAKA_FN_HOST_ACC auto
    atomicOp(TAtomic const& atomic, T* const addr, T const& value, THierarchy const& = THierarchy()) -> T
    {
        using Impl = concepts::ImplementationBase<AtomicHierarchyConcept<THierarchy>, TAtomic>;
        return trait::AtomicOp<TOp, Impl, T, THierarchy>::atomicOp(atomic, addr, value);
    }

    //! Compare-and-swap form (TOp = AtomicCas).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TOp, typename TAtomic, typename T, typename THierarchy = hierarchy::Grids>
    ALPAKA_FN_HOST_ACC auto atomicOp(
        TAtomic const& atomic, T* const addr, T const& compare, T const& value, THierarchy const& = THierarchy()) -> T
    {
        using Impl = concepts::ImplementationBase<AtomicHierarchyConcept<THierarchy>, TAtomic>;
        return trait::AtomicOp<TOp, Impl, T, THierarchy>::atomicOp(atomic, addr, compare, value);
    }

#define ALPAKA_DEFINE_ATOMIC_FUNCTION(name, Op)                                                                        \
    ALPAKA_NO_HOST_ACC_WARNING                                                                                         \
    template<typename TAtomic, typename T, typename THierarchy = hierarchy::Grids>                                     \
    ALPAKA_FN_HOST_ACC auto name(                                                                                      \
        TAtomic const& atomic, T* const addr, T const& value, THierarchy const& hier = THierarchy()) -> T              \
    {                                                                                                                  \
        return atomicOp<Op>(atomic, addr, value, hier);                                                                \
    }

    //! *addr += value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicAdd, AtomicAdd)
    //! *addr -= value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicSub, AtomicSub)
    //! *addr = min(*addr, value); returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicMin, AtomicMin)
    //! *addr = max(*addr, value); returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicMax, AtomicMax)
    //! *addr = value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicExch, AtomicExch)
    //! *addr = old >= value ? 0 : old + 1; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicInc, AtomicInc)
    //! *addr = (old == 0 || old > value) ? value : old - 1; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicDec, AtomicDec)
    //! *addr &= value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicAnd, AtomicAnd)
    //! *addr |= value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicOr, AtomicOr)
    //! *addr ^= value; returns the old value.
    ALPAKA_DEFINE_ATOMIC_FUNCTION(atomicXor, AtomicXor)

#undef ALPAKA_DEFINE_ATOMIC_FUNCTION

    //! *addr = (old == compare) ? value : old; returns the old value.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TAtomic, typename T, typename THierarchy = hierarchy::Grids>
    ALPAKA_FN_HOST_ACC auto atomicCas(
        TAtomic const& atomic, T* const addr, T const& compare, T const& value, THierarchy const& hier = THierarchy())
        -> T
    {
        return atomicOp<AtomicCas>(atomic, addr, compare, value, hier);
    }
} // namespace alpaka
