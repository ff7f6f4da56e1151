// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Buffer: an N-dimensional array in a device's memory (1 to 4 dimensions), owned by the runtime or borrowed from a
//! Python object (a NumPy array, a DLPack producer), with NumPy's shape/strides conventions.

#include <vector>

#include "Common.hpp"

namespace pyalpaka::bindings
{
    struct Buffer
    {
        std::shared_ptr<rt::Device> device;
        //! Memory the runtime allocated for this buffer or the buffer it is a part of; null for borrowed memory.
        std::shared_ptr<void> allocation;
        //! The Python object whose memory this is (NumPy array, DLPack holder or parent buffer); None otherwise.
        py::object base = py::none();
        void* data = nullptr;
        rt::DType dtype = rt::DType::Float32;
        std::vector<std::size_t> shape;
        //! Bytes between neighbours in each dimension (NumPy strides; alpaka calls them pitches).
        std::vector<std::size_t> strides;
        bool readonly = false;
        //! Page-locked host memory of a GPU device's pinned pool (pk.pinned).
        bool pinned = false;
        //! The queue of a queue-ordered buffer (pk.empty(..., queue=q)), whose memory's release waits for that
        //! queue's work: operations of that queue need not keep the buffer alive (QueueHandle::keepUntilDone).
        std::weak_ptr<rt::Queue> orderedOn;

        //! Whether the buffer is queue-ordered on `queue` (compared by owner, so a later queue at the same address
        //! is another queue).
        [[nodiscard]] auto isOrderedOn(std::shared_ptr<rt::Queue> const& queue) const -> bool
        {
            return !orderedOn.owner_before(queue) && !queue.owner_before(orderedOn) && !orderedOn.expired();
        }

        Buffer() = default;
        Buffer(Buffer const&) = default;
        auto operator=(Buffer const&) -> Buffer& = default;

        //! Frees GPU memory without the GIL: freeing may wait for the device, whose queued host tasks may need the
        //! GIL to finish (Python callables).
        ~Buffer()
        {
            if(allocation && allocation.use_count() == 1 && device
               && (pinned || device->memorySpace() != rt::MemorySpace::Host) && PyGILState_Check() != 0)
            {
                py::gil_scoped_release release;
                allocation.reset();
            }
        }

        [[nodiscard]] auto ndim() const -> std::size_t
        {
            return shape.size();
        }

        [[nodiscard]] auto itemSize() const -> std::size_t
        {
            return rt::info(dtype).size;
        }

        [[nodiscard]] auto size() const -> std::size_t
        {
            std::size_t n = 1;
            for(auto s : shape)
                n *= s;
            return n;
        }

        [[nodiscard]] auto nbytes() const -> std::size_t
        {
            return size() * itemSize();
        }

        //! Whether the elements are dense in row-major order (what kernels taking T* expect).
        [[nodiscard]] auto contiguous() const -> bool;
        [[nodiscard]] auto region() const -> rt::Region;
        [[nodiscard]] auto describe() const -> std::string;
    };

    //! The Buffer `obj` is, or null when it is no Buffer (boundObject<Buffer>: launches ask this of every argument).
    auto asBuffer(py::handle obj) -> Buffer const*;

    //! Row-major strides of a dense array.
    auto denseStrides(std::vector<std::size_t> const& shape, std::size_t itemSize) -> std::vector<std::size_t>;

    //! A new buffer of `shape` on dev; MemoryError when the device refuses, ValueError for a bad shape. With
    //! `orderedOn` (a queue of dev) the buffer is queue-ordered: see rt::Device::allocate.
    auto allocateBuffer(
        std::shared_ptr<rt::Device> const& dev,
        std::vector<std::size_t> const& shape,
        rt::DType dtype,
        std::shared_ptr<rt::Queue> const& orderedOn = nullptr) -> std::unique_ptr<Buffer>;

    //! A new buffer of `shape` in host memory that `gpu` copies to and from at full speed (page-locked, mapped),
    //! a buffer of the CPU device `host`; plain host memory of `host` when `gpu` is null or a CPU device.
    auto allocatePinnedBuffer(
        std::shared_ptr<rt::Device> const& host,
        std::shared_ptr<rt::Device> const& gpu,
        std::vector<std::size_t> const& shape,
        rt::DType dtype) -> std::unique_ptr<Buffer>;

    //! A shape: an int or a sequence of ints, 1 to 4 of them, none negative.
    auto toShape(py::handle value) -> std::vector<std::size_t>;

    //! A host-memory region over a NumPy array. `writable` arrays must be writable; arrays whose layout a copy cannot
    //! use (negative or unaligned strides, innermost dimension not contiguous) raise ValueError naming `what`.
    auto arrayRegion(py::array const& array, bool writable, char const* what) -> rt::Region;
} // namespace pyalpaka::bindings
