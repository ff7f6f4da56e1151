// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Struct arguments (StructArgs.hpp): the dtype of a struct layout, the layout check of a struct value, and the lookup
//! of a value's dtype among a run-time compiled kernel's registered structs.

#include "StructArgs.hpp"

#include <cstring>
#include <map>

namespace pyalpaka::bindings
{
    namespace
    {
        //! Why a struct value's dtype does not have `layout`, "" when it has (the dtypes may still differ, e.g. in
        //! their align flag, which the bytes do not care about).
        auto layoutMismatch(py::dtype const& got, rt::StructLayout const& layout) -> std::string
        {
            auto const expected = structDType(layout);
            auto const name = std::string(layout.name());
            // dtype.fields is a mappingproxy: copy it into dicts.
            py::dict const gotFields(got.attr("fields"));
            py::dict const wantFields(expected.attr("fields"));
            for(auto const& field : layout.fields)
            {
                auto const fieldName = py::str(std::string(field.name));
                if(!gotFields.contains(fieldName))
                    return "it has no field '" + std::string(field.name) + "', which " + name + " has";
                auto const gotField = gotFields[fieldName].cast<py::tuple>();
                auto const wantField = wantFields[fieldName].cast<py::tuple>();
                if(!gotField[0].equal(wantField[0]))
                    return "its field '" + std::string(field.name) + "' is " + py::str(gotField[0]).cast<std::string>()
                           + ", in " + name + " it is " + py::str(wantField[0]).cast<std::string>();
                if(auto const offset = gotField[1].cast<std::size_t>(); offset != field.offset)
                    return "its field '" + std::string(field.name) + "' is at byte " + std::to_string(offset) + ", in "
                           + name + " at byte " + std::to_string(field.offset)
                           + " (C++ aligns fields: make the dtype with align=True)";
            }
            for(auto const item : gotFields)
            {
                auto const fieldName = item.first.cast<std::string>();
                if(!wantFields.contains(item.first))
                    return "it has a field '" + fieldName + "', which " + name + " does not have";
            }
            if(auto const size = static_cast<std::size_t>(got.itemsize()); size != layout.size)
                return "it is " + std::to_string(size) + " bytes, " + name + " is " + std::to_string(layout.size)
                       + (size < layout.size ? " (C++ pads structs to their alignment: make the dtype with align=True)"
                                             : "");
            return {};
        }
    } // namespace

    auto numpyVoidType() -> PyTypeObject*
    {
        static py::object const type = py::module_::import("numpy").attr("void");
        return reinterpret_cast<PyTypeObject*>(type.ptr());
    }

    //! Copies a struct value into `values` after checking that its dtype has the struct's layout.
    void storeStruct(
        rt::StructLayout const& layout, py::handle arg, std::string const& what, ArgValues& values, std::size_t index)
    {
        auto const array = py::array::ensure(arg); // a numpy.void scalar is read through a 0-d array of it
        if(!array)
            throw py::error_already_set();
        if(!array.dtype().equal(structDType(layout)))
            if(auto const why = layoutMismatch(array.dtype(), layout); !why.empty())
                throw rt::TypeMismatch(
                    what + " does not have the layout of the struct " + std::string(layout.name()) + ": " + why
                    + "; expected " + py::repr(structDType(layout)).cast<std::string>());
        std::memcpy(values.storage(index, layout.size), array.data(), layout.size);
    }

    auto structuredDType(py::handle arg) -> std::optional<py::dtype>
    {
        py::dtype dtype;
        if(py::isinstance<py::array>(arg))
            dtype = py::reinterpret_borrow<py::array>(arg).dtype();
        else if(PyObject_TypeCheck(arg.ptr(), numpyVoidType()) != 0)
            dtype = py::reinterpret_borrow<py::dtype>(arg.attr("dtype"));
        else
            return std::nullopt;
        if(!dtype.has_fields())
            return std::nullopt;
        return dtype;
    }

    auto structDType(rt::StructLayout const& layout) -> py::dtype
    {
        static auto* made = new std::map<rt::StructLayout const*, py::dtype>(); // leaked: outlives the interpreter
        if(auto const it = made->find(&layout); it != made->end())
            return it->second;
        py::list names;
        py::list formats;
        py::list offsets;
        for(auto const& field : layout.fields)
        {
            names.append(std::string(field.name));
            formats.append(std::string(rt::info(field.dtype).name));
            offsets.append(field.offset);
        }
        py::dict spec;
        spec["names"] = names;
        spec["formats"] = formats;
        spec["offsets"] = offsets;
        spec["itemsize"] = layout.size;
        spec["aligned"] = true;
        auto dtype = py::dtype::from_args(spec);
        made->emplace(&layout, dtype);
        return dtype;
    }

    auto describeStructs(std::vector<StructType> const& structs) -> std::string
    {
        std::string text;
        for(auto const& s : structs)
            text += (text.empty() ? "" : ", ") + s.name + " = " + py::repr(s.dtype).cast<std::string>();
        return text;
    }
} // namespace pyalpaka::bindings
