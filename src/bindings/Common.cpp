// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "Common.hpp"

namespace pyalpaka::bindings
{
    auto toDType(py::handle dtypeLike) -> rt::DType
    {
        py::dtype dtype;
        try
        {
            dtype = py::dtype::from_args(py::reinterpret_borrow<py::object>(dtypeLike));
        }
        catch(py::error_already_set const&)
        {
            throw rt::TypeMismatch("not a dtype: " + py::repr(dtypeLike).cast<std::string>());
        }
        rt::DType out{};
        if(!rt::dtypeFromKind(dtype.kind(), static_cast<std::size_t>(dtype.itemsize()), out)
           || dtype.byteorder() == '>')
            throw rt::TypeMismatch(
                "dtype " + py::str(dtype).cast<std::string>()
                + " is not supported; use bool, (u)int8/16/32/64, float32/64 or complex64/128 in native byte order");
        return out;
    }

    auto toNumpy(rt::DType dtype) -> py::dtype
    {
        return py::dtype(std::string(rt::info(dtype).name));
    }

    auto describeDevice(rt::Device const& device) -> std::string
    {
        // The emulated GPU says so in every repr and message that names a device.
        return device.backend().name() + ":" + std::to_string(device.index())
               + (isEmulated(device) ? " (emulated)" : "");
    }

    auto toCount(
        py::handle item,
        py::handle whole,
        std::string const& notInt,
        std::string const& negative,
        std::string const& tooLarge) -> std::size_t
    {
        // NumPy integers are not int subclasses, but they have __index__; bool is an int that is no count.
        if(py::isinstance<py::bool_>(item) || !PyIndex_Check(item.ptr()))
            throw rt::TypeMismatch(notInt + py::repr(whole).cast<std::string>());
        auto const v = py::reinterpret_steal<py::object>(PyNumber_Index(item.ptr()));
        if(!v)
            throw py::error_already_set();
        if(v < py::int_(0))
            throw std::invalid_argument(negative + py::repr(whole).cast<std::string>());
        std::size_t const count = PyLong_AsSize_t(v.ptr());
        if(count == static_cast<std::size_t>(-1) && PyErr_Occurred() != nullptr)
        {
            PyErr_Clear(); // OverflowError: the count does not fit std::size_t
            throw std::invalid_argument(tooLarge + py::repr(whole).cast<std::string>());
        }
        return count;
    }

    auto isIndexScalar(py::handle value) -> bool
    {
        if(!PyIndex_Check(value.ptr()))
            return false;
        if(!PySequence_Check(value.ptr()))
            return true;
        // NumPy arrays have __index__ (for 0-d ones) and are sequences: a sized one is a sequence of ints.
        if(PyObject_Length(value.ptr()) >= 0)
            return false;
        PyErr_Clear();
        return true;
    }

    auto isTextLike(py::handle value) -> bool
    {
        return PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) || PyByteArray_Check(value.ptr());
    }

    auto toExtents(py::handle value, char const* what) -> rt::Extents
    {
        rt::Extents e;
        auto component = [&](py::handle item)
        {
            return toCount(
                item,
                value,
                std::string(what) + " must be an int or a tuple of ints, got ",
                std::string(what) + " must not be negative, got ",
                std::string(what) + " must be below 2**64, got ");
        };
        if(isIndexScalar(value))
        {
            e.dim = 1;
            e.values[0] = component(value);
            return e;
        }
        if(!py::isinstance<py::sequence>(value) || isTextLike(value))
            throw rt::TypeMismatch(
                std::string(what) + " must be an int or a tuple of ints, got " + py::repr(value).cast<std::string>());
        auto const seq = py::reinterpret_borrow<py::sequence>(value);
        if(seq.size() < 1 || seq.size() > rt::maxWorkDivDim)
            throw std::invalid_argument(
                std::string(what) + " must have 1 to 3 components, got " + py::repr(value).cast<std::string>());
        e.dim = seq.size();
        for(std::size_t i = 0; i < e.dim; ++i)
            e.values[i] = component(seq[i]);
        return e;
    }

    auto toTuple(rt::Extents const& e) -> py::tuple
    {
        py::tuple t(e.dim);
        for(std::size_t i = 0; i < e.dim; ++i)
            t[i] = py::int_(e.values[i]);
        return t;
    }

    auto holdWithGil(py::object object) -> std::shared_ptr<py::object>
    {
        return std::shared_ptr<py::object>(
            new py::object(std::move(object)),
            [](py::object* o)
            {
                py::gil_scoped_acquire gil;
                delete o;
            });
    }

    auto shapeString(std::vector<std::size_t> const& shape) -> std::string
    {
        return py::repr(py::tuple(py::cast(shape))).cast<std::string>();
    }
} // namespace pyalpaka::bindings
