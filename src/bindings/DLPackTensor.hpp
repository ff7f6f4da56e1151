// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The checks of an imported DLPack tensor, without Python: what DLPackImport.cpp applies to every capsule before a
//! Buffer exists, and what the C++ fuzzer tests/fuzz/cpp/fuzz_dlpack_tensor.cpp drives with arbitrary tensors.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "DLPack.hpp"
#include "runtime/DType.hpp"

namespace pyalpaka::bindings
{
    //! A tensor whose every field was checked: where its elements are and how to step through them.
    struct CheckedTensor
    {
        rt::DType dtype{};
        std::vector<std::size_t> shape;
        //! Byte strides; dense row-major ones for dimensions of extent 1 and for tensors without elements.
        std::vector<std::size_t> strides;
        //! The first element (data + byte_offset); as given (maybe null) for a tensor without elements.
        void* data = nullptr;
        std::size_t elements = 0;
        //! Bytes from the first element to one past the last (0 without elements).
        std::size_t span = 0;
        //! The GPU back-end whose device holds the memory ("cuda" or "hip", gpuDevice the device's index); null for
        //! host memory.
        char const* gpuBackend = nullptr;
        std::int32_t gpuDevice = 0;
    };

    //! Checks device type, ndim, data type, shape, strides, data pointer and byte offset of `tensor`: TypeError
    //! (rt::TypeMismatch) for what pyalpaka has no type or back-end for, ValueError (std::invalid_argument) for
    //! values no tensor can have, each naming the field.
    auto checkTensor(dlpack::Tensor const& tensor) -> CheckedTensor;
} // namespace pyalpaka::bindings
