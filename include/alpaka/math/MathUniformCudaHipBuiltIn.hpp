// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the math of the CUDA/HIP back-ends; the implementation here lives in math/MathStdLib.hpp,
//! which the GPU accelerators use as well (upstream's MathUniformCudaHipBuiltIn class is not provided).

#include "alpaka/math/MathStdLib.hpp"
