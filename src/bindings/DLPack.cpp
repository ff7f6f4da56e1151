// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! DLPack exchange: Buffer.__dlpack__/__dlpack_device__ (zero-copy export) and _core.from_dlpack (zero-copy import).

#include "DLPack.hpp"

#include <algorithm>
#include <cstring>

#include "Buffer.hpp"
#include "DLPackImport.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto dlDevice(rt::Device const& dev) -> dlpack::Device
        {
            switch(dev.memorySpace())
            {
                case rt::MemorySpace::Host:
                    return {dlpack::kDLCPU, 0};
                case rt::MemorySpace::Cuda:
                    return {dlpack::kDLCUDA, static_cast<std::int32_t>(dev.index())};
                case rt::MemorySpace::Hip:
                    return {dlpack::kDLROCM, static_cast<std::int32_t>(dev.index())};
            }
            return {dlpack::kDLCPU, 0};
        }

        auto dlDataType(rt::DType dtype) -> dlpack::DataType
        {
            auto const i = rt::info(dtype);
            std::uint8_t code = dlpack::kDLFloat;
            switch(i.kind)
            {
                case 'b':
                    code = dlpack::kDLBool;
                    break;
                case 'i':
                    code = dlpack::kDLInt;
                    break;
                case 'u':
                    code = dlpack::kDLUInt;
                    break;
                case 'c':
                    code = dlpack::kDLComplex;
                    break;
                default:
                    break;
            }
            return {code, static_cast<std::uint8_t>(i.size * 8), 1};
        }

        //! What an exported tensor points into: the shape and strides arrays and a reference to the buffer.
        template<typename TManaged>
        struct Export
        {
            TManaged managed{};
            std::vector<std::int64_t> shape;
            std::vector<std::int64_t> strides;
            PyObject* owner = nullptr;

            static void deleter(TManaged* self)
            {
                auto* context = static_cast<Export*>(self->managerCtx);
                // Consumers may call this from any thread.
                PyGILState_STATE const state = PyGILState_Ensure();
                Py_XDECREF(context->owner);
                PyGILState_Release(state);
                delete context;
            }
        };

        template<typename TManaged>
        auto fillExport(Export<TManaged>& e, Buffer const& b, py::handle owner) -> void
        {
            for(std::size_t i = 0; i < b.ndim(); ++i)
            {
                e.shape.push_back(static_cast<std::int64_t>(b.shape[i]));
                e.strides.push_back(static_cast<std::int64_t>(b.strides[i] / b.itemSize()));
            }
            auto& t = e.managed.tensor;
            t.data = b.data;
            t.device = dlDevice(*b.device);
            t.ndim = static_cast<std::int32_t>(b.ndim());
            t.dtype = dlDataType(b.dtype);
            t.shape = e.shape.data();
            t.strides = e.strides.data();
            t.byteOffset = 0;
            e.managed.managerCtx = &e;
            e.managed.deleter = &Export<TManaged>::deleter;
            e.owner = owner.ptr();
            Py_INCREF(e.owner);
        }

        //! The capsule destructor: a capsule nobody consumed still owns its tensor.
        template<typename TManaged>
        void destroyUnconsumed(PyObject* capsule)
        {
            char const* name = std::is_same_v<TManaged, dlpack::ManagedTensorVersioned> ? dlpack::versionedCapsuleName
                                                                                        : dlpack::legacyCapsuleName;
            if(PyCapsule_IsValid(capsule, name))
            {
                auto* managed = static_cast<TManaged*>(PyCapsule_GetPointer(capsule, name));
                if(managed != nullptr && managed->deleter != nullptr)
                    managed->deleter(managed);
            }
            else
                PyErr_Clear();
        }

        auto exportBuffer(py::object const& self, bool versioned) -> py::object
        {
            auto const& b = self.cast<Buffer const&>();
            for(auto stride : b.strides)
                if(stride % b.itemSize() != 0)
                    throw py::buffer_error("the buffer's strides are not multiples of its element size");
            if(versioned)
            {
                auto* e = new Export<dlpack::ManagedTensorVersioned>;
                fillExport(*e, b, self);
                e->managed.version = {dlpack::majorVersion, dlpack::minorVersion};
                e->managed.flags = b.readonly ? dlpack::flagReadOnly : 0;
                PyObject* capsule = PyCapsule_New(
                    &e->managed, dlpack::versionedCapsuleName, &destroyUnconsumed<dlpack::ManagedTensorVersioned>);
                if(capsule == nullptr)
                {
                    e->managed.deleter(&e->managed);
                    throw py::error_already_set();
                }
                return py::reinterpret_steal<py::object>(capsule);
            }
            auto* e = new Export<dlpack::ManagedTensor>;
            fillExport(*e, b, self);
            PyObject* capsule
                = PyCapsule_New(&e->managed, dlpack::legacyCapsuleName, &destroyUnconsumed<dlpack::ManagedTensor>);
            if(capsule == nullptr)
            {
                e->managed.deleter(&e->managed);
                throw py::error_already_set();
            }
            return py::reinterpret_steal<py::object>(capsule);
        }

        //! value as T, or the TypeError `message` + repr(value): keyword arguments of __dlpack__ come from any
        //! consumer, and pybind11's own cast error does not say which argument was wrong.
        template<typename T>
        auto argumentAs(py::object const& value, char const* message) -> T
        {
            try
            {
                return value.cast<T>();
            }
            catch(py::cast_error const&)
            {
                throw rt::TypeMismatch(message + py::repr(value).cast<std::string>());
            }
        }

        auto dlpackMethod(
            py::object const& self,
            py::object const& stream,
            py::object const& maxVersion,
            py::object const& dlDeviceArg,
            py::object const& copy) -> py::object
        {
            auto const& b = self.cast<Buffer const&>();
            if(isEmulated(*b.device))
                refuseEmulatedExport<py::buffer_error>("__dlpack__");
            auto const device = dlDevice(*b.device);
            if(!stream.is_none() && device.deviceType == dlpack::kDLCPU)
                throw py::buffer_error(
                    "__dlpack__: stream must be None for host memory, got " + py::repr(stream).cast<std::string>());
            if(device.deviceType != dlpack::kDLCPU)
            {
                // The consumer's stream must see the buffer's data. Which queue wrote it last is not tracked, so
                // every queue of the device is waited for, except when the consumer asks for no synchronisation (-1).
                if(!stream.is_none() && !PyIndex_Check(stream.ptr()))
                    throw py::type_error(
                        "__dlpack__: stream must be None or an int (a CUDA or HIP stream handle, 0, 1, 2 or -1), got "
                        + py::repr(stream).cast<std::string>());
                auto const handle = stream.is_none() ? py::object(py::int_(0))
                                                     : py::reinterpret_steal<py::object>(PyNumber_Index(stream.ptr()));
                if(!handle)
                    throw py::error_already_set();
                if(!handle.equal(py::int_(-1)))
                {
                    py::gil_scoped_release release;
                    b.device->wait();
                }
            }
            if(!dlDeviceArg.is_none())
            {
                auto const requested = argumentAs<std::pair<std::int32_t, std::int32_t>>(
                    dlDeviceArg, "__dlpack__: dl_device must be a (device type, device id) pair of ints, got ");
                if(requested.first != device.deviceType || requested.second != device.deviceId)
                    throw py::buffer_error(
                        "__dlpack__: the buffer is on DLPack device (" + std::to_string(device.deviceType) + ", "
                        + std::to_string(device.deviceId) + "); exporting to another device needs a copy: use "
                        + "pyalpaka.asarray");
            }
            if(!copy.is_none() && argumentAs<bool>(copy, "__dlpack__: copy must be None or a bool, got "))
                throw py::buffer_error("__dlpack__(copy=True) is not supported: copy with pyalpaka.asarray first");
            bool versioned = false;
            if(!maxVersion.is_none())
            {
                auto const version = argumentAs<std::pair<long, long>>(
                    maxVersion, "__dlpack__: max_version must be None or a (major, minor) pair of ints, got ");
                versioned = version.first >= 1;
            }
            return exportBuffer(self, versioned);
        }
    } // namespace

    void bindDLPack(py::module_& m)
    {
        auto buffer = py::reinterpret_borrow<py::class_<Buffer>>(m.attr("Buffer"));
        buffer.def(
            "__dlpack__",
            &dlpackMethod,
            py::kw_only(),
            py::arg("stream") = py::none(),
            py::arg("max_version") = py::none(),
            py::arg("dl_device") = py::none(),
            py::arg("copy") = py::none(),
            "A DLPack capsule of the buffer (no copy); versioned when max_version >= (1, 0).");
        buffer.def(
            "__dlpack_device__",
            [](Buffer const& b)
            {
                auto const d = dlDevice(*b.device);
                return py::make_tuple(d.deviceType, d.deviceId);
            },
            "(DLPack device type, device id) of the buffer's memory.");

        m.def(
            "from_dlpack",
            &importDLPack,
            py::arg("obj"),
            py::arg("device"),
            "A buffer over the memory of a DLPack producer (an object with __dlpack__, or a capsule), no copy.");
    }
} // namespace pyalpaka::bindings
