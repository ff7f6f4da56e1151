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
#include <optional>

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
            Struct,  //!< a NumPy structured scalar (numpy.void) or 0-d structured array
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

    //! The structured dtype of a structured NumPy scalar (numpy.void) or array, none for any other value.
    auto structuredDType(py::handle arg) -> std::optional<py::dtype>;

    //! The NumPy structured dtype with the layout of a C++ struct (made once per layout).
    auto structDType(rt::StructLayout const& layout) -> py::dtype;

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

    //! Writes the value of argument `index` for `param` of a kernel on `device` into `values`; raises
    //! TypeError/ValueError naming the argument (`what`).
    void convert(
        rt::Param const& param,
        ArgInfo const& info,
        py::handle arg,
        rt::Device const& device,
        std::string const& what,
        ArgValues& values,
        std::size_t index);

    //! "float32 buffer", "int", "numpy.float64", ... for messages.
    auto describeArg(ArgInfo const& info, py::handle arg) -> std::string;
} // namespace pyalpaka::bindings
