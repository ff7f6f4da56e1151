// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::ApiCudaRt, the CUDA runtime seen through the uniform CUDA/HIP interface; the
//! implementation here lives in detail/cudaHip/ApiCudaRt.hpp. Empty unless ALPAKA_ACC_GPU_CUDA_ENABLED is defined.

#include "alpaka/detail/cudaHip/ApiCudaRt.hpp"
