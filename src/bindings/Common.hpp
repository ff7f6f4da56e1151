// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the binding files share: conversions between Python values and runtime types, and the declarations of each
//! file's bind function.

#include <memory>
#include <string>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "runtime/DType.hpp"
#include "runtime/Errors.hpp"
#include "runtime/Runtime.hpp"

namespace pyalpaka::bindings
{
    namespace py = pybind11;

    //! The runtime dtype of anything np.dtype() accepts; TypeError for dtypes kernels cannot use.
    auto toDType(py::handle dtypeLike) -> rt::DType;
    //! The NumPy dtype object of a runtime dtype.
    auto toNumpy(rt::DType dtype) -> py::dtype;

    //! "backend:index" ("cuda:0 (emulated)" on the emulated GPU), how messages and repr name a device.
    auto describeDevice(rt::Device const& device) -> std::string;
    //! Whether `device` is the emulated GPU (PYALPAKA_GPU_EMULATOR), whose memory is host memory that no other library
    //! may take for a GPU's: its buffers export neither DLPack nor the CUDA Array Interface.
    [[nodiscard]] inline auto isEmulated(rt::Device const& device) -> bool
    {
        return device.architecture() == "emulated";
    }

    //! Throws `TError` saying why an emulated device's buffer cannot be handed to another library through `protocol`.
    template<typename TError>
    [[noreturn]] void refuseEmulatedExport(char const* protocol)
    {
        throw TError(
            std::string(protocol)
            + ": the buffer is on the emulated GPU (PYALPAKA_GPU_EMULATOR), whose memory is host memory that another "
              "library would take for a GPU's; copy it to the host with Buffer.to_numpy() instead");
    }

    //! A non-negative int (or NumPy integer) `item` of the user's value `whole`; TypeError "<notInt><repr(whole)>" for
    //! anything else, ValueError "<negative><repr(whole)>" below zero and "<tooLarge><repr(whole)>" from 2**64 on.
    auto toCount(
        py::handle item,
        py::handle whole,
        std::string const& notInt,
        std::string const& negative,
        std::string const& tooLarge) -> std::size_t;

    //! Whether `value` is one int-like value (int, NumPy integer, 0-d integer array) rather than a sequence of them.
    auto isIndexScalar(py::handle value) -> bool;
    //! str, bytes and bytearray: sequences, but never of extents (b"2" is not the extent 50).
    auto isTextLike(py::handle value) -> bool;

    //! A shape as Python prints it: "(2, 3)".
    auto shapeString(std::vector<std::size_t> const& shape) -> std::string;

    //! An int or a sequence of ints as Extents of 1 to 3 components; ValueError names `what` otherwise.
    auto toExtents(py::handle value, char const* what) -> rt::Extents;
    auto toTuple(rt::Extents const& e) -> py::tuple;

    //! A Python callable kept by C++ code that may drop it on another thread: releasing it takes the GIL.
    auto holdWithGil(py::object object) -> std::shared_ptr<py::object>;

    void bindDevices(py::module_& m);
    void bindQueues(py::module_& m);
    void bindBuffers(py::module_& m);
    void bindMemoryPools(py::module_& m);
    void bindCopies(py::module_& m);
    void bindDLPack(py::module_& m);
    void bindWorkDivs(py::module_& m);
    void bindKernels(py::module_& m);
    void bindJitKernels(py::module_& m);
    void bindPlannedCalls(py::module_& m);
    void bindTracing(py::module_& m);
} // namespace pyalpaka::bindings
