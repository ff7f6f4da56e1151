// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.memcpy and _core.memset: copies and byte fills of Buffers and NumPy arrays (or a leading part of them) in
//! queue order, with the checks that each side is reachable from the queue's device.

#include "Copies.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! TypeError unless memory of `region` can be used by the queue's device: host memory (a NumPy array, a
        //! buffer of a CPU device) always can (copies between host and device memory run on the device's queue),
        //! device memory only on its own device.
        void requireAccessible(rt::Queue const& queue, rt::Region const& region, char const* what)
        {
            auto const device = queue.device();
            if(region.device == nullptr || region.device->memorySpace() == rt::MemorySpace::Host
               || region.device->sharesMemoryWith(*device))
                return;
            throw rt::TypeMismatch(
                std::string(what) + " is in the memory of " + describeDevice(*region.device) + ", which a queue of "
                + describeDevice(*device) + " cannot reach: copy it with a queue of its own device first");
        }

        //! Restricts both regions to `extent` (None: the shapes must be equal).
        void applyExtent(Operand& dst, Operand& src, py::object const& extent, char const* operation)
        {
            if(extent.is_none())
            {
                if(dst.shape != src.shape)
                    throw std::invalid_argument(
                        std::string(operation) + ": the destination has shape " + shapeString(dst.shape)
                        + " and the source " + shapeString(src.shape) + "; pass extent= to copy a part");
                return;
            }
            auto const e = toShape(extent);
            if(e.size() != dst.shape.size() || e.size() != src.shape.size())
                throw std::invalid_argument(
                    std::string(operation) + ": extent " + shapeString(e) + " must have the dimensions of the "
                    + "destination " + shapeString(dst.shape) + " and the source " + shapeString(src.shape));
            for(std::size_t i = 0; i < e.size(); ++i)
                if(e[i] > dst.shape[i] || e[i] > src.shape[i])
                    throw std::invalid_argument(
                        std::string(operation) + ": extent " + shapeString(e) + " is larger than the destination "
                        + shapeString(dst.shape) + " or the source " + shapeString(src.shape));
            for(std::size_t i = 0; i < e.size(); ++i)
                dst.region.extent[i] = src.region.extent[i] = e[i];
        }

        auto isEmptyRegion(rt::Region const& r) -> bool
        {
            for(std::size_t i = 0; i < r.ndim; ++i)
                if(r.extent[i] == 0)
                    return true;
            return false;
        }
    } // namespace

    auto operand(py::object const& obj, bool destination, char const* what) -> Operand
    {
        if(auto const* buffer = asBuffer(obj))
        {
            auto const& b = *buffer;
            if(destination && b.readonly)
                throw std::invalid_argument(std::string(what) + " is a read-only buffer");
            return {b.region(), b.dtype, obj, b.shape};
        }
        if(destination && !py::isinstance<py::array>(obj))
            throw rt::TypeMismatch(
                std::string(what) + " must be a pyalpaka Buffer or a NumPy array, got "
                + py::str(py::type::of(obj)).cast<std::string>());
        auto array = py::array::ensure(obj);
        if(!array)
            throw rt::TypeMismatch(
                std::string(what) + " must be a pyalpaka Buffer or array-like, got "
                + py::str(py::type::of(obj)).cast<std::string>());
        auto const dtype = toDType(array.dtype());
        rt::Region region;
        try
        {
            region = arrayRegion(array, destination, what);
        }
        catch(std::invalid_argument const&)
        {
            if(destination || array.ndim() < 1)
                throw;
            // A source of any layout can be copied through a contiguous temporary.
            array = py::array::ensure(array, py::array::c_style | py::array::forcecast);
            region = arrayRegion(array, false, what);
        }
        std::vector<std::size_t> shape(region.extent.begin(), region.extent.begin() + region.ndim);
        return {region, dtype, array, shape};
    }

    void enqueueCopy(QueueHandle& queue, py::object const& dstObj, py::object const& srcObj, py::object const& extent)
    {
        auto dst = operand(dstObj, true, "the destination");
        auto src = operand(srcObj, false, "the source");
        if(dst.dtype != src.dtype)
            throw rt::TypeMismatch(
                "memcpy: the destination's dtype " + std::string(rt::info(dst.dtype).name)
                + " differs from the source's " + std::string(rt::info(src.dtype).name));
        applyExtent(dst, src, extent, "memcpy");
        requireAccessible(queue.queue(), dst.region, "the destination");
        requireAccessible(queue.queue(), src.region, "the source");
        if(isEmptyRegion(dst.region))
            return;
        {
            py::gil_scoped_release release;
            queue.queue().copy(dst.region, src.region);
        }
        queue.keepUntilDone(py::make_tuple(dst.keep, src.keep));
    }

    void enqueueSet(QueueHandle& queue, py::object const& dstObj, py::handle byte, py::object const& extent)
    {
        if(!PyIndex_Check(byte.ptr()) || py::isinstance<py::bool_>(byte))
            throw rt::TypeMismatch(
                "memset: byte must be an int in [0, 255], got " + py::repr(byte).cast<std::string>());
        // Compared as a Python int: a huge int is out of range, not a failed conversion to a C++ type.
        auto const index = py::reinterpret_steal<py::object>(PyNumber_Index(byte.ptr()));
        if(!index)
            throw py::error_already_set();
        if(index < py::int_(0) || index > py::int_(255))
            throw std::invalid_argument("memset: byte must be in [0, 255], got " + py::repr(index).cast<std::string>());
        auto const value = index.cast<int>();
        auto dst = operand(dstObj, true, "the destination");
        if(!extent.is_none())
        {
            auto src = dst;
            src.shape = toShape(extent);
            if(src.shape.size() != dst.shape.size())
                throw std::invalid_argument(
                    "memset: extent " + shapeString(src.shape) + " must have the dimensions of the buffer "
                    + shapeString(dst.shape));
            for(std::size_t i = 0; i < src.shape.size(); ++i)
                if(src.shape[i] > dst.shape[i])
                    throw std::invalid_argument(
                        "memset: extent " + shapeString(src.shape) + " is larger than the buffer "
                        + shapeString(dst.shape));
            for(std::size_t i = 0; i < src.shape.size(); ++i)
                dst.region.extent[i] = src.shape[i];
        }
        requireAccessible(queue.queue(), dst.region, "the destination");
        if(isEmptyRegion(dst.region))
            return;
        {
            py::gil_scoped_release release;
            queue.queue().set(dst.region, static_cast<std::uint8_t>(value));
        }
        queue.keepUntilDone(dst.keep);
    }

    void bindCopies(py::module_& m)
    {
        m.def(
            "memcpy",
            &enqueueCopy,
            py::arg("queue"),
            py::arg("dst"),
            py::arg("src"),
            py::arg("extent") = py::none(),
            "Copies src to dst in queue order (Buffers or NumPy arrays; shapes equal, or `extent` elements).");

        m.def(
            "memset",
            &enqueueSet,
            py::arg("queue"),
            py::arg("dst"),
            py::arg("byte"),
            py::arg("extent") = py::none(),
            "Sets every byte of dst (or of its first `extent` elements) in queue order.");
    }
} // namespace pyalpaka::bindings
