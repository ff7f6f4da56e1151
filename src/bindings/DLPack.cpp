// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! DLPack exchange: Buffer.__dlpack__/__dlpack_device__ (zero-copy export) and _core.from_dlpack (zero-copy import).

#include "DLPack.hpp"

#include <algorithm>
#include <cstring>

#include "Buffer.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        char const* const versionedName = "dltensor_versioned";
        char const* const legacyName = "dltensor";

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
            char const* name = std::is_same_v<TManaged, dlpack::ManagedTensorVersioned> ? versionedName : legacyName;
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
                PyObject* capsule
                    = PyCapsule_New(&e->managed, versionedName, &destroyUnconsumed<dlpack::ManagedTensorVersioned>);
                if(capsule == nullptr)
                {
                    e->managed.deleter(&e->managed);
                    throw py::error_already_set();
                }
                return py::reinterpret_steal<py::object>(capsule);
            }
            auto* e = new Export<dlpack::ManagedTensor>;
            fillExport(*e, b, self);
            PyObject* capsule = PyCapsule_New(&e->managed, legacyName, &destroyUnconsumed<dlpack::ManagedTensor>);
            if(capsule == nullptr)
            {
                e->managed.deleter(&e->managed);
                throw py::error_already_set();
            }
            return py::reinterpret_steal<py::object>(capsule);
        }

        auto dlpackMethod(
            py::object const& self,
            py::object const& stream,
            py::object const& maxVersion,
            py::object const& dlDeviceArg,
            py::object const& copy) -> py::object
        {
            auto const& b = self.cast<Buffer const&>();
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
                        "__dlpack__: stream must be None or an int (a CUDA stream handle, 1, 2 or -1), got "
                        + py::repr(stream).cast<std::string>());
                if(stream.is_none() || stream.cast<long long>() != -1)
                {
                    py::gil_scoped_release release;
                    b.device->wait();
                }
            }
            if(!dlDeviceArg.is_none())
            {
                auto const requested = dlDeviceArg.cast<std::pair<std::int32_t, std::int32_t>>();
                if(requested.first != device.deviceType || requested.second != device.deviceId)
                    throw py::buffer_error(
                        "__dlpack__: the buffer is on DLPack device (" + std::to_string(device.deviceType) + ", "
                        + std::to_string(device.deviceId) + "); exporting to another device needs a copy: use "
                        + "pyalpaka.asarray");
            }
            if(!copy.is_none() && copy.cast<bool>())
                throw py::buffer_error("__dlpack__(copy=True) is not supported: copy with pyalpaka.asarray first");
            bool versioned = false;
            if(!maxVersion.is_none())
            {
                auto const version = maxVersion.cast<std::pair<long, long>>();
                versioned = version.first >= 1;
            }
            return exportBuffer(self, versioned);
        }

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

        //! Keeps a consumed DLPack tensor until the buffer over it is gone.
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

        auto fromDLPack(py::object const& obj, std::shared_ptr<rt::Device> const& hostDevice) -> std::unique_ptr<Buffer>
        {
            py::object capsule = obj;
            if(!PyCapsule_CheckExact(obj.ptr()))
            {
                if(!py::hasattr(obj, "__dlpack__"))
                    throw rt::TypeMismatch(
                        "from_dlpack: " + py::str(py::type::of(obj)).cast<std::string>() + " has no __dlpack__ method");
                // A CUDA producer is asked to order its work before the legacy default stream (stream=1), which the
                // device-wide wait below then covers; host producers take no stream.
                py::dict streamArg;
                if(py::hasattr(obj, "__dlpack_device__"))
                {
                    auto const where = obj.attr("__dlpack_device__")().cast<std::pair<std::int32_t, std::int32_t>>();
                    if(where.first == dlpack::kDLCUDA)
                        streamArg["stream"] = 1;
                }
                try
                {
                    capsule = obj.attr("__dlpack__")(**streamArg, py::arg("max_version") = py::make_tuple(1, 0));
                }
                catch(py::error_already_set& e)
                {
                    if(!e.matches(PyExc_TypeError))
                        throw;
                    capsule = obj.attr("__dlpack__")(**streamArg); // a producer older than DLPack 1.0
                }
            }
            dlpack::Tensor const* tensor = nullptr;
            py::object owner;
            bool readonly = false;
            if(PyCapsule_IsValid(capsule.ptr(), versionedName))
            {
                auto* m
                    = static_cast<dlpack::ManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), versionedName));
                if(m->version.major > dlpack::majorVersion)
                    throw py::buffer_error(
                        "from_dlpack: DLPack version " + std::to_string(m->version.major) + "."
                        + std::to_string(m->version.minor) + " is newer than this pyalpaka understands (1.x)");
                PyCapsule_SetName(capsule.ptr(), "used_dltensor_versioned");
                owner = holder(m);
                tensor = &m->tensor;
                readonly = (m->flags & dlpack::flagReadOnly) != 0;
            }
            else if(PyCapsule_IsValid(capsule.ptr(), legacyName))
            {
                auto* m = static_cast<dlpack::ManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), legacyName));
                PyCapsule_SetName(capsule.ptr(), "used_dltensor");
                owner = holder(m);
                tensor = &m->tensor;
            }
            else
            {
                PyErr_Clear();
                throw rt::TypeMismatch("from_dlpack: not an unconsumed DLPack capsule");
            }

            auto const deviceType = tensor->device.deviceType;
            auto device = hostDevice;
            if(deviceType == dlpack::kDLCUDA)
            {
                // GPU memory becomes a buffer of its own cuda device (BackendUnavailableError without one).
                device = rt::backend("cuda").device(static_cast<std::size_t>(std::max(tensor->device.deviceId, 0)));
                py::gil_scoped_release release;
                device->wait(); // the producer's work, ordered before the legacy stream, is done
            }
            else if(
                deviceType != dlpack::kDLCPU && deviceType != dlpack::kDLCUDAHost && deviceType != dlpack::kDLROCMHost)
                throw rt::TypeMismatch(
                    "from_dlpack: the tensor is on DLPack device type " + std::to_string(deviceType)
                    + ", which this pyalpaka has no back-end for (host memory and CUDA devices only)");
            if(tensor->ndim < 1 || static_cast<std::size_t>(tensor->ndim) > rt::maxBufferDim)
                throw std::invalid_argument(
                    "from_dlpack: buffers have 1 to " + std::to_string(rt::maxBufferDim)
                    + " dimensions, the tensor has " + std::to_string(tensor->ndim));
            auto buffer = std::make_unique<Buffer>();
            buffer->device = device;
            buffer->dtype = dtypeOf(tensor->dtype);
            buffer->data = static_cast<std::byte*>(tensor->data) + tensor->byteOffset;
            buffer->readonly = readonly;
            auto const itemSize = buffer->itemSize();
            for(std::int32_t i = 0; i < tensor->ndim; ++i)
                buffer->shape.push_back(static_cast<std::size_t>(tensor->shape[i]));
            if(tensor->strides == nullptr)
                buffer->strides = denseStrides(buffer->shape, itemSize);
            else
                for(std::int32_t i = 0; i < tensor->ndim; ++i)
                {
                    if(tensor->strides[i] < 0)
                        throw std::invalid_argument("from_dlpack: tensors with negative strides are not supported");
                    buffer->strides.push_back(static_cast<std::size_t>(tensor->strides[i]) * itemSize);
                }
            if(buffer->size() == 0)
                buffer->strides = denseStrides(buffer->shape, itemSize);
            buffer->base = owner;
            return buffer;
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
            &fromDLPack,
            py::arg("obj"),
            py::arg("device"),
            "A buffer over the memory of a DLPack producer (an object with __dlpack__, or a capsule), no copy.");
    }
} // namespace pyalpaka::bindings
