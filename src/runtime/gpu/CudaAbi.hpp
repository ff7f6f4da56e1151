// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The CUDA driver's device attribute codes (CUdevice_attribute), which CudaApi.cpp gives the table; the tests compare
//! them, and the rest of GpuApi.hpp's declarations, with the toolkit's cuda.h
//! (tests/python/fake_cuda/check_driver_abi.cpp).

#include <array>
#include <cstddef>

#include "GpuApi.hpp"

namespace pyalpaka::rt::gpu::cuda_abi
{
    //! CUdevice_attribute values, in the order of Attribute.
    constexpr std::array<int, static_cast<std::size_t>(Attribute::Count)> cudaAttributeCodes{
        1,  // MaxThreadsPerBlock
        2,  // MaxBlockDimX
        3,  // MaxBlockDimY
        4,  // MaxBlockDimZ
        5,  // MaxGridDimX
        6,  // MaxGridDimY
        7,  // MaxGridDimZ
        8,  // MaxSharedMemoryPerBlock
        97, // MaxSharedMemoryPerBlockOptin
        10, // WarpSize
        16, // MultiprocessorCount
        75, // ComputeCapabilityMajor
        76, // ComputeCapabilityMinor
        95, // CooperativeLaunch
    };
} // namespace pyalpaka::rt::gpu::cuda_abi
