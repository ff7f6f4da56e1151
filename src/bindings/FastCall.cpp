// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "FastCall.hpp"

#include <exception>
#include <utility>

namespace pyalpaka::bindings
{
    namespace
    {
        //! The exception raiseCurrentException() hands to pybind11.
        thread_local std::exception_ptr pendingException;
    } // namespace

    auto FastArgs::keyword(std::size_t i) const -> std::string_view
    {
        Py_ssize_t size = 0;
        char const* text = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(names, static_cast<Py_ssize_t>(i)), &size);
        if(text == nullptr)
            throw py::error_already_set();
        return {text, static_cast<std::size_t>(size)};
    }

    auto FastArgs::from(std::size_t first) const -> py::args
    {
        auto const size = first < count ? count - first : 0;
        auto tuple = py::reinterpret_steal<py::args>(PyTuple_New(static_cast<Py_ssize_t>(size)));
        if(!tuple)
            throw py::error_already_set();
        for(std::size_t i = 0; i < size; ++i)
        {
            Py_INCREF(items[first + i]);
            PyTuple_SET_ITEM(tuple.ptr(), static_cast<Py_ssize_t>(i), items[first + i]);
        }
        return tuple;
    }

    void raiseCurrentException()
    {
        // pybind11 translates only in its dispatcher (its own function for it is an internal one, and new): a bound
        // function that rethrows the exception lets the dispatcher do it, with every translator the module has.
        static auto* const rethrow
            = new py::cpp_function([] { std::rethrow_exception(std::exchange(pendingException, nullptr)); });
        pendingException = std::current_exception();
        if(PyObject* const result = PyObject_CallNoArgs(rethrow->ptr()))
        {
            Py_DECREF(result); // cannot happen: the function always throws
            PyErr_SetString(PyExc_SystemError, "pyalpaka: an exception was lost");
        }
    }

    void defFastMethod(py::handle cls, PyMethodDef& method)
    {
        auto const descriptor
            = py::reinterpret_steal<py::object>(PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &method));
        if(!descriptor)
            throw py::error_already_set();
        py::setattr(cls, method.ml_name, descriptor);
    }
} // namespace pyalpaka::bindings
