// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the CUDA/HIP stream queue; the implementation here lives in queue/QueueUniformCudaHipRt.hpp
//! (alpaka::QueueUniformCudaHipRt<TApi, TBlocking>; upstream's uniform_cuda_hip::detail::QueueUniformCudaHipRt is
//! not provided under that name). Empty unless a GPU back-end is enabled.

#include "alpaka/queue/QueueUniformCudaHipRt.hpp"
