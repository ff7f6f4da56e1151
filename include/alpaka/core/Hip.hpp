// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's HIP core header: the runtime checks of core/UniformCudaHip.hpp and the built-in vector type traits of
//! core/CudaHipCommon.hpp. Empty unless ALPAKA_ACC_GPU_HIP_ENABLED is defined.

#include "alpaka/core/CudaHipCommon.hpp"
#include "alpaka/core/UniformCudaHip.hpp"
