// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The whole public API. Back-ends are enabled by ALPAKA_ACC_..._ENABLED definitions, which the CMake target
//! alpaka::alpaka sets from the alpaka_ACC_..._ENABLE options. Under run-time compilation (NVRTC, hiprtc) only the
//! kernel-side part is included: everything a kernel calls.

#include "alpaka/core/Config.hpp"

// ---- Kernel side: usable in kernels and compiled by the run-time compilers ------------------------------------------
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

// ---- Host side: platforms, devices, queues, memory, launches, back-ends
// -----------------------------------------------
#if !ALPAKA_RTC
#    include "alpaka/core/DemangleTypeNames.hpp"
#    include "alpaka/meta/IsArrayOrVector.hpp"
#    include "alpaka/traits/Traits.hpp"
// Platforms, devices, queues, events
#    include "alpaka/dev/DevCpu.hpp"
#    include "alpaka/dev/DevCudaRt.hpp"
#    include "alpaka/dev/DevHipRt.hpp"
#    include "alpaka/dev/Traits.hpp"
#    include "alpaka/event/EventCpu.hpp"
#    include "alpaka/event/Traits.hpp"
#    include "alpaka/graph/GraphCpu.hpp"
#    include "alpaka/graph/GraphUniformCudaHipRt.hpp"
#    include "alpaka/graph/Traits.hpp"
#    include "alpaka/platform/PlatformCpu.hpp"
#    include "alpaka/platform/Traits.hpp"
#    include "alpaka/queue/Properties.hpp"
#    include "alpaka/queue/QueueCpuBlocking.hpp"
#    include "alpaka/queue/QueueCpuNonBlocking.hpp"
#    include "alpaka/queue/Traits.hpp"
#    include "alpaka/wait/Traits.hpp"
// Memory
#    include "alpaka/mem/buf/BufCpu.hpp"
#    include "alpaka/mem/buf/Traits.hpp"
#    include "alpaka/mem/global/DeviceGlobalCpu.hpp"
#    include "alpaka/mem/global/StaticDevMemView.hpp"
#    include "alpaka/mem/view/Traits.hpp"
#    include "alpaka/mem/view/ViewConst.hpp"
#    include "alpaka/mem/view/ViewPlainPtr.hpp"
#    include "alpaka/mem/view/ViewStdContainers.hpp"
#    include "alpaka/mem/view/ViewSubView.hpp"
// Launches and work divisions
#    include "alpaka/kernel/Traits.hpp"
#    include "alpaka/workdiv/WorkDivHelpers.hpp"
#    include "alpaka/workdiv/WorkDivValidation.hpp"
// Host implementations of the kernel-side concepts
#    include "alpaka/rand/RandStdLib.hpp"
// Accelerators (each header is empty unless its back-end is enabled)
#    include "alpaka/acc/AccCpuFibers.hpp"
#    include "alpaka/acc/AccCpuOmp2Blocks.hpp"
#    include "alpaka/acc/AccCpuOmp2Threads.hpp"
#    include "alpaka/acc/AccCpuSerial.hpp"
#    include "alpaka/acc/AccCpuTbbBlocks.hpp"
#    include "alpaka/acc/AccCpuThreads.hpp"
#    include "alpaka/acc/AccOmp5.hpp"
#    include "alpaka/acc/TagAccIsEnabled.hpp"
// Upstream's alpaka.hpp makes std::cout available and its examples rely on that. Included here only, never by the
// headers kernels see, so that the kernel-facing headers stay free of iostreams.
#    include <iostream>
#endif
