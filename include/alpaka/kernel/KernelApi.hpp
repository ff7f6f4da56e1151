// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The kernel side of the API: everything a kernel's body can call (indices, work division, shared memory, barriers,
//! atomics, math, random numbers, warps, memory fences) and the traits that describe accelerators and kernels, for
//! every back-end, without the host's devices, queues, events, graphs and buffers. alpaka.hpp includes it first; it is
//! all that run-time compilation for a GPU (NVRTC, hiprtc) compiles, and with a CPU back-end's accelerator and launch
//! task (pyalpaka's run-time compiled CPU kernels) it is what a kernel compiled on its own needs.

#include "alpaka/core/Config.hpp"

// Core
#include "alpaka/core/Assert.hpp"
#include "alpaka/core/BoostPredef.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Hierarchy.hpp"
#include "alpaka/core/OmpSchedule.hpp"
#include "alpaka/core/Positioning.hpp"
#include "alpaka/core/RuntimeMacros.hpp"
#include "alpaka/core/Unreachable.hpp"
#include "alpaka/core/Utility.hpp"
#include "alpaka/core/Version.hpp"
// Meta
#include "alpaka/meta/Apply.hpp"
#include "alpaka/meta/CartesianProduct.hpp"
#include "alpaka/meta/Concatenate.hpp"
#include "alpaka/meta/DependentFalseType.hpp"
#include "alpaka/meta/Filter.hpp"
#include "alpaka/meta/ForEachType.hpp"
#include "alpaka/meta/Functional.hpp"
#include "alpaka/meta/InheritFromList.hpp"
#include "alpaka/meta/IntegerSequence.hpp"
#include "alpaka/meta/Integral.hpp"
#include "alpaka/meta/IsStrictBase.hpp"
#include "alpaka/meta/NdLoop.hpp"
#include "alpaka/meta/NonZero.hpp"
#include "alpaka/meta/Set.hpp"
#include "alpaka/meta/Transform.hpp"
#include "alpaka/meta/TypeListOps.hpp"
#include "alpaka/meta/Unique.hpp"
// Vec, Dim, Idx, extents, offsets
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/elem/Traits.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/idx/Accessors.hpp"
#include "alpaka/idx/MapIdx.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/offset/Traits.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/vec/Vec.hpp"
// Work division and accelerator traits
#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/acc/Tag.hpp"
#include "alpaka/acc/Traits.hpp"
#include "alpaka/kernel/KernelFunctionAttributes.hpp"
#include "alpaka/kernel/KernelTraits.hpp"
#include "alpaka/workdiv/Traits.hpp"
#include "alpaka/workdiv/WorkDivMembers.hpp"
// What kernels call
#include "alpaka/atomic/AtomicHierarchy.hpp"
#include "alpaka/atomic/Op.hpp"
#include "alpaka/atomic/Traits.hpp"
#include "alpaka/block/op/LogicalOp.hpp"
#include "alpaka/block/shared/dyn/BlockSharedDynMemberAllocKiB.hpp"
#include "alpaka/block/shared/dyn/Traits.hpp"
#include "alpaka/block/shared/st/Traits.hpp"
#include "alpaka/block/sync/Traits.hpp"
#include "alpaka/exec/ElementIndex.hpp"
#include "alpaka/exec/IndependentElements.hpp"
#include "alpaka/exec/Once.hpp"
#include "alpaka/exec/UniformElements.hpp"
#include "alpaka/grid/Traits.hpp"
#include "alpaka/intrinsic/Traits.hpp"
#include "alpaka/math/Complex.hpp"
#include "alpaka/math/Constants.hpp"
#include "alpaka/math/FloatEqualExact.hpp"
#include "alpaka/math/Traits.hpp"
#include "alpaka/mem/fence/Traits.hpp"
#include "alpaka/mem/global/Traits.hpp"
#include "alpaka/rand/Distributions.hpp"
#include "alpaka/rand/Philox.hpp"
#include "alpaka/rand/RandDefault.hpp"
#include "alpaka/rand/TinyMersenneTwister.hpp"
#include "alpaka/rand/Traits.hpp"
#include "alpaka/warp/Traits.hpp"
// The GPU accelerators (empty unless their back-end is enabled and the compiler speaks CUDA/HIP)
#include "alpaka/acc/AccGpuCudaRt.hpp"
#include "alpaka/acc/AccGpuHipRt.hpp"
