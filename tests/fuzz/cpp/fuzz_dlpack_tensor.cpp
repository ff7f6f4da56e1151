// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! libFuzzer harness of the DLPack import checks (src/bindings/DLPackTensor.hpp), the C++ that reads a tensor any
//! producer made: every field arbitrary (device, ndim, data type, shape and strides arrays or null pointers, data
//! pointer, byte offset). checkTensor must either refuse the tensor with the documented exception types or return
//! a layout under which every element lies inside [data, data + span): when the tensor points into a real
//! allocation that holds that span, every element is read (AddressSanitizer checks each address).

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "FuzzInput.hpp"
#include "bindings/DLPackTensor.hpp"
#include "runtime/Errors.hpp"
#include "runtime/Runtime.hpp"

namespace dlpack = pyalpaka::dlpack;

extern "C" auto LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) -> int
{
    fuzz::Input in(data, size);
    dlpack::Tensor t{};
    t.device.deviceType = in.take<std::int32_t>();
    t.device.deviceId = in.take<std::int32_t>();
    // ndim as one signed byte: a producer's shape and strides arrays really have ndim entries, allocated exactly so.
    t.ndim = in.take<std::int8_t>();
    t.dtype.code = in.take<std::uint8_t>();
    t.dtype.bits = in.take<std::uint8_t>();
    t.dtype.lanes = in.take<std::uint16_t>();
    auto const flags = in.take<std::uint8_t>();
    auto const entries = static_cast<std::size_t>(t.ndim > 0 ? t.ndim : 0);
    std::vector<std::int64_t> shape(entries);
    std::vector<std::int64_t> strides(entries);
    for(auto& e : shape)
        e = (flags & 8) ? in.take<std::int64_t>() : in.take<std::int8_t>(); // small extents, or any
    for(auto& s : strides)
        s = (flags & 8) ? in.take<std::int64_t>() : in.take<std::int16_t>();
    // Heap arrays of exactly ndim entries (a null pointer when the producer gives none).
    auto const shapeArray = std::make_unique<std::int64_t[]>(entries);
    auto const stridesArray = std::make_unique<std::int64_t[]>(entries);
    std::copy(shape.begin(), shape.end(), shapeArray.get());
    std::copy(strides.begin(), strides.end(), stridesArray.get());
    t.shape = (flags & 1) ? nullptr : shapeArray.get();
    t.strides = (flags & 2) ? nullptr : stridesArray.get();
    // The data: a real allocation, a null pointer or an arbitrary address; the byte offset small or any.
    std::size_t const allocation = in.take<std::uint16_t>();
    std::vector<unsigned char> memory(allocation);
    auto const dataMode = (flags >> 4) & 3;
    t.data = dataMode == 0   ? static_cast<void*>(memory.data())
             : dataMode == 1 ? nullptr
                             : reinterpret_cast<void*>(in.take<std::uintptr_t>());
    t.byteOffset = (flags & 4) ? in.take<std::uint64_t>() : in.take<std::uint16_t>();

    try
    {
        auto const checked = pyalpaka::bindings::checkTensor(t);
        auto const itemSize = pyalpaka::rt::info(checked.dtype).size;
        FUZZ_CHECK(itemSize * 8 == t.dtype.bits && t.dtype.lanes == 1);
        FUZZ_CHECK(checked.shape.size() == entries && checked.strides.size() == entries);
        FUZZ_CHECK(entries >= 1 && entries <= pyalpaka::rt::maxBufferDim);
        std::size_t elements = 1;
        for(std::size_t d = 0; d < entries; ++d)
        {
            FUZZ_CHECK(static_cast<std::int64_t>(checked.shape[d]) == t.shape[d]);
            elements *= checked.shape[d];
        }
        FUZZ_CHECK(checked.elements == elements);
        if(elements == 0)
            return 0; // strides are dense then: no element is addressed
        for(std::size_t d = 0; d < entries; ++d)
            if(t.strides != nullptr && checked.shape[d] > 1)
                FUZZ_CHECK(checked.strides[d] == static_cast<std::size_t>(t.strides[d]) * itemSize);
        FUZZ_CHECK(checked.data == static_cast<unsigned char*>(t.data) + t.byteOffset);
        // Every element's last byte lies inside the span (the walk is bounded: only small tensors are walked).
        if(elements <= (1u << 14))
        {
            bool const inside
                = dataMode == 0 && t.byteOffset <= allocation && checked.span <= allocation - t.byteOffset;
            std::vector<std::size_t> index(entries, 0);
            for(std::size_t e = 0; e < elements; ++e)
            {
                std::size_t offset = 0;
                for(std::size_t d = 0; d < entries; ++d)
                    offset += index[d] * checked.strides[d];
                FUZZ_CHECK(offset + itemSize <= checked.span);
                if(inside)
                {
                    unsigned char volatile sink = 0;
                    for(std::size_t b = 0; b < itemSize; ++b)
                        sink = sink + static_cast<unsigned char*>(checked.data)[offset + b];
                }
                for(std::size_t d = entries; d-- > 0;)
                {
                    if(++index[d] < checked.shape[d])
                        break;
                    index[d] = 0;
                }
            }
        }
    }
    catch(pyalpaka::rt::TypeMismatch const&)
    {
        // TypeError: a device type or data type pyalpaka has no back-end or dtype for.
    }
    catch(std::invalid_argument const&)
    {
        // ValueError: a value no tensor can have, named in the message.
    }
    return 0;
}
