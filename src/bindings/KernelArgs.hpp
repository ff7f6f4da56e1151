// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Turning the Python arguments of a kernel launch into the typed values of a C++ parameter list: buffers and
//! (on host devices) NumPy arrays become pointers, numbers become the parameter's exact type after a range check.

#include <array>
#include <cstdint>

#include "Buffer.hpp"
#include "runtime/KernelRegistry.hpp"

namespace pyalpaka::bindings
{
    //! At most this many kernel arguments.
    inline constexpr std::size_t maxKernelArgs = 24;

    //! What a Python argument is, found once per launch.
    struct ArgInfo
    {
        enum class Kind : std::uint8_t
        {
            Pointer, //!< a Buffer or a NumPy array
            Integer, //!< int or a NumPy integer
            Real,    //!< float or a NumPy floating-point number
            Boolean, //!< bool or numpy.bool_
            Other
        };

        Kind kind = Kind::Other;
        //! The element type of a pointer, or the exact type of a NumPy scalar (numpySCalar true).
        rt::DType dtype = rt::DType::Float64;
        bool numpyScalar = false;
        void* pointer = nullptr;
        bool readonly = false;
        bool contiguous = true;
        rt::Device const* device = nullptr; //!< null for NumPy arrays (host memory)
    };

    //! Storage for one argument value, aligned for every parameter type.
    struct alignas(16) ArgSlot
    {
        std::array<std::byte, 16> bytes;
    };

    //! Classifies `arg`; TypeError for an array whose dtype kernels cannot take.
    auto classify(py::handle arg) -> ArgInfo;

    //! classify(arg), with `what()` ("argument 3 of pyalpaka.kernels.triad") in front of its TypeError; `what` is
    //! only called on that error, launches do not pay for the text.
    template<typename TWhat>
    auto classifyNamed(py::handle arg, TWhat const& what) -> ArgInfo
    {
        try
        {
            return classify(arg);
        }
        catch(rt::TypeMismatch const& e)
        {
            throw rt::TypeMismatch(what() + ": " + e.what());
        }
    }

    //! Whether the classified arguments fit the parameter list (pointer element types and number kinds).
    auto matches(std::vector<rt::Param> const& params, ArgInfo const* infos, std::size_t count) -> bool;

    //! Writes the value of argument `index` for `param` of a kernel on `device` into `slot`; raises
    //! TypeError/ValueError naming the argument.
    void convert(
        rt::Param const& param,
        ArgInfo const& info,
        py::handle arg,
        rt::Device const& device,
        std::string const& what,
        ArgSlot& slot);

    //! "float32 buffer", "int", "numpy.float64", ... for messages.
    auto describeArg(ArgInfo const& info, py::handle arg) -> std::string;
} // namespace pyalpaka::bindings
