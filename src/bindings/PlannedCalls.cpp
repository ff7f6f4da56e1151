// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.PlannedLauncher: the repeated call of a one-line kernel (pyalpaka.ElementwiseKernel derives from it) in C++.
//!
//! A one-line kernel plans each call from its arguments' layouts (dtypes, shapes, strides, Python number types) in
//! Python, which costs about 2 us when done again for every call (docs/elementwise.md, "What a call costs"). So the
//! Python side, after a call whose arguments pass to the generated kernel as they are, remembers that call here:
//! what its plan depended on of each argument, the kernel, the work division and the values appended after the
//! arguments. A later call whose arguments have the same layout launches from here, comparing a few words per
//! argument instead of building a Python key; any other call goes to the Python method `_call` (which plans, and
//! remembers again when it can).

#include <cstdint>
#include <utility>
#include <vector>

#include "FastCall.hpp"
#include "JitLauncher.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! What the plan depended on of one argument: its exact Python type and, for an array or a buffer, its
        //! element type, shape, strides, writability (and device).
        struct ArgLayout
        {
            enum class Kind
            {
                Number, //!< a Python or NumPy number: its type says all
                Array,  //!< a NumPy ndarray
                Buffer  //!< a pyalpaka.Buffer
            };

            Kind kind = Kind::Number;
            PyTypeObject* type = nullptr;
            PyObject* descr = nullptr;          //!< an array's dtype object, compared by identity (held by `held`)
            rt::DType dtype{};                  //!< a buffer's element type
            rt::Device const* device = nullptr; //!< a buffer's device (it picks the queue when none is given)
            std::vector<std::ptrdiff_t> shape;
            std::vector<std::ptrdiff_t> strides;
            bool writable = false;
            py::object held;    //!< keeps `type` and `descr` alive, so that their addresses cannot pass to others
            py::object convert; //!< a number's NumPy type to convert it to, or None: passed as it is
        };

        void arrayLayout(py::handle arg, ArgLayout& layout)
        {
            auto const* const proxy = py::detail::array_proxy(arg.ptr());
            layout.kind = ArgLayout::Kind::Array;
            layout.descr = proxy->descr;
            layout.shape.assign(proxy->dimensions, proxy->dimensions + proxy->nd);
            layout.strides.assign(proxy->strides, proxy->strides + proxy->nd);
            layout.writable = (proxy->flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_) != 0;
        }

        //! Whether `arg` has the layout remembered in `layout` (no allocation, no Python call).
        auto sameLayout(py::handle arg, ArgLayout const& layout) -> bool
        {
            if(Py_TYPE(arg.ptr()) != layout.type)
                return false;
            switch(layout.kind)
            {
                case ArgLayout::Kind::Number:
                    return true;
                case ArgLayout::Kind::Array:
                {
                    auto const* const proxy = py::detail::array_proxy(arg.ptr());
                    auto const nd = static_cast<std::size_t>(proxy->nd);
                    if(proxy->descr != layout.descr || nd != layout.shape.size()
                       || ((proxy->flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_) != 0) != layout.writable)
                        return false;
                    for(std::size_t d = 0; d != nd; ++d)
                        if(proxy->dimensions[d] != layout.shape[d] || proxy->strides[d] != layout.strides[d])
                            return false;
                    return true;
                }
                case ArgLayout::Kind::Buffer:
                {
                    auto const* const buffer = asBuffer(arg);
                    if(buffer == nullptr || buffer->dtype != layout.dtype || buffer->device.get() != layout.device
                       || buffer->readonly == layout.writable || buffer->shape.size() != layout.shape.size())
                        return false;
                    for(std::size_t d = 0; d != buffer->shape.size(); ++d)
                        if(static_cast<std::ptrdiff_t>(buffer->shape[d]) != layout.shape[d]
                           || static_cast<std::ptrdiff_t>(buffer->strides[d]) != layout.strides[d])
                            return false;
                    return true;
                }
            }
            return false;
        }

        //! The remembered call. `result`: the index of the argument returned, or one of the codes below.
        class PlannedLauncher
        {
        public:
            static constexpr int returnsNone = -1;
            static constexpr int returnsOutputs = -2; //!< a tuple of the arguments from `firstOutput` on

            //! Remembers a call (PlannedLauncher._remember_call, after the call launched through the same path).
            void remember(
                py::object const& givenQueue,
                py::object const& queue,
                py::object const& size,
                py::tuple const& args,
                py::tuple const& converters,
                py::object const& kernel,
                py::object const& workDiv,
                py::tuple const& values,
                int result,
                std::size_t firstOutput)
            {
                forget();
                if(converters.size() != args.size())
                    throw std::invalid_argument("_remember_call: one converter (or None) per argument");
                if(result < returnsOutputs || result >= static_cast<int>(args.size()) || firstOutput > args.size())
                    throw std::invalid_argument("_remember_call: result or first_output is not an argument's index");
                std::vector<ArgLayout> layouts(args.size());
                for(std::size_t i = 0; i < args.size(); ++i)
                {
                    auto const arg = argAt(args, i);
                    auto& layout = layouts[i];
                    layout.type = Py_TYPE(arg.ptr());
                    if(auto const* const buffer = asBuffer(arg))
                    {
                        layout.kind = ArgLayout::Kind::Buffer;
                        layout.dtype = buffer->dtype;
                        layout.device = buffer->device.get();
                        layout.writable = !buffer->readonly;
                        layout.shape.assign(buffer->shape.begin(), buffer->shape.end());
                        layout.strides.assign(buffer->strides.begin(), buffer->strides.end());
                    }
                    else if(py::isinstance<py::array>(arg))
                        arrayLayout(arg, layout);
                    else if(auto const kind = classify(arg).kind; kind != ArgInfo::Kind::Integer
                                                                  && kind != ArgInfo::Kind::Real
                                                                  && kind != ArgInfo::Kind::Boolean)
                        return; // something else (an array-like, a struct): every call of it is planned in Python
                    auto const type = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(layout.type));
                    layout.held = py::make_tuple(
                        type, layout.descr != nullptr ? py::reinterpret_borrow<py::object>(layout.descr) : py::none());
                    layout.convert = py::reinterpret_borrow<py::object>(converters[i]);
                }
                m_queue = boundObject<QueueHandle>(queue);
                m_workDiv = boundObject<rt::WorkDiv>(workDiv);
                m_launcher = boundObject<JitLauncher>(kernel);
                if(m_queue == nullptr || m_workDiv == nullptr || m_launcher == nullptr)
                    throw std::invalid_argument("_remember_call: a queue, a work division and a kernel are needed");
                m_sizeGiven = !size.is_none();
                if(m_sizeGiven)
                    m_size = size.cast<std::int64_t>();
                m_givenQueue = givenQueue;
                m_objects = py::make_tuple(queue, workDiv, kernel);
                m_values = values;
                m_layouts = std::move(layouts);
                m_result = result;
                m_firstOutput = firstOutput;
                m_valid = true;
            }

            void forget()
            {
                m_valid = false;
            }

            //! The call `(*args, size=..., queue=...)` launched from here, or a null object where its layout is not
            //! the remembered one (the caller plans it).
            auto tryCall(FastArgs const& args) -> py::object
            {
                if(!m_valid || args.count != m_layouts.size())
                    return {};
                PyObject* queue = Py_None;
                PyObject* size = Py_None;
                for(std::size_t i = 0; i < args.keywordCount(); ++i)
                {
                    auto const name = args.keyword(i);
                    if(name == "queue")
                        queue = args.keywordValue(i).ptr();
                    else if(name == "size")
                        size = args.keywordValue(i).ptr();
                    else
                        return {};
                }
                if(queue != m_givenQueue.ptr() || !sameSize(size))
                    return {};
                for(std::size_t i = 0; i != args.count; ++i)
                    if(!sameLayout(args.items[i], m_layouts[i]))
                        return {};
                return launch(args);
            }

        private:
            [[nodiscard]] auto sameSize(PyObject* size) const -> bool
            {
                if(size == Py_None)
                    return !m_sizeGiven;
                if(!m_sizeGiven || !PyLong_CheckExact(size))
                    return false;
                int overflow = 0;
                auto const value = PyLong_AsLongLongAndOverflow(size, &overflow);
                return overflow == 0 && value == m_size;
            }

            auto launch(FastArgs const& args) -> py::object
            {
                auto const count = args.count;
                py::tuple launchArgs(count + m_values.size());
                for(std::size_t i = 0; i != count; ++i)
                {
                    auto const& convert = m_layouts[i].convert;
                    PyObject* value = args.items[i];
                    if(convert.is_none())
                        Py_INCREF(value);
                    else if((value = PyObject_CallOneArg(convert.ptr(), value)) == nullptr)
                    {
                        PyErr_Clear(); // out of the parameter's range: planning it again raises what is wrong
                        return {};
                    }
                    PyTuple_SET_ITEM(launchArgs.ptr(), static_cast<Py_ssize_t>(i), value);
                }
                for(std::size_t i = 0; i != m_values.size(); ++i)
                {
                    auto* const value = PyTuple_GET_ITEM(m_values.ptr(), static_cast<Py_ssize_t>(i));
                    Py_INCREF(value);
                    PyTuple_SET_ITEM(launchArgs.ptr(), static_cast<Py_ssize_t>(count + i), value);
                }
                // Held here: the launch releases the GIL, and another thread may remember another call meanwhile.
                auto const objects = m_objects;
                auto const values = m_values;
                auto* const queue = m_queue;
                auto const* const workDiv = m_workDiv;
                auto* const launcher = m_launcher;
                auto const result = m_result;
                auto const firstOutput = m_firstOutput;
                try
                {
                    launcher->call(*queue, *workDiv, py::reinterpret_borrow<py::args>(launchArgs), false);
                }
                catch(...)
                {
                    forget(); // the next call plans again (and explains a compile error)
                    throw;
                }
                if(result >= 0)
                    return py::reinterpret_borrow<py::object>(args.items[result]);
                if(result == returnsNone)
                    return py::none();
                py::tuple outputs(count - firstOutput);
                for(std::size_t i = firstOutput; i != count; ++i)
                    outputs[i - firstOutput] = py::reinterpret_borrow<py::object>(args.items[i]);
                return outputs;
            }

            bool m_valid = false;
            std::vector<ArgLayout> m_layouts;
            py::object m_givenQueue = py::none(); //!< queue= as given (None where it was not)
            bool m_sizeGiven = false;
            std::int64_t m_size = 0;
            py::tuple m_objects; //!< the queue launched on, the work division, the kernel: kept alive
            QueueHandle* m_queue = nullptr;
            rt::WorkDiv const* m_workDiv = nullptr;
            JitLauncher* m_launcher = nullptr;
            py::tuple m_values;
            int m_result = returnsNone;
            std::size_t m_firstOutput = 0;
        };

        //! PlannedLauncher.__call__(*args, **kwargs): the remembered call's launch, else self._call(*args, **kwargs).
        auto callPlanned(py::handle self, FastArgs const& args) -> py::object
        {
            auto& planned = *boundObject<PlannedLauncher>(self);
            if(auto result = planned.tryCall(args))
                return result;
            auto const method = self.attr("_call");
            auto* const result = PyObject_Vectorcall(method.ptr(), args.items, args.count, args.names);
            if(result == nullptr)
                throw py::error_already_set();
            return py::reinterpret_steal<py::object>(result);
        }

        PyMethodDef callPlannedMethod{
            "__call__",
            reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fastMethod<&callPlanned>)),
            METH_FASTCALL | METH_KEYWORDS,
            "__call__($self, /, *args, **kwargs)\n--\n\n"
            "Launches like the call remembered last where the arguments have its layout, else calls self._call."};
    } // namespace

    void bindPlannedCalls(py::module_& m)
    {
        auto planned
            = py::class_<PlannedLauncher>(
                  m,
                  "PlannedLauncher",
                  "The base of pyalpaka's one-line kernels: a call with the layout of the call remembered last "
                  "launches from C++; any other call goes to the subclass's _call.")
                  .def(py::init<>())
                  .def(
                      "_remember_call",
                      &PlannedLauncher::remember,
                      py::arg("given_queue"),
                      py::arg("queue"),
                      py::arg("size"),
                      py::arg("args"),
                      py::arg("converters"),
                      py::arg("kernel"),
                      py::arg("workdiv"),
                      py::arg("values"),
                      py::arg("result"),
                      py::arg("first_output"),
                      "Remembers a call whose arguments (after `converters`, a NumPy type or None each) were launched "
                      "as kernel(queue, workdiv, *args, *values); `result`: the index of the argument returned, -1 "
                      "for None, -2 for the tuple of the arguments from `first_output` on.")
                  .def("_forget_call", &PlannedLauncher::forget, "Forgets the remembered call.");
        defFastMethod(planned, callPlannedMethod);
    }
} // namespace pyalpaka::bindings
