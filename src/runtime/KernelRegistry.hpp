// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The kernels compiled ahead of time into the extension: for each kernel family ("triad") the variants
//! (back-end, dimensionality, parameter types) and a launch function per variant. Back-end translation units fill
//! the registry; the bindings pick the variant that matches a call's queue, work division and arguments.

#include <cstddef>
#include <cstdint>
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

    //! How many elements each buffer argument of a shipped kernel must hold (KernelExtents.hpp).
    struct ExtentContract;

    //! Runs a variant: args[i] points to the value of parameter i (a pointer value for pointer parameters).
    using LaunchFn = void (*)(Queue& queue, WorkDiv const& workDiv, void const* const* args);

    struct KernelVariant
    {
        std::string backend;
        std::string kernelType; //!< the kernel's C++ type, "pyalpaka::kernels::Triad"
        std::size_t dim;
        std::vector<Param> params;
        LaunchFn launch;
        //! The sizes the buffer arguments must hold, checked before every launch; null: not checked.
        ExtentContract const* extents = nullptr;
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

    //! What a launch argument is, as far as checking it against a parameter goes: the bindings classify each Python
    //! value of a launch into one.
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
        //! The element type of a pointer, or the exact type of a NumPy scalar (numpyScalar true).
        DType dtype = DType::Float64;
        bool numpyScalar = false;
        void* pointer = nullptr;
        //! The bytes a pointer's elements span, [begin, end): where two pointers could reach the same memory.
        std::uintptr_t begin = 0;
        std::uintptr_t end = 0;
        bool readonly = false;
        bool contiguous = true;
        Device const* device = nullptr; //!< null for NumPy arrays (host memory)
    };

    //! Whether the arguments fit the parameter list: a pointer of the element type for a pointer parameter, an
    //! integer for an integer parameter, an integer or a real number for a floating-point one, a bool for bool, a
    //! struct value for a struct (its layout is checked when it is converted).
    [[nodiscard]] inline auto matches(std::vector<Param> const& params, ArgInfo const* infos, std::size_t count) -> bool
    {
        if(params.size() != count)
            return false;
        for(std::size_t i = 0; i < count; ++i)
        {
            auto const& p = params[i];
            auto const& a = infos[i];
            if(p.kind == ParamKind::Struct || a.kind == ArgInfo::Kind::Struct)
            {
                if(p.kind != ParamKind::Struct || a.kind != ArgInfo::Kind::Struct)
                    return false;
                continue;
            }
            if(p.kind != ParamKind::Scalar)
            {
                if(a.kind != ArgInfo::Kind::Pointer || a.dtype != p.dtype)
                    return false;
                continue;
            }
            auto const kind = info(p.dtype).kind;
            bool const ok = kind == 'b'   ? a.kind == ArgInfo::Kind::Boolean
                            : kind == 'f' ? a.kind == ArgInfo::Kind::Real || a.kind == ArgInfo::Kind::Integer
                            : kind == 'i' || kind == 'u' ? a.kind == ArgInfo::Kind::Integer
                                                         : false;
            if(!ok)
                return false;
        }
        return true;
    }

    //! The variant of a kernel family a launch takes, or why there is none.
    struct VariantChoice
    {
        enum class Failure : std::uint8_t
        {
            None,
            NotOnBackend, //!< the family is not compiled for the back-end
            OtherDim,     //!< no variant of the launch's dimensionality (expectedDim: one there is)
            NoMatch       //!< variants of the dimensionality exist (candidates), none takes the arguments
        };

        KernelVariant const* variant = nullptr;
        Failure failure = Failure::None;
        std::size_t expectedDim = 0;
        std::vector<KernelVariant const*> candidates;
    };

    //! The first variant of `variants` on `backend` with dimensionality `dim` that the arguments match.
    [[nodiscard]] inline auto chooseVariant(
        std::vector<KernelVariant> const& variants,
        std::string const& backend,
        std::size_t dim,
        ArgInfo const* infos,
        std::size_t count) -> VariantChoice
    {
        VariantChoice choice;
        bool onBackend = false;
        for(auto const& v : variants)
        {
            if(v.backend != backend)
                continue;
            if(!onBackend)
                choice.expectedDim = v.dim;
            onBackend = true;
            if(v.dim != dim)
                continue;
            if(matches(v.params, infos, count))
            {
                choice.variant = &v;
                choice.candidates.clear();
                return choice;
            }
            choice.candidates.push_back(&v);
        }
        choice.failure = !onBackend                  ? VariantChoice::Failure::NotOnBackend
                         : choice.candidates.empty() ? VariantChoice::Failure::OtherDim
                                                     : VariantChoice::Failure::NoMatch;
        return choice;
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
