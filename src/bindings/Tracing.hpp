// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! How the kernel launchers describe a launch to a trace (called only while tracing is on: it costs microseconds).

#include <alpaka/trace/Trace.hpp>

#include <string>

#include "Common.hpp"

namespace pyalpaka::bindings
{
    //! "float32[1000], float32[1000], 0.5, 1000": the arguments of a launch as a trace shows them.
    auto describeArgs(py::args const& args) -> std::string;
    //! describeArgs appended to s.
    void appendArgs(std::string& s, py::args const& args);

    //! A kernel launch named `name` with its work division and arguments.
    auto describeKernelLaunch(std::string name, rt::WorkDiv const& workDiv, py::args const& args)
        -> alpaka::trace::Description;

} // namespace pyalpaka::bindings
