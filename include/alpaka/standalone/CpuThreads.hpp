// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuThreads (the threads of a block as std::threads) without the build system: include this header before
//! <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuThreads.hpp is used. It defines
//! ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
#    define ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
#endif
