// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core's tracing functions, under pyalpaka.trace (python/pyalpaka/_trace.py): one process-wide recorder
//! (alpaka::trace::ChromeTraceRecorder) installed while a trace runs, records of Python's own work (compilations),
//! and the launch descriptions the kernel launchers give the queues.

#include "Tracing.hpp"

#include <alpaka/trace/ChromeTrace.hpp>

#include <array>
#include <charconv>
#include <string>
#include <string_view>

#include "Buffer.hpp"
#include "runtime/Nvtx.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        namespace trace = alpaka::trace;

        //! The recorder of pyalpaka.trace; never destroyed (queues' workers may record while the process exits).
        auto recorder() -> trace::ChromeTraceRecorder&
        {
            static auto* r = new trace::ChromeTraceRecorder;
            return *r;
        }

        auto opFromName(std::string const& name) -> trace::Op
        {
            for(auto op = std::uint8_t{0}; op <= static_cast<std::uint8_t>(trace::Op::Other); ++op)
                if(name == trace::opName(static_cast<trace::Op>(op)))
                    return static_cast<trace::Op>(op);
            throw std::invalid_argument("unknown trace operation kind '" + name + "'");
        }

        void appendShape(std::string& s, std::vector<std::size_t> const& shape)
        {
            s += '[';
            for(std::size_t i = 0; i < shape.size(); ++i)
            {
                if(i != 0)
                    s += ", ";
                s += std::to_string(shape[i]);
            }
            s += ']';
        }

        //! "float32": a NumPy dtype's name from its kind and size (numpy.dtype.__str__ is Python code: a launch
        //! would spend microseconds in it).
        void appendDtype(std::string& s, py::dtype const& dtype)
        {
            switch(dtype.kind())
            {
                case 'b':
                    s += "bool";
                    return;
                case 'i':
                    s += "int";
                    break;
                case 'u':
                    s += "uint";
                    break;
                case 'f':
                    s += "float";
                    break;
                case 'c':
                    s += "complex";
                    break;
                case 'V':
                    s += "void";
                    break;
                default:
                    s += dtype.kind();
                    break;
            }
            s += std::to_string(dtype.itemsize() * 8);
        }

        //! The value of a number: a float as repr() shows it (the shortest text that reads back the same; a float32
        //! as a float32), an integer in decimal. std::to_chars: no allocation, unlike Python's own formatting.
        void appendNumber(std::string& s, py::handle number, bool real, bool single = false)
        {
            if(real)
            {
                double const value = PyFloat_AsDouble(number.ptr());
                if(value == -1.0 && PyErr_Occurred())
                {
                    PyErr_Clear();
                    s += '?';
                    return;
                }
                std::array<char, 32> text{};
                auto const end = single
                                     ? std::to_chars(text.data(), text.data() + text.size(), static_cast<float>(value))
                                     : std::to_chars(text.data(), text.data() + text.size(), value);
                std::string_view const digits(text.data(), static_cast<std::size_t>(end.ptr - text.data()));
                s += digits;
                if(digits.find_first_of(".eni") == std::string_view::npos)
                    s += ".0"; // 2.0, as repr() writes it (not inf or nan)
                return;
            }
            int overflow = 0;
            auto const index = py::reinterpret_steal<py::object>(PyNumber_Index(number.ptr()));
            long long const value = index ? PyLong_AsLongLongAndOverflow(index.ptr(), &overflow) : 0;
            if(!index || overflow != 0 || (value == -1 && PyErr_Occurred()))
            {
                PyErr_Clear();
                auto const text = py::reinterpret_steal<py::object>(PyObject_Str(number.ptr()));
                if(text)
                    s += text.cast<std::string>();
                else
                {
                    PyErr_Clear();
                    s += '?';
                }
                return;
            }
            s += std::to_string(value);
        }

        //! One argument as a trace shows it: "float32[1000]" for buffers and arrays, the value of a Python number,
        //! "float32(0.5)" for a NumPy scalar, the type's name otherwise.
        void appendArg(std::string& s, py::handle arg)
        {
            if(auto const* buffer = asBuffer(arg))
            {
                s += rt::info(buffer->dtype).name;
                appendShape(s, buffer->shape);
                return;
            }
            if(py::isinstance<py::array>(arg))
            {
                auto const array = py::reinterpret_borrow<py::array>(arg);
                appendDtype(s, array.dtype());
                appendShape(s, {array.shape(), array.shape() + array.ndim()});
                return;
            }
            std::string_view const type = Py_TYPE(arg.ptr())->tp_name;
            if(type.rfind("numpy.", 0) == 0)
            {
                // A NumPy scalar: "float32(0.5)", its value read through the number protocol (NumPy's own str()
                // formats through Python code for some types).
                s += type.substr(6);
                s += '(';
                appendNumber(s, arg, type.substr(6, 5) == "float", type == "numpy.float32" || type == "numpy.float16");
                s += ')';
                return;
            }
            if(PyBool_Check(arg.ptr()))
            {
                s += arg.ptr() == Py_True ? "True" : "False";
                return;
            }
            if(PyLong_Check(arg.ptr()) || PyFloat_Check(arg.ptr()))
            {
                appendNumber(s, arg, PyFloat_Check(arg.ptr()));
                return;
            }
            s += type;
        }
    } // namespace

    void appendArgs(std::string& s, py::args const& args)
    {
        for(std::size_t i = 0; i < args.size(); ++i)
        {
            if(i != 0)
                s += ", ";
            appendArg(s, args[i]);
        }
    }

    auto describeArgs(py::args const& args) -> std::string
    {
        std::string s;
        s.reserve(64);
        appendArgs(s, args);
        return s;
    }

    auto describeKernelLaunch(std::string name, rt::WorkDiv const& workDiv, py::args const& args)
        -> alpaka::trace::Description
    {
        auto what = trace::describeKernel(
            std::move(name),
            workDiv.dim(),
            workDiv.gridBlocks.values.data(),
            workDiv.blockThreads.values.data(),
            workDiv.threadElems.values.data(),
            0);
        // As rt::appendLaunchNote writes it, without the note's own string.
        what.args += "; arguments: ";
        appendArgs(what.args, args);
        return what;
    }

    void bindTracing(py::module_& m)
    {
        m.def(
            "trace_start",
            []
            {
                if(trace::enabled())
                    throw std::runtime_error(
                        "a trace is running already: pyalpaka.trace records one at a time (end the other one first)");
                static_cast<void>(recorder().take()); // what an interrupted trace left
                trace::install(&recorder());
            },
            "Installs the process's recorder: every queue operation from now on is recorded.");
        m.def(
            "trace_stop",
            [](py::object const& path, std::string const& processName, std::int64_t originNs)
            {
                std::vector<trace::Event> events;
                {
                    py::gil_scoped_release release;
                    // GPU back-ends report their device times now, waiting for the device where needed.
                    rt::DeviceSpanSources::instance().flushAll();
                    trace::install(nullptr);
                    events = recorder().take();
                }
                py::object error = py::none();
                if(!path.is_none())
                {
                    try
                    {
                        trace::writeTextFile(
                            py::str(path).cast<std::string>(), trace::toChromeJson(events, originNs, processName));
                    }
                    catch(std::runtime_error const& e)
                    {
                        error = py::str(e.what());
                    }
                }
                py::list out;
                for(auto const& e : events)
                    out.append(py::make_tuple(
                        trace::opName(e.op),
                        e.name,
                        e.args,
                        e.bytes,
                        e.track,
                        e.trackLabel,
                        e.beginNs,
                        e.endNs,
                        e.thread,
                        e.submission));
                return py::make_tuple(out, error);
            },
            py::arg("path"),
            py::arg("process_name"),
            py::arg("origin_ns"),
            "Uninstalls the recorder, writes the Chrome trace-event JSON to path (unless None) and returns the "
            "records as tuples (kind, name, details, bytes, track, track_label, begin_ns, end_ns, thread, "
            "submission), and why the file could not be written (None when it was).");
        m.def("trace_enabled", &trace::enabled);
        m.def(
            "nvtx_available",
            [] { return rt::Nvtx::api() != nullptr; },
            "Whether an NVTX library was found (PYALPAKA_NVTX_LIBRARY, libnvtx3interop.so.1, libnvToolsExt.so.1).");
        m.def(
            "nvtx_push",
            [](std::string const& name)
            {
                if(auto const* api = rt::Nvtx::api())
                    api->rangePushA(name.c_str());
            },
            "Opens an NVTX range of the calling thread (nothing without an NVTX library).");
        m.def(
            "nvtx_pop",
            []
            {
                if(auto const* api = rt::Nvtx::api())
                    api->rangePop();
            },
            "Closes the calling thread's innermost NVTX range.");
        m.def("trace_now", &trace::now, "Nanoseconds of the clock every trace record uses.");
        m.def(
            "trace_record",
            [](std::string const& kind,
               std::string const& name,
               std::string const& details,
               std::int64_t beginNs,
               std::int64_t endNs,
               std::uint64_t bytes)
            {
                trace::Record r;
                r.op = opFromName(kind);
                r.name = name;
                r.args = details;
                r.bytes = bytes;
                r.beginNs = beginNs;
                r.endNs = endNs;
                trace::record(r);
            },
            py::arg("kind"),
            py::arg("name"),
            py::arg("details"),
            py::arg("begin_ns"),
            py::arg("end_ns"),
            py::arg("bytes") = 0,
            "Records work of the calling thread (a compilation) in the running trace; nothing when none runs.");
    }
} // namespace pyalpaka::bindings
