// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Struct arguments: a C++ struct passed by value from a NumPy structured scalar (numpy.void) or 0-d structured array
//! whose dtype has the struct's layout. Shipped kernels know the layout from the struct itself (StructLayout, see
//! src/runtime/AotLaunch.hpp); run-time compiled kernels from the dtypes registered with pyalpaka.Kernel(structs=),
//! which the compiled unit checks against the C++ struct.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "KernelArgs.hpp"

namespace pyalpaka::bindings
{
    //! numpy.void, the type of structured scalars.
    auto numpyVoidType() -> PyTypeObject*;

    //! The structured dtype of a structured NumPy scalar (numpy.void) or array, none for any other value.
    auto structuredDType(py::handle arg) -> std::optional<py::dtype>;

    //! The NumPy structured dtype with the layout of a C++ struct (made once per layout).
    auto structDType(rt::StructLayout const& layout) -> py::dtype;

    //! Copies a struct value (argument `index`, named `what` in errors) into `values` after checking that its dtype
    //! has the struct's layout: TypeError naming the first field that differs.
    void storeStruct(
        rt::StructLayout const& layout, py::handle arg, std::string const& what, ArgValues& values, std::size_t index);

    //! A C++ struct a kernel takes by value and the NumPy structured dtype of its layout (Kernel's structs=).
    struct StructType
    {
        std::string name;
        py::object dtype;
        std::size_t size = 0;
    };

    //! Not a struct argument (StructType index).
    inline constexpr int notStruct = -1;
    //! The key character of a struct argument's kind (the other kinds' are rt::ParamKind's values).
    inline constexpr char structKeyKind = static_cast<char>(rt::ParamKind::Struct);

    //! "Params = dtype([...]), ..." for messages.
    auto describeStructs(std::vector<StructType> const& structs) -> std::string;

    //! The index in `structs` of a struct argument, notStruct for a value that is no structured NumPy value;
    //! TypeError for a structured value that is not a scalar or 0-d array of a registered dtype.
    template<typename TWhat>
    auto structIndex(std::vector<StructType> const& structs, py::handle arg, TWhat const& what) -> int
    {
        auto const dtype = structuredDType(arg);
        if(!dtype)
            return notStruct;
        if(py::isinstance<py::array>(arg))
            if(auto const array = py::reinterpret_borrow<py::array>(arg); array.ndim() != 0)
                throw rt::TypeMismatch(
                    what() + " is a structured array of shape " + py::repr(array.attr("shape")).cast<std::string>()
                    + "; a struct argument is one value: a structured scalar (array[i]) or a 0-d array");
        for(std::size_t i = 0; i < structs.size(); ++i)
        {
            int const equal = PyObject_RichCompareBool(dtype->ptr(), structs[i].dtype.ptr(), Py_EQ);
            if(equal < 0)
                throw py::error_already_set();
            if(equal == 1)
                return static_cast<int>(i);
        }
        throw rt::TypeMismatch(
            what() + " has the structured dtype " + py::repr(*dtype).cast<std::string>() + ", which is not "
            + (structs.empty() ? std::string("registered: pass structs={'CppName': dtype} to pyalpaka.Kernel")
                               : "a registered struct's: expected " + describeStructs(structs)));
    }
} // namespace pyalpaka::bindings
