// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! checkTensor: every field of an imported DLPack tensor checked before pyalpaka addresses its memory, so that a
//! malformed capsule is an exception naming the field, never a crash later in NumPy, a copy or a kernel.

#include "DLPackTensor.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "runtime/Errors.hpp"
#include "runtime/Runtime.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto dtypeOf(dlpack::DataType const& t) -> rt::DType
        {
            char kind = '?';
            switch(t.code)
            {
                case dlpack::kDLBool:
                    kind = 'b';
                    break;
                case dlpack::kDLInt:
                    kind = 'i';
                    break;
                case dlpack::kDLUInt:
                    kind = 'u';
                    break;
                case dlpack::kDLFloat:
                    kind = 'f';
                    break;
                case dlpack::kDLComplex:
                    kind = 'c';
                    break;
                default:
                    break;
            }
            rt::DType out{};
            if(t.lanes != 1 || t.bits % 8 != 0 || !rt::dtypeFromKind(kind, t.bits / 8u, out))
                throw rt::TypeMismatch(
                    "from_dlpack: the DLPack data type (code " + std::to_string(t.code) + ", " + std::to_string(t.bits)
                    + " bits, " + std::to_string(t.lanes) + " lanes) has no pyalpaka dtype");
            return out;
        }

        //! "(3, -1)", how messages show a shape or strides array of the tensor (Python's tuple notation).
        auto tupleText(std::int64_t const* values, std::size_t n) -> std::string
        {
            std::string s = "(";
            for(std::size_t i = 0; i < n; ++i)
                s += (i ? ", " : "") + std::to_string(values[i]);
            return s + (n == 1 ? ",)" : ")");
        }

        //! Fills shape, strides, elements and span of `l` from the tensor's shape and strides.
        void checkLayout(dlpack::Tensor const& t, std::size_t itemSize, CheckedTensor& l)
        {
            auto const ndim = static_cast<std::size_t>(t.ndim);
            if(t.shape == nullptr)
                throw std::invalid_argument(
                    "from_dlpack: the tensor has ndim " + std::to_string(ndim) + " but a null shape pointer");
            auto const shapeText = tupleText(t.shape, ndim);
            l.elements = 1;
            for(std::size_t i = 0; i < ndim; ++i)
            {
                if(t.shape[i] < 0)
                    throw std::invalid_argument(
                        "from_dlpack: the tensor's shape " + shapeText + " has a negative extent");
                l.shape.push_back(static_cast<std::size_t>(t.shape[i]));
            }
            bool overflow = false;
            if(std::find(l.shape.begin(), l.shape.end(), std::size_t{0}) != l.shape.end())
                l.elements = 0;
            for(auto extent : l.shape)
                overflow |= __builtin_mul_overflow(l.elements, extent, &l.elements);
            // Dense row-major byte strides, for a null strides pointer and for dimensions of extent 1, whose stride
            // producers fill with anything (it is never used to step).
            std::vector<std::size_t> dense(ndim);
            std::size_t step = itemSize;
            bool denseOverflow = false;
            for(std::size_t i = ndim; i-- > 0;)
            {
                dense[i] = step;
                denseOverflow |= __builtin_mul_overflow(step, l.shape[i], &step);
            }
            if(!overflow && l.elements == 0)
            {
                // No element is ever addressed: strides and the data pointer do not matter.
                l.strides = std::move(dense);
                return;
            }
            overflow |= denseOverflow;
            l.span = itemSize;
            for(std::size_t i = 0; i < ndim; ++i)
            {
                std::size_t strideBytes = dense[i];
                if(t.strides != nullptr && l.shape[i] > 1)
                {
                    if(t.strides[i] < 0)
                        throw std::invalid_argument(
                            "from_dlpack: tensors with negative strides are not supported, got strides "
                            + tupleText(t.strides, ndim));
                    overflow |= __builtin_mul_overflow(static_cast<std::size_t>(t.strides[i]), itemSize, &strideBytes);
                }
                std::size_t reach = 0;
                overflow |= __builtin_mul_overflow(l.shape[i] - 1, strideBytes, &reach);
                overflow |= __builtin_add_overflow(l.span, reach, &l.span);
                l.strides.push_back(strideBytes);
            }
            if(overflow || l.span > static_cast<std::size_t>(std::numeric_limits<std::ptrdiff_t>::max()))
                throw std::invalid_argument(
                    "from_dlpack: the tensor's shape " + shapeText
                    + (t.strides ? " with strides " + tupleText(t.strides, ndim) : std::string())
                    + " spans more than 2**63 bytes; no memory is that large");
        }

        //! The first element's address: data + byte_offset, checked to be a real pointer with room for `layout`.
        auto firstElement(dlpack::Tensor const& t, CheckedTensor const& layout) -> void*
        {
            if(layout.elements == 0)
                return t.data; // never dereferenced; may be null
            if(t.data == nullptr)
                throw std::invalid_argument(
                    "from_dlpack: the tensor's data pointer is null, but its shape "
                    + tupleText(t.shape, layout.shape.size()) + " has " + std::to_string(layout.elements)
                    + " elements");
            auto const address = reinterpret_cast<std::uintptr_t>(t.data);
            std::uintptr_t first = 0;
            std::uintptr_t end = 0;
            if(__builtin_add_overflow(address, t.byteOffset, &first)
               || __builtin_add_overflow(first, layout.span, &end))
            {
                char text[32];
                std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(address));
                throw std::invalid_argument(
                    std::string("from_dlpack: the tensor's data pointer ") + text + " plus its byte_offset "
                    + std::to_string(t.byteOffset) + " and its " + std::to_string(layout.span)
                    + " bytes of elements wrap around the address space");
            }
            return reinterpret_cast<void*>(first);
        }

    } // namespace

    auto checkTensor(dlpack::Tensor const& tensor) -> CheckedTensor
    {
        CheckedTensor checked;
        auto const deviceType = tensor.device.deviceType;
        if(deviceType == dlpack::kDLCUDA)
            checked.gpuBackend = "cuda";
        else if(deviceType == dlpack::kDLROCM)
            checked.gpuBackend = "hip";
        else if(deviceType != dlpack::kDLCPU && deviceType != dlpack::kDLCUDAHost && deviceType != dlpack::kDLROCMHost)
            throw rt::TypeMismatch(
                "from_dlpack: the tensor is on DLPack device type " + std::to_string(deviceType)
                + ", which this pyalpaka has no back-end for (host memory, CUDA and ROCm devices only)");
        if(checked.gpuBackend != nullptr && tensor.device.deviceId < 0)
            throw std::invalid_argument(
                std::string("from_dlpack: the tensor's ") + (deviceType == dlpack::kDLCUDA ? "CUDA" : "ROCm")
                + " device id " + std::to_string(tensor.device.deviceId) + " is negative");
        checked.gpuDevice = tensor.device.deviceId;
        if(tensor.ndim < 1 || static_cast<std::size_t>(tensor.ndim) > rt::maxBufferDim)
            throw std::invalid_argument(
                "from_dlpack: buffers have 1 to " + std::to_string(rt::maxBufferDim) + " dimensions, the tensor has "
                + std::to_string(tensor.ndim));
        checked.dtype = dtypeOf(tensor.dtype);
        checkLayout(tensor, rt::info(checked.dtype).size, checked);
        checked.data = firstElement(tensor, checked);
        return checked;
    }
} // namespace pyalpaka::bindings
