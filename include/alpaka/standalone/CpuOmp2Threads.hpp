// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuOmp2Threads (the threads of a block as OpenMP threads; compile with -fopenmp) without the build
//! system: include this header before <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuOmp2Threads.hpp is used.
//! It defines ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
#    define ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
#endif
