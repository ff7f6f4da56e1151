// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The whole public API. Back-ends are enabled by ALPAKA_ACC_..._ENABLED definitions, which the CMake target
//! alpaka::alpaka sets from the alpaka_ACC_..._ENABLE options. Under run-time compilation (NVRTC, hiprtc) only the
//! kernel-side part is included: everything a kernel calls.

#include "alpaka/core/Config.hpp"

// ---- Kernel side: usable in kernels and compiled by the run-time compilers ------------------------------------------
#include "alpaka/kernel/KernelApi.hpp"

// ---- Host side: platforms, devices, queues, memory, launches, back-ends ---------------------------------------------
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
#    include "alpaka/mem/buf/ConstBuf.hpp"
#    include "alpaka/mem/buf/Traits.hpp"
#    include "alpaka/mem/global/DeviceGlobalCpu.hpp"
#    include "alpaka/mem/global/StaticDevMemView.hpp"
#    include "alpaka/mem/view/MdSpan.hpp"
#    include "alpaka/mem/view/Traits.hpp"
#    include "alpaka/mem/view/ViewConst.hpp"
#    include "alpaka/mem/view/ViewPlainPtr.hpp"
#    include "alpaka/mem/view/ViewStdContainers.hpp"
#    include "alpaka/mem/view/ViewSubView.hpp"
// Launches and work divisions
#    include "alpaka/kernel/Traits.hpp"
#    include "alpaka/workdiv/WorkDivHelpers.hpp"
#    include "alpaka/workdiv/WorkDivValidation.hpp"
// Algorithms
#    include "alpaka/algo/Transform.hpp"
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
#    include "alpaka/acc/PrintTagNames.hpp"
#    include "alpaka/acc/TagAccIsEnabled.hpp"
// Upstream's alpaka.hpp makes the common standard headers available (std::cout, std::reduce, std::fabs, ...) and code
// relies on that; defining ALPAKA_LEAN_UMBRELLA leaves them out, for units that include what they use (the tests,
// pyalpaka's run-time compilation: docs/compile-time.md). Included here only, never by the headers kernels see.
#    ifndef ALPAKA_LEAN_UMBRELLA
#        include "alpaka/detail/UpstreamStandardHeaders.hpp"
#    endif
// Upstream's examples use std::cout: kept in the lean form too.
#    include <iostream>
#endif
