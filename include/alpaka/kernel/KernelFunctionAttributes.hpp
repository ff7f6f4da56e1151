// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! KernelFunctionAttributes: what getFunctionAttributes reports about a compiled kernel.

#include <cstddef>

namespace alpaka
{
    //! Field order is upstream's. CPU back-ends report only the thread limit and the dynamic shared memory limit.
    struct KernelFunctionAttributes
    {
        std::size_t constSizeBytes{0};
        std::size_t localSizeBytes{0};
        std::size_t sharedSizeBytes{0};
        int maxDynamicSharedSizeBytes{0};
        int numRegs{0};
        //! PTX or GCN ISA version the kernel was compiled for (GPU back-ends).
        int asmVersion{0};
        int maxThreadsPerBlock{0};
    };
} // namespace alpaka
