// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.from_dlpack: a Buffer over the memory of a DLPack producer. Before the Buffer exists the tensor is checked
//! field by field (device type, ndim, data type, shape, strides, data pointer and byte offset), so that a malformed
//! capsule is an exception naming the field, never a crash later in NumPy, a copy or a kernel.

#include "DLPackImport.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "DLPack.hpp"

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

        //! Keeps a consumed DLPack tensor until the buffer over it is gone; a null deleter means nothing to release.
        template<typename TManaged>
        auto holder(TManaged* managed) -> py::object
        {
            return py::capsule(
                managed,
                [](void* p)
                {
                    auto* m = static_cast<TManaged*>(p);
                    if(m->deleter != nullptr)
                        m->deleter(m);
                });
        }

        //! "(3, -1)", how messages show a shape or strides array of the tensor (Python's tuple notation).
        auto tupleText(std::int64_t const* values, std::size_t n) -> std::string
        {
            std::string s = "(";
            for(std::size_t i = 0; i < n; ++i)
                s += (i ? ", " : "") + std::to_string(values[i]);
            return s + (n == 1 ? ",)" : ")");
        }

        //! The checked shape and byte strides of a tensor, and how many bytes its elements span.
        struct Layout
        {
            std::vector<std::size_t> shape;
            std::vector<std::size_t> strides;
            std::size_t elements = 1;
            //! Bytes from the first element to one past the last (0 without elements).
            std::size_t span = 0;
        };

        auto layoutOf(dlpack::Tensor const& t, std::size_t itemSize) -> Layout
        {
            auto const ndim = static_cast<std::size_t>(t.ndim);
            if(t.shape == nullptr)
                throw std::invalid_argument(
                    "from_dlpack: the tensor has ndim " + std::to_string(ndim) + " but a null shape pointer");
            auto const shapeText = tupleText(t.shape, ndim);
            Layout l;
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
            if(!overflow && l.elements == 0)
            {
                // No element is ever addressed: strides and the data pointer do not matter.
                l.strides = denseStrides(l.shape, itemSize);
                return l;
            }
            // Dense row-major byte strides, for a null strides pointer and for dimensions of extent 1, whose stride
            // producers fill with anything (it is never used to step).
            std::vector<std::size_t> dense(ndim);
            std::size_t step = itemSize;
            for(std::size_t i = ndim; i-- > 0;)
            {
                dense[i] = step;
                overflow |= __builtin_mul_overflow(step, l.shape[i], &step);
            }
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
            return l;
        }

        //! The first element's address: data + byte_offset, checked to be a real pointer with room for `layout`.
        auto firstElement(dlpack::Tensor const& t, Layout const& layout) -> void*
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

        //! The capsule of `obj`: obj itself, or what its __dlpack__ returns (asking for DLPack 1.0 first).
        auto capsuleOf(py::object const& obj) -> py::object
        {
            if(PyCapsule_CheckExact(obj.ptr()))
                return obj;
            if(!py::hasattr(obj, "__dlpack__"))
                throw rt::TypeMismatch(
                    "from_dlpack: " + py::str(py::type::of(obj)).cast<std::string>() + " has no __dlpack__ method");
            // A CUDA producer is asked to order its work before the legacy default stream (stream=1), which the
            // device-wide wait of importDLPack then covers; host producers take no stream.
            py::dict streamArg;
            if(py::hasattr(obj, "__dlpack_device__"))
            {
                auto const where = obj.attr("__dlpack_device__")();
                std::pair<std::int32_t, std::int32_t> device{};
                try
                {
                    device = where.cast<std::pair<std::int32_t, std::int32_t>>();
                }
                catch(py::cast_error const&)
                {
                    throw rt::TypeMismatch(
                        "from_dlpack: __dlpack_device__() must return (device type, device id), two ints; got "
                        + py::repr(where).cast<std::string>());
                }
                if(device.first == dlpack::kDLCUDA)
                    streamArg["stream"] = 1;
            }
            try
            {
                return obj.attr("__dlpack__")(**streamArg, py::arg("max_version") = py::make_tuple(1, 0));
            }
            catch(py::error_already_set& e)
            {
                if(!e.matches(PyExc_TypeError))
                    throw;
                return obj.attr("__dlpack__")(**streamArg); // a producer older than DLPack 1.0
            }
        }

        //! Consumes the capsule (renames it "used_...", as the protocol asks) and returns its tensor; `owner` then
        //! releases the tensor through the producer's deleter when the buffer is gone, or at once on an error below.
        auto consume(py::object const& capsule, py::object& owner, bool& readonly) -> dlpack::Tensor const*
        {
            if(PyCapsule_IsValid(capsule.ptr(), dlpack::versionedCapsuleName))
            {
                auto* m = static_cast<dlpack::ManagedTensorVersioned*>(
                    PyCapsule_GetPointer(capsule.ptr(), dlpack::versionedCapsuleName));
                if(m->version.major > dlpack::majorVersion)
                    throw py::buffer_error(
                        "from_dlpack: DLPack version " + std::to_string(m->version.major) + "."
                        + std::to_string(m->version.minor) + " is newer than this pyalpaka understands (1.x)");
                PyCapsule_SetName(capsule.ptr(), "used_dltensor_versioned");
                owner = holder(m);
                readonly = (m->flags & dlpack::flagReadOnly) != 0;
                return &m->tensor;
            }
            if(PyCapsule_IsValid(capsule.ptr(), dlpack::legacyCapsuleName))
            {
                auto* m = static_cast<dlpack::ManagedTensor*>(
                    PyCapsule_GetPointer(capsule.ptr(), dlpack::legacyCapsuleName));
                PyCapsule_SetName(capsule.ptr(), "used_dltensor");
                owner = holder(m);
                return &m->tensor;
            }
            PyErr_Clear();
            throw rt::TypeMismatch("from_dlpack: not an unconsumed DLPack capsule");
        }
    } // namespace

    auto importDLPack(py::object const& obj, std::shared_ptr<rt::Device> const& hostDevice) -> std::unique_ptr<Buffer>
    {
        auto const capsule = capsuleOf(obj);
        py::object owner;
        bool readonly = false;
        auto const& tensor = *consume(capsule, owner, readonly);

        auto const deviceType = tensor.device.deviceType;
        bool const onCuda = deviceType == dlpack::kDLCUDA;
        if(!onCuda && deviceType != dlpack::kDLCPU && deviceType != dlpack::kDLCUDAHost
           && deviceType != dlpack::kDLROCMHost)
            throw rt::TypeMismatch(
                "from_dlpack: the tensor is on DLPack device type " + std::to_string(deviceType)
                + ", which this pyalpaka has no back-end for (host memory and CUDA devices only)");
        if(onCuda && tensor.device.deviceId < 0)
            throw std::invalid_argument(
                "from_dlpack: the tensor's CUDA device id " + std::to_string(tensor.device.deviceId) + " is negative");
        if(tensor.ndim < 1 || static_cast<std::size_t>(tensor.ndim) > rt::maxBufferDim)
            throw std::invalid_argument(
                "from_dlpack: buffers have 1 to " + std::to_string(rt::maxBufferDim) + " dimensions, the tensor has "
                + std::to_string(tensor.ndim));
        auto buffer = std::make_unique<Buffer>();
        buffer->dtype = dtypeOf(tensor.dtype);
        auto layout = layoutOf(tensor, buffer->itemSize());
        buffer->data = firstElement(tensor, layout);
        buffer->shape = std::move(layout.shape);
        buffer->strides = std::move(layout.strides);
        buffer->readonly = readonly;

        buffer->device = hostDevice;
        if(onCuda)
        {
            // GPU memory becomes a buffer of its own cuda device (BackendUnavailableError without one).
            buffer->device = rt::backend("cuda").device(static_cast<std::size_t>(tensor.device.deviceId));
            py::gil_scoped_release release;
            buffer->device->wait(); // the producer's work, ordered before the legacy stream, is done
        }
        buffer->base = owner;
        return buffer;
    }
} // namespace pyalpaka::bindings
