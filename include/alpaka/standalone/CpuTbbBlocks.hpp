// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuTbbBlocks (blocks in parallel with oneTBB; link TBB::tbb) without the build system: include this
//! header before <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuTbbBlocks.hpp is used. It defines
//! ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED
#    define ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED
#endif
