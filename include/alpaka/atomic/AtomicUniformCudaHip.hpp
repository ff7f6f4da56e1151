// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the atomics of the CUDA/HIP back-ends; the implementation here lives in
//! atomic/AtomicUniformCudaHipBuiltIn.hpp (alpaka::AtomicUniformCudaHipBuiltIn). Empty unless a GPU back-end is
//! compiled by its GPU compiler.

#include "alpaka/atomic/AtomicUniformCudaHipBuiltIn.hpp"
