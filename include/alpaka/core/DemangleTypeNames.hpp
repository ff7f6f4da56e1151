// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! core::demangled<T>: a readable name of a type, for messages and getAccName.

#include "alpaka/core/Message.hpp"

#include <string>
#include <typeinfo>
#if __has_include(<cxxabi.h>)
#    include <cstdlib>

#    include <cxxabi.h>
#endif

namespace alpaka::core
{
    //! The readable form of a name from std::type_info::name() (the name itself where it cannot be demangled). Not a
    //! template: one copy per program, whatever the number of types named.
    ALPAKA_MESSAGE_FN inline auto demangle(char const* mangled) -> std::string
    {
#if __has_include(<cxxabi.h>)
        int status = 0;
        // Owned by a plain guard rather than std::unique_ptr<char, void (*)(void*)>: this header is in every unit.
        struct Freed
        {
            char* text;

            ~Freed()
            {
                std::free(text);
            }
        } const readable{abi::__cxa_demangle(mangled, nullptr, nullptr, &status)};
        if(status == 0 && readable.text != nullptr)
            return readable.text;
#endif
        return mangled;
    }

    template<typename T>
    [[nodiscard]] inline auto demangledName() -> std::string
    {
        return demangle(typeid(T).name());
    }

    //! The demangled name of T, computed once. A std::string as in upstream 1.x, so `.c_str()` and string operations
    //! work; upstream 2.0 made it a constexpr std::string_view, which would break them (1.x wins,
    //! docs/migrating.md#upstream-2x-names).
    template<typename T>
    inline std::string const demangled = demangledName<T>();
} // namespace alpaka::core
