// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the static device memory of the CUDA/HIP back-ends; the implementation here lives in
//! mem/global/DeviceGlobalUniformCudaHipRt.hpp. Empty unless a GPU back-end is enabled.

#include "alpaka/mem/global/DeviceGlobalUniformCudaHipRt.hpp"
