// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::ApiHipRt, the HIP runtime seen through the uniform CUDA/HIP interface; the
//! implementation here lives in detail/cudaHip/ApiHipRt.hpp. Empty unless ALPAKA_ACC_GPU_HIP_ENABLED is defined.

#include "alpaka/detail/cudaHip/ApiHipRt.hpp"
