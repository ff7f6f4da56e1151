// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.JitLauncher (the base class of pyalpaka.Kernel, JitLauncher.hpp) and _core.jit_argument_types.

#include "JitLauncher.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! JitLauncher.__call__(queue, workdiv, *args, cooperative=False).
        auto launchJit(py::handle self, FastArgs const& args) -> py::object
        {
            auto& launcher = *boundObject<JitLauncher>(self); // the method's descriptor checked self's type
            bool cooperative = false;
            for(std::size_t i = 0; i < args.keywordCount(); ++i)
            {
                if(args.keyword(i) != "cooperative")
                    throw rt::TypeMismatch(
                        launcher.name()
                        + "(queue, workdiv, *args, cooperative=False) got an unexpected keyword argument '"
                        + std::string(args.keyword(i)) + "'");
                auto const value = args.keywordValue(i);
                if(classify(value).kind != ArgInfo::Kind::Boolean) // bool or numpy.bool_, as a C++ bool parameter
                    throw rt::TypeMismatch(
                        launcher.name() + ": cooperative must be a bool, got " + py::repr(value).cast<std::string>());
                cooperative = PyObject_IsTrue(value.ptr()) == 1;
            }
            LaunchOperands const operands(args, launcher.name());
            launcher.call(operands.queue, operands.workDiv, args.from(2), cooperative);
            return py::none();
        }

        PyMethodDef launchJitMethod{
            "__call__",
            reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fastMethod<&launchJit>)),
            METH_FASTCALL | METH_KEYWORDS,
            "__call__($self, queue, workdiv, /, *args, cooperative=False)\n--\n\n"
            "Launches on `queue` with `workdiv` and the kernel arguments. cooperative=True runs every block at once, "
            "so that the kernel may call alpaka::syncGridThreads (at most max_active_blocks blocks)."};
    } // namespace

    void bindJitKernels(py::module_& m)
    {
        auto launcher
            = py::class_<JitLauncher>(
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
                  .def(
                      "_max_active_blocks",
                      &JitLauncher::maxActiveBlocks,
                      py::arg("device"),
                      py::arg("block_threads"),
                      py::arg("thread_elems"),
                      "pyalpaka.max_active_blocks for this kernel.")
                  .def_property_readonly("loaded_count", &JitLauncher::loadedCount, "Entries loaded in this process.");
        // pyalpaka.Kernel derives from this class, so that a launch calls straight into C++ (FastCall.hpp).
        defFastMethod(launcher, launchJitMethod);

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
