// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccOmp5 (OpenMP 5 target offloading, on the host here; compile with -fopenmp) without the build system:
//! include this header before <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuOmp5.hpp is used. It defines
//! ALPAKA_ACC_ANY_BT_OMP5_ENABLED.

#ifndef ALPAKA_ACC_ANY_BT_OMP5_ENABLED
#    define ALPAKA_ACC_ANY_BT_OMP5_ENABLED
#endif
