// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.JitLauncher (the base class of pyalpaka.Kernel, JitLauncher.hpp) and _core.jit_argument_types.

#include "JitLauncher.hpp"

namespace pyalpaka::bindings
{
    void bindJitKernels(py::module_& m)
    {
        py::class_<JitLauncher>(
            m,
            "JitLauncher",
            "The launch path of pyalpaka.Kernel: argument types -> loaded entry (compiled on first use by the "
            "callback) -> launch.")
            .def(
                py::init<std::string, py::object, py::iterable const&>(),
                py::arg("name"),
                py::arg("compile"),
                py::arg("structs") = py::tuple(),
                "`structs`: (C++ name, structured dtype) pairs; a structured NumPy scalar or 0-d array of one of "
                "these dtypes is passed as that struct, by value.")
            // pyalpaka.Kernel derives from this class, so that a launch calls straight into C++.
            .def(
                "__call__",
                &JitLauncher::call,
                py::arg("queue"),
                py::arg("workdiv"),
                py::arg("cooperative") = false, // keyword-only: it follows the *args
                "Launches on `queue` with `workdiv` and the kernel arguments. cooperative=True runs every block at "
                "once, so that the kernel may call alpaka::syncGridThreads (at most max_active_blocks blocks).")
            .def(
                "_max_active_blocks",
                &JitLauncher::maxActiveBlocks,
                py::arg("device"),
                py::arg("block_threads"),
                py::arg("thread_elems"),
                "pyalpaka.max_active_blocks for this kernel.")
            .def_property_readonly("loaded_count", &JitLauncher::loadedCount, "Entries loaded in this process.");

        m.def(
            "jit_argument_types",
            [](py::args const& args)
            {
                py::tuple types(args.size());
                for(std::size_t i = 0; i < args.size(); ++i)
                {
                    auto const what = [&] { return "argument " + std::to_string(i + 1); };
                    types[i] = exactTypeName(exactParam(classifyNamed(args[i], what), args[i], what));
                }
                return types;
            },
            "The C++ types the JIT passes these Python values as (e.g. ('float*', 'std::int64_t')).");
    }
} // namespace pyalpaka::bindings
