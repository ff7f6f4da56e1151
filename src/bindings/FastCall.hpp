// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The calls made at the rate of kernel launches (pyalpaka.Kernel's and the shipped kernels' __call__), bound as
//! CPython "fastcall" methods instead of through pybind11's dispatcher: its overload resolution, argument casters
//! and keyword pass cost more than the rest of a launch (docs/dev/measurements.md#the-launch-from-python). What
//! pybind11 gives every bound function they keep: a C++ exception becomes the Python exception that the module's
//! registered translators make of it.
//!
//! boundObject<T>() is the C++ object behind a Python object, for these calls and for every kernel argument.

#include <cstddef>
#include <string_view>
#include <typeinfo>
#include <vector>

#ifdef __GLIBCXX__
#    include <cxxabi.h>
#endif

#include "Common.hpp"

namespace pyalpaka::bindings
{
    //! The arguments of a fastcall: `count` positional ones, then one for each name of the tuple `names` (or none).
    struct FastArgs
    {
        PyObject* const* items;
        std::size_t count;
        PyObject* names;

        [[nodiscard]] auto keywordCount() const -> std::size_t
        {
            return names == nullptr ? 0 : static_cast<std::size_t>(PyTuple_GET_SIZE(names));
        }

        //! The name of keyword argument `i`.
        [[nodiscard]] auto keyword(std::size_t i) const -> std::string_view;

        [[nodiscard]] auto keywordValue(std::size_t i) const -> py::handle
        {
            return items[count + i];
        }

        //! The positional arguments from `first` on, as a tuple (what py::args holds in a pybind11 function).
        [[nodiscard]] auto from(std::size_t first) const -> py::args;
    };

    //! Sets the Python exception that pybind11's registered translators make of the C++ exception being handled.
    void raiseCurrentException();

    //! The CPython fastcall function of `TMethod`, a `py::object (py::handle self, FastArgs const& args)`.
    template<auto TMethod>
    auto fastMethod(PyObject* self, PyObject* const* items, Py_ssize_t count, PyObject* names) -> PyObject*
    {
        try
        {
            return TMethod(self, FastArgs{items, static_cast<std::size_t>(count), names}).release().ptr();
        }
        catch(py::error_already_set& e)
        {
            e.restore();
        }
#ifdef __GLIBCXX__
        catch(abi::__forced_unwind const&) // a cancelled thread unwinds through, as pybind11's dispatcher lets it
        {
            throw;
        }
#endif
        catch(...)
        {
            raiseCurrentException();
        }
        return nullptr;
    }

    //! Makes `method` (of static storage, flags METH_FASTCALL | METH_KEYWORDS) a method of the bound class `cls`.
    void defFastMethod(py::handle cls, PyMethodDef& method);

    //! The C++ object of type T that `obj` holds, or null when obj is no instance of T's bound class (or of a Python
    //! subclass of it). py::isinstance<T> and a cast search pybind11's type tables and call the metaclass's
    //! __instancecheck__ on every use; this compares the type with the ones seen before. The first instance of each
    //! Python type goes through pybind11, which says whether the type's instances hold a T as their one bound value
    //! (those types are remembered, held so that a type's address cannot pass to another type); the others, a C++
    //! class derived from T say, are cast by pybind11 each time.
    template<typename T>
    auto boundObject(py::handle obj) -> T*
    {
        static auto* const known = new std::vector<py::object>{py::type::of<T>()}; // leaked: outlives the interpreter
        constexpr std::size_t remembered = 16; // T's class and a few subclasses (pyalpaka.Kernel): any more are cast
        auto* const type = reinterpret_cast<PyObject*>(Py_TYPE(obj.ptr()));
        bool simple = false;
        for(auto const& candidate : *known)
            simple = simple || candidate.ptr() == type;
        if(!simple)
        {
            // What py::isinstance<T> says (pybind11's metaclass has no __instancecheck__), without its type lookup:
            // every argument of another kind (a NumPy array, a number) asks this.
            if(PyType_IsSubtype(Py_TYPE(obj.ptr()), reinterpret_cast<PyTypeObject*>(known->front().ptr())) == 0)
                return nullptr;
            auto const& bases = py::detail::all_type_info(Py_TYPE(obj.ptr()));
            if(bases.size() != 1 || *bases.front()->cpptype != typeid(T) || known->size() >= remembered)
                return &obj.cast<T&>();
            known->push_back(py::reinterpret_borrow<py::object>(type));
        }
        auto* const instance = reinterpret_cast<py::detail::instance*>(obj.ptr());
        if(instance->simple_layout)
        {
            // The value pybind11's instance::get_value_and_holder() finds first, without the call.
            py::detail::value_and_holder const held(instance, nullptr, 0, 0);
            if(held.holder_constructed())
                return held.value_ptr<T>();
        }
        return &obj.cast<T&>(); // no value (an __init__ that did not run): the cast says so
    }
} // namespace pyalpaka::bindings
