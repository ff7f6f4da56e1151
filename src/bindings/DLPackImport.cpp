// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.from_dlpack: a Buffer over the memory of a DLPack producer: the capsule taken and consumed as the protocol
//! says, its tensor checked field by field (DLPackTensor.hpp) before the Buffer exists.

#include "DLPackImport.hpp"

#include <string>
#include <utility>

#include "DLPack.hpp"
#include "DLPackTensor.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
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

        //! The capsule of `obj`: obj itself, or what its __dlpack__ returns (asking for DLPack 1.0 first).
        auto capsuleOf(py::object const& obj) -> py::object
        {
            if(PyCapsule_CheckExact(obj.ptr()))
                return obj;
            if(!py::hasattr(obj, "__dlpack__"))
                throw rt::TypeMismatch(
                    "from_dlpack: " + py::str(py::type::of(obj)).cast<std::string>() + " has no __dlpack__ method");
            // A CUDA or ROCm producer is asked to order its work before the legacy default stream (stream=1; the
            // protocol's "default stream" on ROCm is 0), which the device-wide wait of importDLPack then covers; host
            // producers take no stream.
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
                else if(device.first == dlpack::kDLROCM)
                    streamArg["stream"] = 0;
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

        auto checked = checkTensor(tensor);
        auto buffer = std::make_unique<Buffer>();
        buffer->dtype = checked.dtype;
        buffer->data = checked.data;
        buffer->shape = std::move(checked.shape);
        buffer->strides = std::move(checked.strides);
        buffer->readonly = readonly;

        buffer->device = hostDevice;
        if(checked.gpuBackend != nullptr)
        {
            // GPU memory becomes a buffer of its own device (BackendUnavailableError without the back-end).
            buffer->device = rt::backend(checked.gpuBackend).device(static_cast<std::size_t>(checked.gpuDevice));
            py::gil_scoped_release release;
            buffer->device->wait(); // the producer's work, ordered before the legacy stream, is done
        }
        buffer->base = owner;
        return buffer;
    }
} // namespace pyalpaka::bindings
