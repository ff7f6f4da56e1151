// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.Buffer (its properties, NumPy and CUDA array interfaces, slicing) and _core.empty/zeros/asarray. The copies
//! these make go through Copies.hpp.

#include <algorithm>

#include "Buffer.hpp"
#include "Copies.hpp"
#include "QueueHandle.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto typestr(rt::DType dtype) -> std::string
        {
            return py::str(toNumpy(dtype).attr("str")).cast<std::string>();
        }

        auto arrayInterface(Buffer const& b) -> py::dict
        {
            if(b.device->memorySpace() != rt::MemorySpace::Host)
                throw rt::TypeMismatch(
                    "the " + b.describe()
                    + " is not in host memory: copy it with to_numpy(queue) instead (NumPy cannot read GPU memory)");
            py::dict d;
            d["shape"] = py::tuple(py::cast(b.shape));
            d["typestr"] = typestr(b.dtype);
            d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(b.data), b.readonly);
            d["strides"] = py::tuple(py::cast(b.strides));
            d["version"] = 3;
            return d;
        }

        //! Numba's CUDA Array Interface (version 3) of a CUDA buffer; AttributeError for other buffers, so that
        //! consumers' hasattr() checks see host memory as what it is.
        auto cudaArrayInterface(Buffer const& b) -> py::dict
        {
            // CuPy and PyTorch built for ROCm read the same protocol for HIP memory.
            if(b.device->memorySpace() == rt::MemorySpace::Host)
                throw py::attribute_error(
                    "the " + b.describe()
                    + " is not in GPU memory, so it has no __cuda_array_interface__ "
                      "(use np.asarray(buf) or __array_interface__)");
            if(isEmulated(*b.device))
                refuseEmulatedExport<py::attribute_error>("__cuda_array_interface__");
            // Which queue wrote the buffer last is not tracked: wait for the device's queues, so that the data is
            // ready on every stream and `stream` is None ("no synchronisation needed", as the protocol allows).
            {
                py::gil_scoped_release release;
                b.device->wait();
            }
            py::dict d;
            d["shape"] = py::tuple(py::cast(b.shape));
            d["typestr"] = typestr(b.dtype);
            d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(b.data), b.readonly);
            d["strides"] = py::tuple(py::cast(b.strides));
            py::list descr;
            descr.append(py::make_tuple("", typestr(b.dtype)));
            d["descr"] = descr;
            d["stream"] = py::none();
            d["version"] = 3;
            return d;
        }

        //! Buffer of a NumPy array's memory, without copying where the layout allows (else a contiguous copy).
        auto wrapHostArray(std::shared_ptr<rt::Device> const& dev, py::array array) -> std::unique_ptr<Buffer>
        {
            auto const dtype = toDType(array.dtype());
            try
            {
                (void)arrayRegion(array, false, "the array");
            }
            catch(std::invalid_argument const&)
            {
                array = py::array::ensure(array, py::array::c_style);
            }
            auto buffer = std::make_unique<Buffer>();
            buffer->device = dev;
            buffer->dtype = dtype;
            buffer->base = array;
            buffer->data = const_cast<void*>(array.data());
            buffer->readonly = !array.writeable();
            for(py::ssize_t i = 0; i < array.ndim(); ++i)
            {
                buffer->shape.push_back(static_cast<std::size_t>(array.shape(i)));
                buffer->strides.push_back(static_cast<std::size_t>(std::max<py::ssize_t>(array.strides(i), 0)));
            }
            if(buffer->size() == 0) // NumPy gives empty arrays zero strides
                buffer->strides = denseStrides(buffer->shape, buffer->itemSize());
            return buffer;
        }

        auto
        asarray(py::object const& obj, std::shared_ptr<rt::Device> const& dev, py::object const& queue) -> py::object
        {
            auto const* source = asBuffer(obj);
            if(source != nullptr)
            {
                auto const& b = *source;
                if(b.device == dev)
                    return obj;
                if(b.device->sharesMemoryWith(*dev))
                {
                    auto view = std::make_unique<Buffer>(b);
                    view->device = dev;
                    view->base = obj;
                    return py::cast(std::move(view));
                }
            }
            if(source == nullptr && dev->memorySpace() == rt::MemorySpace::Host)
            {
                auto array = py::array::ensure(obj);
                if(!array)
                    throw rt::TypeMismatch(
                        "asarray: cannot make an array of " + py::str(py::type::of(obj)).cast<std::string>());
                if(array.ndim() < 1 || static_cast<std::size_t>(array.ndim()) > rt::maxBufferDim)
                    throw std::invalid_argument(
                        "asarray: buffers have 1 to " + std::to_string(rt::maxBufferDim) + " dimensions, the array has "
                        + std::to_string(array.ndim()));
                return py::cast(wrapHostArray(dev, array));
            }
            // Another memory space: a new buffer and a copy.
            auto src = operand(obj, false, "the source");
            auto buffer = py::cast(allocateBuffer(dev, src.shape, src.dtype));
            if(queue.is_none())
            {
                // Device memory to the host is copied by a queue of the device that can reach it.
                auto copier = dev;
                if(dev->memorySpace() == rt::MemorySpace::Host && source != nullptr)
                    copier = source->device;
                QueueHandle q(copier->makeQueue(true));
                enqueueCopy(q, buffer, obj, py::none());
            }
            else
                enqueueCopy(queue.cast<QueueHandle&>(), buffer, obj, py::none());
            return buffer;
        }

        //! buf[key] for ints and step-1 slices: a buffer sharing the memory.
        auto subBuffer(py::object const& self, py::object key) -> py::object
        {
            auto const& b = self.cast<Buffer const&>();
            if(!py::isinstance<py::tuple>(key))
                key = py::make_tuple(key);
            auto items = key.cast<py::tuple>();
            std::size_t explicitDims = 0;
            for(auto item : items)
                if(!item.is(py::ellipsis()))
                    ++explicitDims;
            if(explicitDims > b.ndim())
                throw py::index_error("too many indices for a buffer of " + std::to_string(b.ndim()) + " dimensions");
            auto sub = std::make_unique<Buffer>(b);
            sub->base = self;
            sub->shape.clear();
            sub->strides.clear();
            auto* data = static_cast<std::byte*>(b.data);
            std::size_t dim = 0;
            bool lastIndexedByInt = false;
            for(auto item : items)
            {
                if(item.is(py::ellipsis()))
                {
                    for(std::size_t skip = b.ndim() - explicitDims; skip > 0; --skip, ++dim)
                    {
                        sub->shape.push_back(b.shape[dim]);
                        sub->strides.push_back(b.strides[dim]);
                    }
                    explicitDims = b.ndim(); // a second Ellipsis adds nothing
                    continue;
                }
                auto const extent = static_cast<py::ssize_t>(b.shape[dim]);
                if(py::isinstance<py::slice>(item))
                {
                    py::ssize_t start = 0, stop = 0, step = 0, length = 0;
                    if(!item.cast<py::slice>().compute(extent, &start, &stop, &step, &length))
                        throw py::error_already_set();
                    if(step != 1)
                        throw std::invalid_argument(
                            "buffer slices must have step 1 (a sub-buffer is a contiguous block of each dimension); "
                            "got step "
                            + std::to_string(step));
                    data += static_cast<std::size_t>(length > 0 ? start : 0) * b.strides[dim];
                    sub->shape.push_back(static_cast<std::size_t>(length));
                    sub->strides.push_back(b.strides[dim]);
                }
                else if(PyIndex_Check(item.ptr()) && !py::isinstance<py::bool_>(item))
                {
                    auto const number = py::reinterpret_steal<py::object>(PyNumber_Index(item.ptr()));
                    if(!number)
                        throw py::error_already_set();
                    // Compared as Python ints, so that an index beyond 64 bits is out of range too.
                    if(number < py::int_(-extent) || number >= py::int_(extent))
                        throw py::index_error(
                            "index " + py::repr(number).cast<std::string>() + " is out of range for dimension "
                            + std::to_string(dim) + " of extent " + std::to_string(extent));
                    auto index = number.cast<py::ssize_t>();
                    if(index < 0)
                        index += extent;
                    data += static_cast<std::size_t>(index) * b.strides[dim];
                    lastIndexedByInt = dim + 1 == b.ndim();
                }
                else
                    throw py::index_error(
                        "buffers are indexed by ints and slices, got " + py::repr(item).cast<std::string>());
                ++dim;
            }
            for(; dim < b.ndim(); ++dim)
            {
                sub->shape.push_back(b.shape[dim]);
                sub->strides.push_back(b.strides[dim]);
            }
            sub->data = data;
            if(sub->shape.empty())
            {
                // One element: its value, read through NumPy (host memory only).
                return py::array(py::reinterpret_borrow<py::object>(self)).attr("__getitem__")(key);
            }
            if(lastIndexedByInt && sub->shape.back() > 1)
                throw std::invalid_argument(
                    "indexing the last dimension with an int gives a strided sub-buffer; use a slice (x[..., i:i+1])");
            return py::cast(std::move(sub));
        }

        //! The queue of a queue-ordered allocation: None or a Queue.
        auto orderingQueue(py::object const& queue) -> std::shared_ptr<rt::Queue>
        {
            if(queue.is_none())
                return nullptr;
            if(!py::isinstance<QueueHandle>(queue))
                throw rt::TypeMismatch(
                    "queue must be a pyalpaka Queue or None, got " + py::repr(queue).cast<std::string>());
            return queue.cast<QueueHandle const&>().shared();
        }

        auto bufferRepr(Buffer const& b) -> std::string
        {
            return "Buffer(shape=" + shapeString(b.shape) + ", dtype=" + std::string(rt::info(b.dtype).name)
                   + ", device=" + describeDevice(*b.device) + (b.readonly ? ", readonly=True" : "")
                   + (b.pinned ? ", pinned=True" : "") + ")";
        }
    } // namespace

    void bindBuffers(py::module_& m)
    {
        py::class_<Buffer>(
            m,
            "Buffer",
            "An array in a device's memory. Host buffers are NumPy-compatible without copying (np.asarray(buf)); "
            "every buffer speaks DLPack.")
            .def_property_readonly(
                "shape",
                [](Buffer const& b) { return py::tuple(py::cast(b.shape)); },
                "Extents in elements, slowest first.")
            .def_property_readonly(
                "dtype", [](Buffer const& b) { return toNumpy(b.dtype); }, "The NumPy dtype.")
            .def_property_readonly("ndim", &Buffer::ndim, "The number of dimensions (1 to 4).")
            .def_property_readonly("size", &Buffer::size, "Number of elements.")
            .def_property_readonly("itemsize", &Buffer::itemSize, "Bytes per element.")
            .def_property_readonly("nbytes", &Buffer::nbytes, "Bytes of the elements (without padding).")
            .def_property_readonly(
                "pitches",
                [](Buffer const& b) { return py::tuple(py::cast(b.strides)); },
                "Bytes between neighbours in each dimension (alpaka's pitches; NumPy's strides).")
            .def_property_readonly(
                "strides", [](Buffer const& b) { return py::tuple(py::cast(b.strides)); }, "The same as pitches.")
            .def_property_readonly(
                "device", [](Buffer const& b) { return b.device; }, "The device whose memory holds the buffer.")
            .def_property_readonly(
                "readonly",
                [](Buffer const& b) { return b.readonly; },
                "Whether kernels and copies may not write it (a read-only NumPy array or DLPack tensor).")
            .def_property_readonly(
                "is_pinned",
                [](Buffer const& b) { return b.pinned; },
                "Whether the buffer is page-locked host memory of a GPU device (pk.pinned): its copies to and from "
                "that GPU run asynchronously at full bandwidth.")
            .def_property_readonly(
                "is_contiguous",
                &Buffer::contiguous,
                "Whether the elements are dense in row-major order (kernels taking T* need that).")
            .def_property_readonly(
                "ptr",
                [](Buffer const& b) { return reinterpret_cast<std::uintptr_t>(b.data); },
                "The address of the first element.")
            .def_property_readonly(
                "base",
                [](Buffer const& b) { return b.base; },
                "The object whose memory this is (a NumPy array, a parent buffer) or None.")
            .def(
                "__len__", [](Buffer const& b) { return b.shape.front(); }, "The extent of the first dimension.")
            .def(
                "__getitem__",
                &subBuffer,
                py::arg("key"),
                "A sub-buffer sharing the memory: ints and step-1 slices (an int on the last dimension only where "
                "the result stays contiguous); one element of a host buffer is returned as a NumPy scalar.")
            .def_property_readonly(
                "__array_interface__",
                &arrayInterface,
                "NumPy's array interface of a host buffer (np.asarray(buf) is a view, no copy); TypeError for "
                "device memory.")
            .def_property_readonly(
                "__cuda_array_interface__",
                &cudaArrayInterface,
                "The CUDA Array Interface (version 3) of a buffer in CUDA memory, for CuPy, Numba, PyTorch; reading "
                "it waits for the device's queues (stream is None). AttributeError for other buffers.")
            .def(
                "to_numpy",
                [](py::object const& self, py::object const& queue)
                {
                    auto const& b = self.cast<Buffer const&>();
                    auto out = py::array(toNumpy(b.dtype), b.shape);
                    if(queue.is_none())
                    {
                        QueueHandle q(b.device->makeQueue(true));
                        enqueueCopy(q, out, self, py::none());
                    }
                    else
                    {
                        auto& q = queue.cast<QueueHandle&>();
                        enqueueCopy(q, out, self, py::none());
                        q.wait();
                    }
                    return out;
                },
                py::arg("queue") = py::none(),
                "A NumPy copy of the buffer, made by `queue` (which is waited for) or by a blocking queue of the "
                "buffer's device.")
            .def("__repr__", &bufferRepr);

        m.def(
            "empty",
            [](std::shared_ptr<rt::Device> const& dev, py::handle shape, py::handle dtype, py::object const& queue)
            { return allocateBuffer(dev, toShape(shape), toDType(dtype), orderingQueue(queue)); },
            py::arg("device"),
            py::arg("shape"),
            py::arg("dtype") = py::dtype("float32"),
            py::arg("queue") = py::none(),
            "A new buffer of `shape` on `device`, not initialised; queue-ordered with `queue` (allocAsyncBuf).");

        m.def(
            "pinned",
            [](std::shared_ptr<rt::Device> const& host,
               std::shared_ptr<rt::Device> const& gpu,
               py::handle shape,
               py::handle dtype) { return allocatePinnedBuffer(host, gpu, toShape(shape), toDType(dtype)); },
            py::arg("host"),
            py::arg("gpu"),
            py::arg("shape"),
            py::arg("dtype") = py::dtype("float32"),
            "A new host buffer (of the CPU device `host`) in page-locked memory mapped for `gpu` (allocMappedBuf); "
            "plain host memory when `gpu` is None or a CPU device.");

        m.def(
            "zeros",
            [](std::shared_ptr<rt::Device> const& dev, py::handle shape, py::handle dtype, py::object const& queue)
            {
                auto buffer = py::cast(allocateBuffer(dev, toShape(shape), toDType(dtype), orderingQueue(queue)));
                if(queue.is_none())
                {
                    QueueHandle q(dev->makeQueue(true));
                    enqueueSet(q, buffer, py::int_(0), py::none());
                }
                else
                    enqueueSet(queue.cast<QueueHandle&>(), buffer, py::int_(0), py::none());
                return buffer;
            },
            py::arg("device"),
            py::arg("shape"),
            py::arg("dtype") = py::dtype("float32"),
            py::arg("queue") = py::none(),
            "A new buffer of zeros; zeroed by `queue` (in its order) or before returning.");
        m.def(
            "asarray",
            &asarray,
            py::arg("obj"),
            py::arg("device"),
            py::arg("queue") = py::none(),
            "A buffer on `device` with the contents of `obj`: a view of its memory where the device can use it "
            "(NumPy arrays on CPU devices), else a copy made by `queue` or before returning.");
    }
} // namespace pyalpaka::bindings
