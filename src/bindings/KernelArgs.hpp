// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Turning the Python arguments of a kernel launch into the typed values of a C++ parameter list: buffers and
//! (on host devices) NumPy arrays become pointers, numbers become the parameter's exact type after a range check,
//! NumPy structured scalars become the bytes of a struct whose layout their dtype has.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "Buffer.hpp"
#include "runtime/KernelRegistry.hpp"

namespace pyalpaka::bindings
{
    //! At most this many kernel arguments.
    inline constexpr std::size_t maxKernelArgs = 24;

    //! What a Python argument is, found once per launch (src/runtime/KernelRegistry.hpp).
    using ArgInfo = rt::ArgInfo;

    //! Storage for one argument value, aligned for every parameter type.
    struct alignas(16) ArgSlot
    {
        std::array<std::byte, 16> bytes;
    };

    //! The values of one launch's arguments: a slot each, and storage of its own for a struct larger than a slot.
    class ArgValues
    {
    public:
        [[nodiscard]] auto slot(std::size_t i) -> ArgSlot&
        {
            return m_slots[i];
        }

        //! Storage for a value of `size` bytes as argument `i` (aligned as a slot).
        auto storage(std::size_t i, std::size_t size) -> std::byte*
        {
            if(size <= sizeof(ArgSlot))
                return m_slots[i].bytes.data();
            m_large[i] = std::make_unique<ArgSlot[]>((size + sizeof(ArgSlot) - 1) / sizeof(ArgSlot));
            return m_large[i][0].bytes.data();
        }

        //! Where the value of argument `i` is.
        [[nodiscard]] auto value(std::size_t i) const -> void const*
        {
            return m_large[i] ? m_large[i][0].bytes.data() : m_slots[i].bytes.data();
        }

    private:
        std::array<ArgSlot, maxKernelArgs> m_slots;
        std::array<std::unique_ptr<ArgSlot[]>, maxKernelArgs> m_large{};
    };

    //! Argument `i` of a launch, borrowed from the arguments' tuple: args[i] would check the index and make a new
    //! reference on each use.
    [[nodiscard]] inline auto argAt(py::args const& args, std::size_t i) -> py::handle
    {
        return PyTuple_GET_ITEM(args.ptr(), static_cast<Py_ssize_t>(i));
    }

    //! The classification of an argument whose type alone says what it is (a Python int, float or bool, a NumPy
    //! number of a type seen before), or null: a type comparison or two, no Python call.
    auto classifiedByType(py::handle arg) -> ArgInfo const*;

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

    //! How messages name a kernel argument ("argument 2 of pyalpaka.kernels.axpy"): the text is built only when a
    //! message needs it, since a launch converting four arguments must not format four strings.
    struct ArgName
    {
        std::size_t number; //!< from 1
        std::string_view prefix;
        std::string_view kernel;

        [[nodiscard]] auto str() const -> std::string
        {
            std::string text = "argument " + std::to_string(number) + " of ";
            text += prefix;
            text += kernel;
            return text;
        }
    };

    //! Writes the value of argument `index` for `param` of a kernel on `device` into `values`; raises
    //! TypeError/ValueError naming the argument (`what`).
    void convert(
        rt::Param const& param,
        ArgInfo const& info,
        py::handle arg,
        rt::Device const& device,
        ArgName const& what,
        ArgValues& values,
        std::size_t index);

    //! The exact C++ parameter a Python argument maps to; `what()` names the argument in the TypeError of a value
    //! that is no kernel argument ("argument 2 of Scale").
    template<typename TWhat>
    auto
    exactParam(ArgInfo const& info, py::handle arg, TWhat const& what, std::string const& structsHint = {}) -> rt::Param
    {
        switch(info.kind)
        {
            case ArgInfo::Kind::Pointer:
                return {info.readonly ? rt::ParamKind::ConstPointer : rt::ParamKind::Pointer, info.dtype};
            case ArgInfo::Kind::Integer:
                return {rt::ParamKind::Scalar, info.numpyScalar ? info.dtype : rt::DType::Int64};
            case ArgInfo::Kind::Real:
                return {rt::ParamKind::Scalar, info.numpyScalar ? info.dtype : rt::DType::Float64};
            case ArgInfo::Kind::Boolean:
                return {rt::ParamKind::Scalar, rt::DType::Bool};
            default:
                throw rt::TypeMismatch(
                    what() + " is " + py::repr(py::type::of(arg)).cast<std::string>()
                    + "; kernels take pyalpaka Buffers, NumPy arrays (CPU devices), NumPy scalars, int, float and "
                      "bool"
                    + structsHint);
        }
    }

    //! The C++ spelling of an exact parameter type ("float const*", "std::int64_t"), as run-time compilation
    //! instantiates the kernel with it.
    auto exactTypeName(rt::Param const& p) -> std::string;

    //! "float32 buffer", "int", "numpy.float64", ... for messages.
    auto describeArg(ArgInfo const& info, py::handle arg) -> std::string;
} // namespace pyalpaka::bindings
