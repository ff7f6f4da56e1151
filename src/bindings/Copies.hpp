// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Copies and byte fills in queue order of Buffers and NumPy arrays: _core.memcpy/memset, and what the buffer
//! functions that copy (asarray, zeros, Buffer.to_numpy) call.

#include <vector>

#include "Buffer.hpp"
#include "QueueHandle.hpp"

namespace pyalpaka::bindings
{
    //! A copy operand: its region, the dtype, and the object to keep alive while the copy is pending.
    struct Operand
    {
        rt::Region region;
        rt::DType dtype;
        py::object keep;
        std::vector<std::size_t> shape;
    };

    //! The operand of a Buffer or an array-like `obj` (a destination must be a writable Buffer or NumPy array; a
    //! source of any layout is copied through a contiguous temporary); `what` names it in errors.
    auto operand(py::object const& obj, bool destination, char const* what) -> Operand;

    //! Copies src to dst (shapes equal, or the leading `extent` elements of both) in queue order.
    void enqueueCopy(QueueHandle& queue, py::object const& dst, py::object const& src, py::object const& extent);

    //! Sets every byte of dst (or of its leading `extent` elements) to `byte` in queue order.
    void enqueueSet(QueueHandle& queue, py::object const& dst, py::handle byte, py::object const& extent);
} // namespace pyalpaka::bindings
