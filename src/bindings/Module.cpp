// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The extension module pyalpaka._core: the runtime's types and functions, and the translation of its exceptions
//! (TypeMismatch -> TypeError, invalid_argument -> ValueError, OutOfMemory -> MemoryError, BackendUnavailable ->
//! pyalpaka.BackendUnavailableError, other runtime errors -> pyalpaka.Error).

#include <alpaka/core/Version.hpp>

#include "Common.hpp"
#include "Tracing.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        void bindErrors(py::module_& m)
        {
            static py::exception<std::runtime_error> error(m, "Error", PyExc_RuntimeError);
            error.doc() = "Base class of pyalpaka's own errors.";
            static py::exception<rt::BackendUnavailable> unavailable(m, "BackendUnavailableError", error.ptr());
            unavailable.doc() = "A back-end that this build lacks or that cannot run on this machine.";
            py::register_exception_translator(
                [](std::exception_ptr p)
                {
                    try
                    {
                        if(p)
                            std::rethrow_exception(p);
                    }
                    catch(py::builtin_exception const& e)
                    {
                        // pybind11's own exception types (index_error, buffer_error, ...) derive from
                        // std::runtime_error: without this they would surface as pyalpaka.Error below.
                        e.set_error();
                    }
                    catch(rt::TypeMismatch const& e)
                    {
                        PyErr_SetString(PyExc_TypeError, e.what());
                    }
                    catch(rt::OutOfMemory const& e)
                    {
                        PyErr_SetString(PyExc_MemoryError, e.what());
                    }
                    catch(rt::BackendUnavailable const& e)
                    {
                        PyErr_SetString(unavailable.ptr(), e.what());
                    }
                    catch(std::invalid_argument const& e)
                    {
                        PyErr_SetString(PyExc_ValueError, e.what());
                    }
                    catch(std::out_of_range const& e)
                    {
                        PyErr_SetString(PyExc_IndexError, e.what());
                    }
                    catch(std::runtime_error const& e)
                    {
                        PyErr_SetString(error.ptr(), e.what());
                    }
                });
        }
    } // namespace
} // namespace pyalpaka::bindings

PYBIND11_MODULE(_core, m)
{
    using namespace pyalpaka::bindings;
    m.doc() = "pyalpaka's compiled core: devices, queues, events, buffers, work divisions and kernels over the "
              "alpaka C++ library. Use it through the pyalpaka package.";
    m.attr("alpaka_version") = std::to_string(ALPAKA_VERSION_MAJOR) + "." + std::to_string(ALPAKA_VERSION_MINOR) + "."
                               + std::to_string(ALPAKA_VERSION_PATCH);
    bindErrors(m);
    bindDevices(m);
    bindQueues(m);
    bindBuffers(m);
    bindMemoryPools(m);
    bindCopies(m);
    bindDLPack(m);
    bindWorkDivs(m);
    bindKernels(m);
    bindJitKernels(m);
    bindPlannedCalls(m);
    bindTracing(m);
}
