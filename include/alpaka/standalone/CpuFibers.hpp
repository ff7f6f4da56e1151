// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuFibers (the threads of a block as fibers; link Boost.Context) without the build system: include this
//! header before <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuFibers.hpp is used. It defines
//! ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED
#    define ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED
#endif
