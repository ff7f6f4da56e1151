// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The DLPack ABI (version 1.0): the C structures that `__dlpack__` capsules carry, written from the DLPack
//! specification. Both the versioned capsule ("dltensor_versioned") and the legacy one ("dltensor") are spoken.

#include <cstdint>

namespace pyalpaka::dlpack
{
    enum DeviceType : std::int32_t
    {
        kDLCPU = 1,
        kDLCUDA = 2,
        kDLCUDAHost = 3,
        kDLROCM = 10,
        kDLROCMHost = 11,
        kDLCUDAManaged = 13
    };

    enum DataTypeCode : std::uint8_t
    {
        kDLInt = 0,
        kDLUInt = 1,
        kDLFloat = 2,
        kDLComplex = 5,
        kDLBool = 6
    };

    //! The capsule names of the specification: a producer names its capsule one of these, a consumer renames it
    //! "used_" + name once it owns the tensor.
    inline constexpr char const* versionedCapsuleName = "dltensor_versioned";
    inline constexpr char const* legacyCapsuleName = "dltensor";

    struct Device
    {
        std::int32_t deviceType;
        std::int32_t deviceId;
    };

    struct DataType
    {
        std::uint8_t code;
        std::uint8_t bits;
        std::uint16_t lanes;
    };

    struct Tensor
    {
        void* data;
        Device device;
        std::int32_t ndim;
        DataType dtype;
        std::int64_t* shape;
        //! In elements; null means dense row-major.
        std::int64_t* strides;
        std::uint64_t byteOffset;
    };

    struct ManagedTensor
    {
        Tensor tensor;
        void* managerCtx;
        void (*deleter)(ManagedTensor* self);
    };

    struct PackVersion
    {
        std::uint32_t major;
        std::uint32_t minor;
    };

    inline constexpr std::uint64_t flagReadOnly = 1u << 0;
    inline constexpr std::uint64_t flagIsCopied = 1u << 1;

    struct ManagedTensorVersioned
    {
        PackVersion version;
        void* managerCtx;
        void (*deleter)(ManagedTensorVersioned* self);
        std::uint64_t flags;
        Tensor tensor;
    };

    inline constexpr std::uint32_t majorVersion = 1;
    inline constexpr std::uint32_t minorVersion = 0;
} // namespace pyalpaka::dlpack
