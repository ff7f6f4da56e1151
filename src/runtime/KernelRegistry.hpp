// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The kernels compiled ahead of time into the extension: for each kernel family ("triad") the variants
//! (back-end, dimensionality, parameter types) and a launch function per variant. Back-end translation units fill
//! the registry; the bindings pick the variant that matches a call's queue, work division and arguments.

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "DType.hpp"
#include "Runtime.hpp"
#include "WorkDiv.hpp"

namespace pyalpaka::rt
{
    //! How a kernel parameter is passed.
    enum class ParamKind : std::uint8_t
    {
        Pointer,      //!< T*: a buffer the kernel may write
        ConstPointer, //!< T const*: a buffer the kernel only reads
        Scalar,       //!< T by value
        Struct        //!< a C++ struct by value (Param::layout says which)
    };

    //! One field of a struct parameter: its name, its byte offset and its type.
    struct StructField
    {
        std::string_view name;
        std::size_t offset;
        DType dtype;
    };

    //! The layout of a C++ struct a kernel takes by value, for checking and describing the Python value passed for
    //! it (a NumPy structured scalar): AotLaunch.hpp's StructLayoutOf builds it from the struct itself.
    struct StructLayout
    {
        std::string_view cppName; //!< qualified: "pyalpaka::kernels::HeatParams"
        std::size_t size;
        std::size_t alignment;
        std::span<StructField const> fields; //!< in the order of their offsets

        //! The name without its namespaces, as parameter lists show it.
        [[nodiscard]] constexpr auto name() const -> std::string_view
        {
            auto const colons = cppName.rfind("::");
            return colons == std::string_view::npos ? cppName : cppName.substr(colons + 2);
        }
    };

    struct Param
    {
        ParamKind kind;
        DType dtype;                          //!< the element or value type; unused for Struct
        StructLayout const* layout = nullptr; //!< for Struct: the struct's layout
    };

    //! Runs a variant: args[i] points to the value of parameter i (a pointer value for pointer parameters).
    using LaunchFn = void (*)(Queue& queue, WorkDiv const& workDiv, void const* const* args);

    struct KernelVariant
    {
        std::string backend;
        std::size_t dim;
        std::vector<Param> params;
        LaunchFn launch;
    };

    //! A parameter's C++ type: "float const*", "std::size_t", a struct by its unqualified name ("HeatParams"), or by
    //! its qualified one for code outside the kernels' namespace.
    [[nodiscard]] inline auto cppType(Param const& p, bool qualified = false) -> std::string
    {
        if(p.kind == ParamKind::Struct)
            return std::string(qualified ? p.layout->cppName : p.layout->name());
        if(p.kind == ParamKind::Scalar)
            return p.dtype == DType::UInt64 ? "std::size_t" : std::string(info(p.dtype).cppName);
        return std::string(info(p.dtype).cppName) + (p.kind == ParamKind::ConstPointer ? " const*" : "*");
    }

    //! The parameter list as C++ would write it: "(float*, float const*, float, std::size_t)".
    [[nodiscard]] inline auto signature(std::vector<Param> const& params) -> std::string
    {
        std::string s = "(";
        for(std::size_t i = 0; i < params.size(); ++i)
            s += (i ? ", " : "") + cppType(params[i]);
        return s + ")";
    }

    class KernelRegistry
    {
    public:
        void add(std::string const& family, KernelVariant variant)
        {
            m_families[family].push_back(std::move(variant));
        }

        [[nodiscard]] auto families() const -> std::map<std::string, std::vector<KernelVariant>> const&
        {
            return m_families;
        }

    private:
        std::map<std::string, std::vector<KernelVariant>> m_families;
    };

    //! The registry of this build's ahead-of-time kernels.
    [[nodiscard]] auto aotKernels() -> KernelRegistry&;
} // namespace pyalpaka::rt
