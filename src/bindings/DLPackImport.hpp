// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Importing a DLPack tensor (_core.from_dlpack). A capsule is untrusted input: any library, or a few lines of ctypes,
//! can make one, so every field of the tensor is checked before a Buffer is built over its memory.

#include <memory>

#include "Buffer.hpp"

namespace pyalpaka::bindings
{
    //! A buffer over the memory of `obj` (an object with __dlpack__, or an unconsumed capsule), without copying; host
    //! tensors become buffers of `hostDevice`. TypeError/ValueError/BufferError name the field that is wrong.
    auto importDLPack(py::object const& obj, std::shared_ptr<rt::Device> const& hostDevice) -> std::unique_ptr<Buffer>;
} // namespace pyalpaka::bindings
