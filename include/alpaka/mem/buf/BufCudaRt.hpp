// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::BufCudaRt<TElem, TDim, TIdx>; the alias lives in dev/DevCudaRt.hpp with the other
//! CUDA host types. Empty unless ALPAKA_ACC_GPU_CUDA_ENABLED is defined.

#include "alpaka/dev/DevCudaRt.hpp"
