// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "Buffer.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "FastCall.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! Gives dimensions of extent 0 or 1 the stride a dense layout would have: their stride is meaningless
        //! (NumPy leaves any value there), but alpaka's pitches must grow from the innermost dimension outwards.
        void normalizeUnitStrides(rt::Region& r)
        {
            std::size_t dense = r.itemSize;
            for(std::size_t i = r.ndim; i-- > 0;)
            {
                if(r.extent[i] <= 1)
                    r.strides[i] = dense;
                dense = r.strides[i] * std::max<std::size_t>(r.extent[i], 1);
            }
        }
    } // namespace

    auto asBuffer(py::handle obj) -> Buffer const*
    {
        return boundObject<Buffer>(obj);
    }

    auto denseStrides(std::vector<std::size_t> const& shape, std::size_t itemSize) -> std::vector<std::size_t>
    {
        std::vector<std::size_t> strides(shape.size());
        std::size_t stride = itemSize;
        for(std::size_t i = shape.size(); i-- > 0;)
        {
            strides[i] = stride;
            stride *= std::max<std::size_t>(shape[i], 1);
        }
        return strides;
    }

    auto Buffer::contiguous() const -> bool
    {
        if(size() == 0)
            return true; // no element to be out of place
        // denseStrides' walk, without its vector: launches ask this of every buffer argument.
        std::size_t dense = itemSize();
        for(std::size_t i = ndim(); i-- > 0;)
        {
            if(shape[i] > 1 && strides[i] != dense)
                return false;
            dense *= shape[i];
        }
        return true;
    }

    auto Buffer::region() const -> rt::Region
    {
        rt::Region r;
        r.data = data;
        r.device = device.get();
        r.itemSize = itemSize();
        r.ndim = ndim();
        for(std::size_t i = 0; i < ndim(); ++i)
        {
            r.extent[i] = shape[i];
            r.strides[i] = strides[i];
        }
        normalizeUnitStrides(r);
        return r;
    }

    auto Buffer::describe() const -> std::string
    {
        std::string s = "(";
        for(std::size_t i = 0; i < ndim(); ++i)
            s += (i ? ", " : "") + std::to_string(shape[i]);
        s += ndim() == 1 ? ",)" : ")";
        return std::string(rt::info(dtype).name) + " buffer of shape " + s + " on " + describeDevice(*device);
    }

    auto toShape(py::handle value) -> std::vector<std::size_t>
    {
        std::vector<std::size_t> shape;
        auto component = [&](py::handle item)
        {
            return toCount(
                item,
                value,
                "a shape is an int or a tuple of ints, got ",
                "a shape must not have negative components, got ",
                "a shape's components must be below 2**64, got ");
        };
        if(isIndexScalar(value))
            return {component(value)};
        if(!py::isinstance<py::sequence>(value) || isTextLike(value))
            throw rt::TypeMismatch("a shape is an int or a tuple of ints, got " + py::repr(value).cast<std::string>());
        // The length first: a sequence like range(10**12) is refused before anything iterates over it.
        auto const seq = py::reinterpret_borrow<py::sequence>(value);
        auto const n = seq.size();
        if(n < 1 || n > rt::maxBufferDim)
            throw std::invalid_argument(
                "buffers have 1 to " + std::to_string(rt::maxBufferDim) + " dimensions, got shape "
                + (n > 16 ? "of " + std::to_string(n) + " components" : py::repr(value).cast<std::string>()));
        for(std::size_t i = 0; i < n; ++i)
            shape.push_back(component(seq[i]));
        return shape;
    }

    namespace
    {
        //! A buffer of `shape` without memory yet, and the bytes its memory needs.
        auto
        describeBuffer(std::shared_ptr<rt::Device> const& dev, std::vector<std::size_t> const& shape, rt::DType dtype)
            -> std::pair<std::unique_ptr<Buffer>, std::size_t>
        {
            auto buffer = std::make_unique<Buffer>();
            buffer->device = dev;
            buffer->dtype = dtype;
            buffer->shape = shape;
            buffer->strides = denseStrides(shape, buffer->itemSize());
            std::size_t bytes = buffer->itemSize();
            for(auto extent : shape)
            {
                if(extent != 0 && bytes > std::numeric_limits<std::size_t>::max() / extent)
                    throw rt::OutOfMemory(
                        "cannot allocate a " + std::string(rt::info(dtype).name) + " buffer of "
                        + py::repr(py::cast(shape)).cast<std::string>() + " elements: the size overflows 64 bits");
                bytes *= extent;
            }
            return {std::move(buffer), bytes};
        }
    } // namespace

    auto allocateBuffer(
        std::shared_ptr<rt::Device> const& dev,
        std::vector<std::size_t> const& shape,
        rt::DType dtype,
        std::shared_ptr<rt::Queue> const& orderedOn) -> std::unique_ptr<Buffer>
    {
        auto [buffer, bytes] = describeBuffer(dev, shape, dtype);
        if(orderedOn && !rt::isSameDevice(*orderedOn->device(), *dev))
            throw std::invalid_argument(
                "a queue of " + describeDevice(*orderedOn->device()) + " cannot order a buffer on "
                + describeDevice(*dev) + ": give a queue of the buffer's device");
        {
            py::gil_scoped_release release;
            buffer->allocation = dev->allocate(bytes, orderedOn);
        }
        buffer->data = buffer->allocation.get();
        buffer->orderedOn = orderedOn;
        return std::move(buffer);
    }

    auto allocatePinnedBuffer(
        std::shared_ptr<rt::Device> const& host,
        std::shared_ptr<rt::Device> const& gpu,
        std::vector<std::size_t> const& shape,
        rt::DType dtype) -> std::unique_ptr<Buffer>
    {
        if(host->memorySpace() != rt::MemorySpace::Host)
            throw rt::TypeMismatch(
                "pinned buffers live in host memory: the host device must be a CPU device, got "
                + describeDevice(*host));
        auto [buffer, bytes] = describeBuffer(host, shape, dtype);
        bool const pinned = gpu && gpu->memorySpace() != rt::MemorySpace::Host;
        auto& source = pinned ? *gpu : *host;
        {
            py::gil_scoped_release release;
            buffer->allocation = source.allocateMapped(bytes);
        }
        buffer->data = buffer->allocation.get();
        buffer->pinned = pinned;
        return std::move(buffer);
    }

    auto arrayRegion(py::array const& array, bool writable, char const* what) -> rt::Region
    {
        if(writable && !array.writeable())
            throw std::invalid_argument(std::string(what) + " is a read-only NumPy array");
        auto const ndim = static_cast<std::size_t>(array.ndim());
        if(ndim < 1 || ndim > rt::maxBufferDim)
            throw std::invalid_argument(
                std::string(what) + " has " + std::to_string(ndim) + " dimensions; copies take 1 to "
                + std::to_string(rt::maxBufferDim));
        rt::Region r;
        r.data = const_cast<void*>(array.data());
        r.itemSize = static_cast<std::size_t>(array.itemsize());
        r.ndim = ndim;
        if(array.size() == 0)
        {
            // NumPy gives arrays without elements arbitrary strides (NumPy 2: all zero); nothing is copied, so take
            // the dense ones.
            std::vector<std::size_t> shape(ndim);
            for(std::size_t i = 0; i < ndim; ++i)
                shape[i] = r.extent[i] = static_cast<std::size_t>(array.shape(static_cast<py::ssize_t>(i)));
            auto const dense = denseStrides(shape, r.itemSize);
            std::copy(dense.begin(), dense.end(), r.strides.begin());
            return r;
        }
        for(std::size_t i = 0; i < ndim; ++i)
        {
            auto const stride = array.strides(static_cast<py::ssize_t>(i));
            auto const extent = static_cast<std::size_t>(array.shape(static_cast<py::ssize_t>(i)));
            bool const innermost = i + 1 == ndim;
            if(extent > 1
               && (stride <= 0 || static_cast<std::size_t>(stride) % r.itemSize != 0
                   || (innermost && static_cast<std::size_t>(stride) != r.itemSize)))
                throw std::invalid_argument(
                    std::string(what) + " has strides " + py::repr(array.attr("strides")).cast<std::string>()
                    + " that a copy cannot use: the last dimension must be contiguous and strides positive "
                      "(np.ascontiguousarray makes such an array)");
            r.extent[i] = extent;
            r.strides[i] = extent > 1 ? static_cast<std::size_t>(stride) : 0;
        }
        normalizeUnitStrides(r);
        return r;
    }
} // namespace pyalpaka::bindings
