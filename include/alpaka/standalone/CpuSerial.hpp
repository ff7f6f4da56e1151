// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Enables AccCpuSerial (blocks and threads one after another) without the build system: include this header before
//! <alpaka/alpaka.hpp>, as upstream's alpaka/standalone/CpuSerial.hpp is used. It defines
//! ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED.

#ifndef ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
#    define ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
#endif
