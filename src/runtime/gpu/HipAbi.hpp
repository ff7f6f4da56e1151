// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The parts of the HIP runtime's ABI that HipApi.cpp declares itself (hip_runtime_api.h is not included, the package
//! builds without ROCm): enumerator values, structure layouts and the place of gcnArchName in hipDeviceProp_t. The
//! tests compile tests/python/fake_hip/check_hip_abi.cpp against a ROCm's header to compare them.

#include <array>
#include <cstddef>

#include "GpuApi.hpp"

namespace pyalpaka::rt::gpu::hip_abi
{
    //! hipDeviceAttribute_t values (the same from ROCm 5.0 to 7.x), in the order of Attribute.
    constexpr std::array<int, static_cast<std::size_t>(Attribute::Count)> hipAttributeCodes{
        56, // hipDeviceAttributeMaxThreadsPerBlock
        26, // hipDeviceAttributeMaxBlockDimX
        27, // hipDeviceAttributeMaxBlockDimY
        28, // hipDeviceAttributeMaxBlockDimZ
        29, // hipDeviceAttributeMaxGridDimX
        30, // hipDeviceAttributeMaxGridDimY
        31, // hipDeviceAttributeMaxGridDimZ
        74, // hipDeviceAttributeMaxSharedMemoryPerBlock
        75, // hipDeviceAttributeSharedMemPerBlockOptin
        87, // hipDeviceAttributeWarpSize
        63, // hipDeviceAttributeMultiprocessorCount
        23, // hipDeviceAttributeComputeCapabilityMajor
        61, // hipDeviceAttributeComputeCapabilityMinor
        10, // hipDeviceAttributeCooperativeLaunch
    };

    constexpr int hipMemcpyDefault = 4;
    constexpr Result hipErrorInvalidContext = 201;
    constexpr Result hipErrorNotSupported = 801;
    constexpr Result hipErrorStreamCaptureUnsupported = 900;

    //! Where gcnArchName lies in hipDeviceProp_t: the layout of ROCm 5, which plain hipGetDeviceProperties keeps in
    //! every version, and of ROCm 6 and later (hipGetDevicePropertiesR0600). The buffer given to either is larger
    //! than both layouts.
    constexpr std::size_t gcnArchNameOffsetR0000 = 396;
    constexpr std::size_t gcnArchNameOffsetR0600 = 1160;
    constexpr std::size_t gcnArchNameBytes = 256;
    constexpr std::size_t devicePropBufferBytes = 16 * 1024;

    struct HipPos
    {
        std::size_t x, y, z;
    };

    struct HipPitchedPtr
    {
        void* ptr;
        std::size_t pitch, xsize, ysize;
    };

    struct HipExtent
    {
        std::size_t width, height, depth;
    };

    //! hipMemcpy3DParms.
    struct HipMemcpy3DParms
    {
        void* srcArray;
        HipPos srcPos;
        HipPitchedPtr srcPtr;
        void* dstArray;
        HipPos dstPos;
        HipPitchedPtr dstPtr;
        HipExtent extent;
        int kind;
    };

} // namespace pyalpaka::rt::gpu::hip_abi
