// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuOmp2Blocks (blocks in parallel with OpenMP 2; compile with -fopenmp) without the build system: include
//! this header before <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuOmp2Blocks.hpp is used. It defines
//! ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
#    define ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
#endif
