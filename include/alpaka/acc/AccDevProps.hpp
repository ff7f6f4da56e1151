// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccDevProps: what an accelerator supports on a device (maximal extents and counts, memory sizes).

#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka
{
    //! Aggregate; the field order is upstream's, so brace-initialization written against upstream stays valid.
    template<typename TDim, typename TIdx>
    struct AccDevProps
    {
        //! Number of blocks that can run at the same time (cores, streaming multiprocessors).
        TIdx m_multiProcessorCount;
        Vec<TDim, TIdx> m_gridBlockExtentMax;
        TIdx m_gridBlockCountMax;
        Vec<TDim, TIdx> m_blockThreadExtentMax;
        TIdx m_blockThreadCountMax;
        Vec<TDim, TIdx> m_threadElemExtentMax;
        TIdx m_threadElemCountMax;
        //! Block shared memory (static and dynamic together) one block can use.
        std::size_t m_sharedMemSizeBytes;
        std::size_t m_globalMemSizeBytes;
        //! Whether the device runs cooperative kernels (createTaskCooperativeKernel, syncGridThreads).
        bool m_cooperativeLaunch = false;
    };
} // namespace alpaka
