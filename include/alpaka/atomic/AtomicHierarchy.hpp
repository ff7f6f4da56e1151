// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AtomicHierarchy<TGridAtomic, TBlockAtomic, TThreadAtomic>: the base an accelerator derives from to say which atomic
//! implementation serves each hierarchy level. The same implementation may serve several levels.

#include "alpaka/atomic/Traits.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/meta/InheritFromList.hpp"
#include "alpaka/meta/Unique.hpp"

#include <tuple>

namespace alpaka
{
    template<typename TGridAtomic, typename TBlockAtomic, typename TThreadAtomic>
    using AtomicHierarchy = meta::InheritFromList<meta::Unique<std::tuple<
        TGridAtomic,
        TBlockAtomic,
        TThreadAtomic,
        concepts::Implements<ConceptAtomicGrids, TGridAtomic>,
        concepts::Implements<ConceptAtomicBlocks, TBlockAtomic>,
        concepts::Implements<ConceptAtomicThreads, TThreadAtomic>>>>;
} // namespace alpaka
