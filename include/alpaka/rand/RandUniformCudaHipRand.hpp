// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the random numbers of the CUDA/HIP back-ends; the GPU accelerators here use
//! rand/RandDefault.hpp, the Philox engines of every back-end (upstream's cuRAND/rocRAND based
//! RandUniformCudaHipRand class is not provided).

#include "alpaka/rand/RandDefault.hpp"
