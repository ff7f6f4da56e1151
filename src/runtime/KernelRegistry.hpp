// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The kernels compiled ahead of time into the extension: for each kernel family ("triad") the variants
//! (back-end, dimensionality, parameter types) and a launch function per variant. Back-end translation units fill
//! the registry; the bindings pick the variant that matches a call's queue, work division and arguments.

#include <map>
#include <string>
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
        Scalar        //!< T by value
    };

    struct Param
    {
        ParamKind kind;
        DType dtype;
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

    //! The parameter list as C++ would write it: "(float*, float const*, float, std::size_t)".
    [[nodiscard]] inline auto signature(std::vector<Param> const& params) -> std::string
    {
        std::string s = "(";
        for(std::size_t i = 0; i < params.size(); ++i)
        {
            auto const& p = params[i];
            std::string type(info(p.dtype).cppName);
            if(p.dtype == DType::UInt64 && p.kind == ParamKind::Scalar)
                type = "std::size_t";
            if(p.kind == ParamKind::ConstPointer)
                type += " const*";
            else if(p.kind == ParamKind::Pointer)
                type += "*";
            s += (i ? ", " : "") + type;
        }
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
